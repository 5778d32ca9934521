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

class PolicyProvidersTest {

    private static final long[] CLASSIC = reads(7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1);

    static PagingSimulator create(String spec) {
        Spec parsed = Spec.parse(spec);
        ReplacementPolicyProvider provider = Plugins.load().policies().find(parsed.name());
        return provider.create(Options.bind(provider, parsed));
    }

    @Test
    void lruForAllFramesGivesTheCurve() {
        assertThat(run(create("lru:frames=all"), CLASSIC))
                .extracting(o -> ((PagingOutcome.Curve) o).faults()).isEqualTo(new long[] {20, 17, 12, 8, 7, 6});
    }

    @Test
    void lruForSomeFramesGivesTheirFaults() {
        assertThat(run(create("lru:frames=3"), CLASSIC)).isEqualTo(new PagingOutcome.Faults(12, java.util.Map.of(PagingOutcome.WRITE_BACKS, 0L)));
    }

    @Test
    void wsclockTakesFramesAndWindow() {
        PagingOutcome outcome = run(create("wsclock:frames=3,theta=700000"), CLASSIC);
        assertThat(outcome).isInstanceOfSatisfying(PagingOutcome.Faults.class, f -> assertThat(f.measures())
                .containsOnlyKeys("writeBacks", "meanPointerTravel", "overcommitments"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "lru                          | lru: option 'frames' is required",
        "lru:frames=0                 | lru: frames=0 (expected: a positive integer or 'all')",
        "lru:frames=most              | lru: frames=most (expected",
        "lru:frame=3                  | lru: unknown option 'frame' (expected one of: frames, threads, sample)",
        "lru:frames=all,threads=3     | lru: threads=3 (expected: 1..2)",
        "lru:frames=4,threads=2       | lru: threads=2 (expected: 1 unless frames=all",
        "wsclock:frames=3             | wsclock: option 'theta' is required",
        "wsclock:frames=all,theta=5   | wsclock: frames=all (expected: a positive integer)",
        "wsclock:frames=3,theta=-1    | wsclock: theta=-1 (expected",
    })
    void badOptionsAreNamed(String spec, String message) {
        assertThatThrownBy(() -> create(spec)).isInstanceOf(SpecException.class).hasMessageStartingWith(message);
    }
}
