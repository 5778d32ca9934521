package io.heaplab.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Accounting;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.Fragmentation;
import io.heaplab.core.spi.SpaceMeasures;
import io.heaplab.core.spi.Timeline;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SequencedMap;
import org.junit.jupiter.api.Test;

class PagingResultsTest {

    private static final PagingOutcome.Curve CURVE = PagingOutcome.Curve.ofFrames(new long[] {9, 5, 3},
            new long[] {1, 1, 0}, new double[] {1, 2, 3}, 20);
    private static final PagingOutcome.Faults COUNT = new PagingOutcome.Faults(5, Map.of(PagingOutcome.WRITE_BACKS, 1L));

    private static RunResult run(SequencedMap<String, PagingOutcome> paging) {
        return new RunResult("w", "a", 64, 1, 20, 0, 0, 3, 3, 3, 0, 0, 0, 0, 0, new SpaceMeasures(-1, 0, Double.NaN, Double.NaN), Fragmentation.NONE, Timeline.EMPTY, paging, Accounting.WORKLOAD, null, 0);
    }

    private static RunResult both() {
        SequencedMap<String, PagingOutcome> paging = new LinkedHashMap<>();
        paging.put("lru:frames=all", CURVE);
        paging.put("lru:frames=2", COUNT);
        return run(paging);
    }

    @Test
    void aCurveAndACountComeTypedWithoutACast() {
        RunResult run = both();
        assertThat(run.curve("lru:frames=all")).isSameAs(CURVE);
        assertThat(run.curve("lru:frames=all").faultsAt(2)).isEqualTo(5);
        assertThat(run.faults("lru:frames=2")).isEqualTo(5);
        assertThat(run.counts("lru:frames=2").measures()).containsEntry(PagingOutcome.WRITE_BACKS, 1L);
        assertThat(run.outcome("lru:frames=2")).isSameAs(COUNT);
    }

    @Test
    void aPolicyIsFoundByItsSpecWhateverTheSpaces() {
        assertThat(both().curve(" lru: frames = all ")).isSameAs(CURVE);
    }

    @Test
    void theWrongKindOrAPolicyNotRunFailsWithOneLineNamingIt() {
        RunResult run = both();
        assertThatThrownBy(() -> run.faults("lru:frames=all")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("policy 'lru:frames=all' gave a curve of 3 points, not one fault count (expected: "
                        + "curve('lru:frames=all').faultsAt(size), or a one-size policy such as lru:frames=100)");
        assertThatThrownBy(() -> run.curve("lru:frames=2")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("policy 'lru:frames=2' gave one fault count, 5, not a curve (expected: a whole-curve "
                        + "policy such as lru:frames=all or ws:theta=all)");
        assertThatThrownBy(() -> run.curve("fifo:frames=2")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("policy 'fifo:frames=2' was not run (expected one of: lru:frames=all, lru:frames=2)");
        assertThatThrownBy(() -> run.faults("not a spec")).hasMessageStartingWith("policy 'not a spec' was not run");
        assertThatThrownBy(() -> run(new LinkedHashMap<>()).faults("lru:frames=2"))
                .hasMessage("policy 'lru:frames=2' was not run (expected one of: none, no policy was run)");
    }
}
