package io.heaplab.paging;

import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The window policies {@code ws}, {@code vmin} and {@code pff} through ServiceLoader and their spec strings. */
class WindowPolicyProvidersTest {

    private static final long[] CLASSIC = reads(7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1);

    static PagingSimulator create(String spec) {
        Spec parsed = Spec.parse(spec);
        ReplacementPolicyProvider provider = Plugins.load().policies().find(parsed.name());
        return provider.create(Options.bind(provider, parsed));
    }

    @Test
    void aWindowGivesFaultsWithTheirMeasures() {
        for (String spec : new String[] {"ws:theta=3", "vmin:theta=3", "pff:threshold=3"}) {
            assertThat(run(create(spec), CLASSIC)).as(spec).isInstanceOfSatisfying(PagingOutcome.Faults.class,
                    f -> assertThat(f.measures()).containsOnlyKeys("writeBacks", "meanResident", "spaceTime"));
        }
    }

    @Test
    void allWindowsGiveAWindowCurveWhoseFaultsAgreeWithOneWindow() {
        PagingOutcome.Curve ws = (PagingOutcome.Curve) run(create("ws:theta=all"), CLASSIC);
        PagingOutcome.Curve vmin = (PagingOutcome.Curve) run(create("vmin:theta=all"), CLASSIC);
        assertThat(ws.axis()).isEqualTo(PagingOutcome.Curve.Axis.WINDOW);
        assertThat(vmin.axis()).isEqualTo(PagingOutcome.Curve.Axis.WINDOW);
        for (int theta = 1; theta <= 25; theta++) {
            long one = ((PagingOutcome.Faults) run(create("ws:theta=" + theta), CLASSIC)).faults();
            assertThat(ws.faultsAt(theta)).as("theta %d", theta).isEqualTo(one);
            assertThat(vmin.faultsAt(theta)).as("theta %d", theta).isEqualTo(one);
        }
    }

    @Test
    void aWindowLongerThanAnIntIsAccepted() {
        assertThat(run(create("ws:theta=9000000000"), CLASSIC)).isInstanceOf(PagingOutcome.Faults.class);
        assertThat(run(create("pff:threshold=9000000000"), CLASSIC)).isInstanceOf(PagingOutcome.Faults.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "ws                     | ws: option 'theta' is required",
        "ws:theta=0             | ws: theta=0 (expected: a positive integer or 'all')",
        "ws:theta=every         | ws: theta=every (expected: a positive integer or 'all')",
        "ws:window=3            | ws: unknown option 'window' (expected one of: theta)",
        "vmin                   | vmin: option 'theta' is required",
        "vmin:tau=3             | vmin: unknown option 'tau' (expected one of: theta)",
        "vmin:theta=-2          | vmin: theta=-2 (expected: a positive integer or 'all')",
        "pff                    | pff: option 'threshold' is required",
        "pff:threshold=all      | pff: threshold=all (expected: a positive integer)",
        "pff:threshold=0        | pff: threshold=0 (expected: a positive integer)",
        "pff:theta=3            | pff: unknown option 'theta' (expected one of: threshold)",
    })
    void badOptionsAreNamed(String spec, String message) {
        assertThatThrownBy(() -> create(spec)).isInstanceOf(SpecException.class).hasMessageStartingWith(message);
    }
}
