package io.heaplab.paging;

import static io.heaplab.testkit.PageTraces.reads;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.WarmupBoundary;
import io.heaplab.paging.fifo.Fifo;
import io.heaplab.paging.lru.ExactLru;
import io.heaplab.paging.lru.LruStackDistance;
import io.heaplab.paging.ws.WorkingSet;
import io.heaplab.paging.ws.WorkingSetCurve;
import org.junit.jupiter.api.Test;

/** A warm-up cut into the stream: every policy and every one-pass curve counts only what follows it. */
class WarmupTest {

    /** The textbook string (Silberschatz): 20 references to 6 pages. */
    private static final long[] CLASSIC = reads(7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1);

    private static PagingOutcome warmed(PagingSimulator policy, long warmup) {
        WarmupBoundary stream = new WarmupBoundary(policy, warmup);
        stream.accept(CLASSIC, CLASSIC.length);
        stream.finish();
        return policy.outcome();
    }

    private static long faults(PagingOutcome outcome) {
        return ((PagingOutcome.Faults) outcome).faults();
    }

    @Test
    void lruInThreeFramesFaultsEightTimesAfterAWarmupOfFive() {
        // cold, 7 0 1 2 0 fault four times (7, 0, 1, 2) of LRU's twelve; the other eight come after
        assertThat(faults(warmed(new ExactLru(3), 5))).isEqualTo(8);
        // in two frames 7 0 1 2 0 fault five times of seventeen
        assertThat(faults(warmed(new ExactLru(2), 5))).isEqualTo(12);
    }

    @Test
    void fifoCountsOnlyAfterTheWarmupToo() {
        // FIFO in 3 frames faults 15 times on this string, 4 of them in 7 0 1 2 0
        assertThat(faults(warmed(new Fifo(3), 5))).isEqualTo(11);
    }

    @Test
    void theLruCurveAfterAWarmupHoldsEverySizesWarmedCount() {
        PagingOutcome.Curve curve = (PagingOutcome.Curve) warmed(new LruStackDistance(), 5);
        assertThat(curve.faults()).containsExactly(15, 12, 8, 4, 3, 2);
        assertThat(curve.references()).isEqualTo(15);
        for (int frames = 1; frames <= 6; frames++) {
            assertThat(curve.faultsAt(frames)).isEqualTo(faults(warmed(new ExactLru(frames), 5)));
        }
    }

    @Test
    void theWorkingSetCurveAfterAWarmupHoldsEachWindowsWarmedCount() {
        PagingOutcome.Curve curve = (PagingOutcome.Curve) warmed(new WorkingSetCurve(), 7);
        long[] windows = curve.sizes();
        assertThat(windows).isNotEmpty();
        for (long theta : windows) {
            assertThat(curve.faultsAt(theta)).as("theta %d", theta).isEqualTo(faults(warmed(new WorkingSet(theta), 7)));
        }
    }
}
