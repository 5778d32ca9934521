package io.heaplab.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WarmupBoundaryTest {

    @Test
    void aBatchBeforeTheBoundaryIsPassedOnAsItCame() {
        RecordingSink sink = new RecordingSink();
        long[] runs = {PageRun.pack(1, 2, false), PageRun.pack(2, 3, true)};
        new WarmupBoundary(sink, 6).accept(runs, 2);
        assertThat(sink.batches).isEqualTo(1);
        assertThat(sink.runs.toLongArray()).containsExactly(runs);
        assertThat(sink.measuredFrom).isEqualTo(-1);
    }

    @Test
    void aRunAcrossTheBoundaryIsCutIntoTwoRunsOfItsPage() {
        RecordingSink sink = new RecordingSink();
        WarmupBoundary warmup = new WarmupBoundary(sink, 4);
        // 2 references to page 1, then 3 writes to page 2: the boundary falls after the second write
        warmup.accept(new long[] {PageRun.pack(1, 2, false), PageRun.pack(2, 3, true)}, 2);
        warmup.accept(new long[] {PageRun.pack(7, 1, false)}, 1);
        assertThat(sink.runs.toLongArray()).containsExactly(PageRun.pack(1, 2, false), PageRun.pack(2, 2, true),
                PageRun.pack(2, 1, true), PageRun.pack(7, 1, false));
        assertThat(sink.measuredFrom).isEqualTo(2);
        assertThat(sink.batches).isEqualTo(3);
    }

    @Test
    void aBoundaryAtTheEndOfARunCutsNoRun() {
        RecordingSink sink = new RecordingSink();
        WarmupBoundary warmup = new WarmupBoundary(sink, 2);
        warmup.accept(new long[] {PageRun.pack(1, 2, false), PageRun.pack(2, 3, true)}, 2);
        assertThat(sink.runs.toLongArray()).containsExactly(PageRun.pack(1, 2, false), PageRun.pack(2, 3, true));
        assertThat(sink.measuredFrom).isEqualTo(1);
    }

    @Test
    void theTallyBehindItMeasuresFromTheWarmup() {
        ReferenceTally tally = new ReferenceTally();
        WarmupBoundary warmup = new WarmupBoundary(tally, 3);
        warmup.accept(new long[] {PageRun.pack(1, 2, false), PageRun.pack(2, 3, true)}, 2);
        assertThat(tally.measuredFrom()).isEqualTo(3);
        assertThat(tally.references()).isEqualTo(5);
        assertThat(tally.runs()).isEqualTo(3); // the cut run counts twice
    }
}
