package io.heaplab.paging;

import static io.heaplab.testkit.PageTraces.reads;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.run.WindowedFaults;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.WarmupBoundary;
import io.heaplab.paging.fifo.Fifo;
import io.heaplab.paging.lru.ExactLru;
import io.heaplab.paging.lru.LruStackDistance;
import io.heaplab.paging.opt.Opt;
import io.heaplab.paging.opt.OptStack;
import io.heaplab.paging.ws.Vmin;
import io.heaplab.paging.ws.VminCurve;
import io.heaplab.paging.ws.WorkingSet;
import io.heaplab.paging.ws.WorkingSetCurve;
import io.heaplab.testkit.PageTraces;
import java.util.Arrays;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
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

    @Test
    void theVminCurveAfterAWarmupHoldsEachWindowsWarmedCount() {
        PagingOutcome.Curve curve = (PagingOutcome.Curve) warmed(new VminCurve(), 6);
        for (long theta : curve.sizes()) {
            assertThat(curve.faultsAt(theta)).as("theta %d", theta).isEqualTo(faults(warmed(new Vmin(theta), 6)));
        }
    }

    @Test
    void theOptCurveAfterAWarmupHoldsEverySizesWarmedCount() {
        // OPT looks ahead, so it sees the whole string, but counts only after the warm-up
        PagingOutcome.Curve curve = (PagingOutcome.Curve) warmed(new OptStack(), 5);
        for (int frames = 1; frames <= 6; frames++) {
            assertThat(curve.faultsAt(frames)).as("frames %d", frames)
                    .isEqualTo(faults(warmed(new Opt(frames), 5)));
        }
        // Belady's OPT in 3 frames faults 9 times on this string, 4 of them in 7 0 1 2 0
        assertThat(curve.faultsAt(3)).isEqualTo(5);
    }

    @Provide
    Arbitrary<long[]> strings() {
        return PageTraces.strings(30, 6, 300);
    }

    private static long references(long[] runs) {
        return Arrays.stream(runs).map(PageRun::count).sum();
    }

    /** Faults of exact LRU in {@code frames} counted from reference {@code warmup} on, a reference at a time. */
    private static long oneAtATime(long[] runs, int frames, long warmup) {
        ExactLru lru = new ExactLru(frames);
        long time = 0;
        for (long run : runs) {
            for (int i = 0; i < PageRun.count(run); i++) {
                if (time++ == warmup) {
                    lru.startMeasuring();
                }
                lru.accept(new long[] {PageRun.pack(PageRun.page(run), 1, PageRun.isWrite(run))}, 1);
            }
        }
        return lru.faultsSoFar();
    }

    @Property(tries = 200)
    void aWarmupCutAnywhereEvenInARunCountsWhatAReferenceAtATimeDoes(
            @ForAll("strings") long[] runs, @ForAll @IntRange(min = 1, max = 2000) int warmup,
            @ForAll @IntRange(min = 1, max = 12) int frames) {
        long total = references(runs);
        if (warmup >= total) {
            return;
        }
        LruStackDistance curve = new LruStackDistance();
        WarmupBoundary stream = new WarmupBoundary(curve, warmup);
        ExactLru exact = new ExactLru(frames);
        WarmupBoundary exactStream = new WarmupBoundary(exact, warmup);
        stream.accept(runs, runs.length);
        exactStream.accept(runs, runs.length);
        stream.finish();
        exactStream.finish();
        long expected = oneAtATime(runs, frames, warmup);
        assertThat(exact.faultsSoFar()).isEqualTo(expected);
        assertThat(((PagingOutcome.Curve) curve.outcome()).faultsAt(frames)).isEqualTo(expected);
    }

    @Property(tries = 200)
    void windowsHoldTheFaultsBetweenTheirEnds(@ForAll("strings") long[] runs,
                                             @ForAll @IntRange(min = 1, max = 50) int length,
                                             @ForAll @IntRange(min = 1, max = 12) int frames) {
        long total = references(runs);
        WindowedFaults windows = WindowedFaults.every(new ExactLru(frames), length);
        windows.accept(runs, runs.length);
        windows.finish();
        long[] ends = windows.ends();
        long[] faults = windows.faults();
        long all = oneAtATime(runs, frames, total); // a measured phase that never begins forgets nothing
        assertThat(ends).hasSize((int) ((total + length - 1) / length));
        long before = 0;
        for (int i = 0; i < ends.length; i++) {
            assertThat(ends[i]).isEqualTo(Math.min((long) (i + 1) * length, total));
            // the faults in the first ends[i] references, less those before the window
            long upTo = all - oneAtATimeAfter(runs, frames, ends[i]);
            assertThat(faults[i]).as("window %d", i).isEqualTo(upTo - before);
            before = upTo;
        }
        assertThat(Arrays.stream(faults).sum()).isEqualTo(all);
    }

    /** Exact LRU's faults after reference {@code at}; with {@link #oneAtATime}, those up to it. */
    private static long oneAtATimeAfter(long[] runs, int frames, long at) {
        return at >= references(runs) ? 0 : oneAtATime(runs, frames, at);
    }
}
