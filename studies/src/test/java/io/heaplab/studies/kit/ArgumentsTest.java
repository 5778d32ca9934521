package io.heaplab.studies.kit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArgumentsTest {

    private static final List<Parameter> PARAMETERS = List.of(new Parameter("tridiag-n", "N", "128", "Order."),
            new Parameter("tables", "N[,N...]", "1,2,3", "Tables."), new Parameter("first-fit", "SPEC", "first-fit",
                    "Strategy."));

    @Test
    void givenValuesOverrideTheDefaultsAndReadAsTheirTypes() {
        Arguments arguments = Arguments.of(PARAMETERS, Map.of("tables", "2, 3"));
        assertThat(arguments.integer("tridiag-n")).isEqualTo(128);
        assertThat(arguments.integers("tables")).containsExactly(2, 3);
        assertThat(arguments.text("first-fit")).isEqualTo("first-fit");
    }

    @Test
    void aValueThatDoesNotReadNamesTheParameterAndWhatWasExpected() {
        Arguments arguments = Arguments.of(PARAMETERS, Map.of("tridiag-n", "big", "tables", "1,x"));
        assertThatThrownBy(() -> arguments.integer("tridiag-n")).isInstanceOf(ParameterException.class)
                .hasMessage("tridiag-n 'big' (expected: an integer)");
        assertThatThrownBy(() -> arguments.integers("tables"))
                .hasMessage("tables '1,x' (expected: integers separated by commas)");
    }

    @Test
    void anUnknownParameterIsAProgrammingErrorNamingTheKnownOnes() {
        assertThatThrownBy(() -> Arguments.of(PARAMETERS, Map.of("bogus", "1")))
                .hasMessage("unknown parameter 'bogus' (expected: one of tridiag-n, tables, first-fit)");
        assertThatThrownBy(() -> new Parameter("Tridiag_N", "N", "1", "x"))
                .hasMessageContaining("lower-case words joined by hyphens");
    }
}
