package io.heaplab.paging.fifo;

import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.testkit.FixedMemoryContract;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FifoTest extends FixedMemoryContract {

    /** The textbook string (Silberschatz &amp; Galvin). */
    static final int[] CLASSIC = {7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1};

    @Override
    protected PagingSimulator create(int frames) {
        return new Fifo(frames);
    }

    static PagingOutcome.Faults fifo(int frames, long... runs) {
        return (PagingOutcome.Faults) run(new Fifo(frames), runs);
    }

    @Test
    void theClassicStringFaultsFifteenTimesInThreeFrames() {
        // 3 frames, memory oldest first after each reference (* = fault):
        //  7*[7]  0*[7 0]  1*[7 0 1]  2*[0 1 2]  0 [0 1 2]  3*[1 2 3]  0*[2 3 0]  4*[3 0 4]  2*[0 4 2]  3*[4 2 3]
        //  0*[2 3 0]  3 [2 3 0]  2 [2 3 0]  1*[3 0 1]  2*[0 1 2]  0 [0 1 2]  1 [0 1 2]  7*[1 2 7]  0*[2 7 0]
        //  1*[7 0 1]                                                    -> 15 faults (LRU: 12)
        assertThat(fifo(3, reads(CLASSIC)).faults()).isEqualTo(15);
        // 4 frames: 7 0 1 2 fill; 3* out 7; 4* out 0; 0* out 1; 1* out 2; 2* out 3; 7* out 4 -> 10
        assertThat(fifo(4, reads(CLASSIC)).faults()).isEqualTo(10);
    }

    @Test
    void moreFramesCanFaultMore() {
        // Belady's anomaly (Belady, Nelson & Shedler 1969), oldest first:
        //  3 frames: 1* 2* 3* 4*[2 3 4] 1*[3 4 1] 2*[4 1 2] 5*[1 2 5] 1 2 3*[2 5 3] 4*[5 3 4] 5     -> 9
        //  4 frames: 1* 2* 3* 4* 1 2 5*[2 3 4 5] 1*[3 4 5 1] 2*[4 5 1 2] 3*[5 1 2 3] 4*[1 2 3 4] 5*[2 3 4 5] -> 10
        long[] belady = reads(1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5);
        assertThat(fifo(3, belady).faults()).isEqualTo(9);
        assertThat(fifo(4, belady).faults()).isEqualTo(10);
    }

    @Test
    void evictsTheFirstLoadedEvenIfJustUsedAndWritesItBackIfDirty() {
        // 2 frames, oldest first (d = dirty): W0*[0d] R1*[0d 1] R0 (no effect on the order) W1 [0d 1d]
        //  R2*[1d 2] 0 leaves dirty: write-back 1   R0*[2 0] 1 leaves dirty: write-back 2   R1*[0 1] 2 clean
        // -> 5 faults, 2 write-backs (LRU would have kept 0 at R2)
        PagingOutcome.Faults outcome = fifo(2,
                write(0, 1), read(1, 1), read(0, 1), write(1, 1), read(2, 1), read(0, 1), read(1, 1));
        assertThat(outcome).isEqualTo(new PagingOutcome.Faults(5, Map.of(PagingOutcome.WRITE_BACKS, 2L)));
    }

    @Test
    void sparsePageIdsGrowTheTable() {
        assertThat(fifo(2, reads(5_000_000, 3, 5_000_000, 70_000, 3)).faults()).isEqualTo(3);
    }

    @Test
    void rejectsNoFramesAndNegativePages() {
        assertThatThrownBy(() -> new Fifo(0)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new Fifo(1).accept(reads(-3), 1)).hasMessage("page: -3 (expected: >= 0)");
    }
}
