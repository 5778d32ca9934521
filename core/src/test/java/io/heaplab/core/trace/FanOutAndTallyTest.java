package io.heaplab.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FanOutAndTallyTest {

    private static final long[] RUNS = {PageRun.pack(3, 2, false), PageRun.pack(70, 1, true),
        PageRun.pack(3, 5, true), PageRun.pack(0, 1, false)};

    @Test
    void everySinkSeesEveryBatchTheMeasuredPhaseAndTheEndInOrder() {
        RecordingSink first = new RecordingSink();
        RecordingSink second = new RecordingSink();
        FanOut fanOut = new FanOut(List.of(first, second));
        fanOut.accept(RUNS, 2);
        fanOut.startMeasuring();
        fanOut.accept(new long[] {RUNS[2], RUNS[3]}, 2);
        fanOut.finish();
        for (RecordingSink sink : List.of(first, second)) {
            assertThat(sink.runs.toLongArray()).containsExactly(RUNS);
            assertThat(sink.batches).isEqualTo(2);
            assertThat(sink.measuredFrom).isEqualTo(2);
            assertThat(sink.finished).isTrue();
        }
    }

    @Test
    void oneSinkIsHandedBatchesDirectlyAndSeveralThroughAFanOut() {
        RecordingSink one = new RecordingSink();
        assertThat(FanOut.of(List.of(one))).isSameAs(one);
        assertThat(FanOut.of(List.of(one, new RecordingSink()))).isInstanceOf(FanOut.class);
        assertThat(FanOut.of(List.of())).isInstanceOf(FanOut.class);
    }

    @Test
    void aTallyCountsReferencesRunsWritesAndDistinctPages() {
        ReferenceTally tally = new ReferenceTally();
        tally.accept(RUNS, 2);
        tally.startMeasuring();
        tally.accept(new long[] {RUNS[2], RUNS[3]}, 2);
        assertThat(tally.references()).isEqualTo(9);
        assertThat(tally.runs()).isEqualTo(4);
        assertThat(tally.writeRuns()).isEqualTo(2);
        assertThat(tally.distinctPages()).isEqualTo(3);
        assertThat(tally.measuredFrom()).isEqualTo(3);
    }

    @Test
    void aTallyWithoutAMeasuredPhaseMeasuresFromTheStart() {
        ReferenceTally tally = new ReferenceTally();
        tally.accept(RUNS, RUNS.length);
        assertThat(tally.measuredFrom()).isZero();
    }

    @Test
    void aTallyOfDensePagesCountsThemByTheirNumbersAsTheSetDoes() {
        // pages numbered as they first come: 0, 1, 0, 2, 1, 3
        long[] dense = {PageRun.pack(0, 1, false), PageRun.pack(1, 2, true), PageRun.pack(0, 1, false),
            PageRun.pack(2, 1, false), PageRun.pack(1, 1, false), PageRun.pack(3, 4, true)};
        ReferenceTally byNumber = ReferenceTally.ofDensePages();
        ReferenceTally bySet = new ReferenceTally();
        for (ReferenceTally tally : List.of(byNumber, bySet)) {
            tally.accept(dense, 3);
            assertThat(tally.distinctPages()).isEqualTo(2);
            tally.accept(java.util.Arrays.copyOfRange(dense, 3, 6), 3);
        }
        assertThat(byNumber.distinctPages()).isEqualTo(bySet.distinctPages()).isEqualTo(4);
        assertThat(byNumber.references()).isEqualTo(bySet.references()).isEqualTo(10);
    }
}
