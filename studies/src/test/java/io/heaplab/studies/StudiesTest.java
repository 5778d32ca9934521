package io.heaplab.studies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.SpecException;
import io.heaplab.studies.kit.Arguments;
import io.heaplab.studies.kit.ParameterException;
import io.heaplab.studies.kit.Seeds;
import io.heaplab.studies.kit.Settings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The studies found on the class path, each run small through the same steps the command takes. */
class StudiesTest {

    private static final Studies STUDIES = Studies.load();

    @Test
    void everyPaperIsFoundByNameAndAnUnknownOneNamesTheKnown() {
        assertThat(STUDIES.names()).contains("brent", "purdom");
        assertThat(STUDIES.find("brent").defaultSeeds()).isEqualTo(1);
        assertThatThrownBy(() -> STUDIES.find("knuth")).isInstanceOf(SpecException.class)
                .hasMessageStartingWith("unknown study 'knuth' (expected: one of ").hasMessageContaining("brent, ");
    }

    @Test
    void everyStudyDescribesItselfAndItsParameters() {
        for (Study study : STUDIES.all()) {
            assertThat(study.description()).as(study.name()).isNotBlank().doesNotContain("\n");
            assertThat(study.parameters()).as(study.name()).isNotEmpty()
                    .allSatisfy(p -> assertThat(p.description()).isNotBlank());
        }
    }

    private static Outcome run(Study study, int threads, AtomicInteger steps) {
        Reproduction reproduction = study.prepare(new Settings(new Seeds(1, 2), threads),
                Arguments.of(study.parameters(), study.smallArguments()));
        Plugins plugins = Plugins.load();
        reproduction.check(plugins);
        Outcome outcome = reproduction.run(plugins, steps::incrementAndGet);
        assertThat(steps.get()).isEqualTo(reproduction.size());
        return outcome;
    }

    @Test
    void everyStudyRunsSmallIntoTablesClaimsAndTheSameFileWhateverTheThreads() throws IOException {
        for (Study study : STUDIES.all()) {
            Outcome one = run(study, 1, new AtomicInteger());
            Outcome two = run(study, 2, new AtomicInteger());
            assertThat(two.json()).as(study.name()).isEqualTo(one.json());
            assertThat(one.csv().isPresent()).as(study.name()).isEqualTo(study.writesCsv());
            one.csv().ifPresent(csv -> assertThat(two.csv().orElseThrow()).as(study.name()).isEqualTo(csv));
            assertThat(one.failed()).isEmpty();
            JsonNode document = new ObjectMapper().readTree(one.json());
            assertThat(document.path("experiment").asText()).isEqualTo(study.name());
            assertThat(document.path("claims")).hasSize(one.claims().size());
            assertThat(one.claims()).isNotEmpty().anyMatch(c -> c.published() != null);
            StringWriter text = new StringWriter();
            one.print(new PrintWriter(text));
            assertThat(text.toString()).contains(one.claims().getFirst().claim());
        }
    }

    @Test
    void aBadValueIsAParameterErrorBeforeAnythingRuns() {
        Study brent = STUDIES.find("brent");
        Settings settings = new Settings(new Seeds(1, 1), 1);
        assertThatThrownBy(() -> brent.prepare(settings, Arguments.of(brent.parameters(),
                Map.of("strategies", "stack,mru")))).isInstanceOf(ParameterException.class)
                .hasMessageStartingWith("strategies stack,mru lacks random");
        assertThatThrownBy(() -> brent.prepare(settings, Arguments.of(brent.parameters(),
                Map.of("strategies", "random,stack,random")))).hasMessage("strategies 'random' given twice"
                + " (expected: each once)");
        Study purdom = STUDIES.find("purdom");
        assertThatThrownBy(() -> purdom.prepare(settings, Arguments.of(purdom.parameters(), Map.of("tables", "4"))))
                .isInstanceOf(ParameterException.class).hasMessage("tables [4] (expected: some of 1, 2, 3)");
        assertThatThrownBy(() -> purdom.prepare(settings, Arguments.of(purdom.parameters(),
                Map.of("first-fit", "first-fit:order")))).isInstanceOf(ParameterException.class)
                .hasMessageStartingWith("first-fit 'first-fit:order' is not a spec: ");
    }
}
