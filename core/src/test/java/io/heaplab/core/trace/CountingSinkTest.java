package io.heaplab.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.junit.jupiter.api.Test;

class CountingSinkTest {

    @Test
    void theListenerHearsTheReferencesSoFarAfterEachBatchAndTheBatchesPassOnWhole() {
        RecordingSink next = new RecordingSink();
        LongArrayList heard = new LongArrayList();
        ReferenceSink counting = CountingSink.around(next, heard::add);
        // runs of 3 and 2 references, then one of 5: virtual time advances by each run's count
        counting.accept(new long[] {PageRun.pack(7, 3, false), PageRun.pack(8, 2, true)}, 2);
        counting.startMeasuring();
        counting.accept(new long[] {PageRun.pack(7, 5, false), 99}, 1);
        counting.finish();
        assertThat(heard.toLongArray()).containsExactly(5L, 10L);
        assertThat(next.runs.toLongArray()).containsExactly(PageRun.pack(7, 3, false), PageRun.pack(8, 2, true),
                PageRun.pack(7, 5, false));
        assertThat(next.batches).isEqualTo(2);
        assertThat(next.measuredFrom).isEqualTo(2);
        assertThat(next.finished).isTrue();
    }

    @Test
    void phasesPassOnWithTheRuns() {
        int[][] seen = new int[1][];
        ReferenceSink next = new ReferenceSink() {
            @Override
            public void accept(long[] runs, int length) {
                throw new AssertionError("the phases were dropped");
            }

            @Override
            public void accept(long[] runs, int[] phases, int length) {
                seen[0] = java.util.Arrays.copyOf(phases, length);
            }
        };
        LongArrayList heard = new LongArrayList();
        CountingSink.around(next, heard::add).accept(new long[] {PageRun.pack(1, 4, false)}, new int[] {3}, 1);
        assertThat(seen[0]).containsExactly(3);
        assertThat(heard.toLongArray()).containsExactly(4L);
    }
}
