package io.heaplab.paging;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.run.CurveWindows;
import io.heaplab.core.run.WindowedFaults;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.WarmupBoundary;
import io.heaplab.paging.lru.ExactLru;
import io.heaplab.paging.lru.LruStackDistance;
import io.heaplab.paging.ws.VminCurve;
import io.heaplab.paging.ws.WorkingSet;
import io.heaplab.paging.ws.WorkingSetCurve;
import io.heaplab.testkit.PageTraces;
import java.util.Arrays;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * A one-pass curve's miss ratio over time, read on the grid at each window's end: at every size it is, window by
 * window, what the fixed-memory policy of that size counts, warm-up or not, windows given or adaptive.
 */
class WindowedCurvesTest {

    @Provide
    Arbitrary<long[]> strings() {
        return PageTraces.strings(200, 6, 400);
    }

    @Property(tries = 150)
    void lruCurvesWindowsAreExactLrusAtEverySize(@ForAll("strings") long[] runs,
                                                 @ForAll @IntRange(min = 1, max = 60) int length,
                                                 @ForAll @IntRange(min = 0, max = 100) int warmupPercent) {
        long warmup = references(runs) * warmupPercent / 100;
        assertMatches(runs, length, warmup, LruStackDistance::new, frames -> new ExactLru((int) frames));
        assertMatches(runs, length, warmup, () -> LruStackDistance.onThreads(2), frames -> new ExactLru((int) frames));
    }

    @Property(tries = 150)
    void windowCurvesWindowsAreTheWorkingSetsAtEveryGridWindow(@ForAll("strings") long[] runs,
                                                               @ForAll @IntRange(min = 1, max = 60) int length,
                                                               @ForAll @IntRange(min = 0, max = 100) int warmupPercent) {
        long warmup = references(runs) * warmupPercent / 100;
        assertMatches(runs, length, warmup, WorkingSetCurve::new, WorkingSet::new);
        // VMIN faults where the working set of the same window does: at a reference whose gap exceeds it
        assertMatches(runs, length, warmup, VminCurve::new, WorkingSet::new);
    }

    @Test
    void adaptiveWindowsOfACurveEndWhereAFixedPolicysDoAndSumToItsCurve() {
        long[] runs = new long[5000];
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        for (int i = 0; i < runs.length; i++) {
            runs[i] = PageRun.pack(random.nextInt(300), 1 + random.nextInt(3), random.nextInt(8) == 0);
        }
        WindowedFaults curve = WindowedFaults.adaptive(new LruStackDistance());
        WindowedFaults fixed = WindowedFaults.adaptive(new ExactLru(48));
        feed(curve, runs, 0);
        feed(fixed, runs, 0);
        assertThat(curve.ends()).isEqualTo(fixed.ends()).hasSizeBetween(WindowedFaults.FEWEST, WindowedFaults.MOST);
        PagingOutcome.Curve whole = (PagingOutcome.Curve) curve.outcome();
        CurveWindows windows = curve.onGrid(whole.sizes()[whole.sizes().length - 1]);
        int at48 = Arrays.binarySearch(windows.sizes(), 48);
        assertThat(windows.faults()[at48]).isEqualTo(fixed.faults());
        // every size to 128, then 16 a doubling: 136 .. 256, 272, 288, the last not above the curve's 300 pages
        assertThat(whole.sizes()).hasSize(300);
        assertThat(windows.sizes()).hasSize(146).contains(128, 136, 256).endsWith(272, 288);
        for (int k = 0; k < windows.sizes().length; k++) {
            assertThat(Arrays.stream(windows.faults()[k]).sum()).isEqualTo(whole.faultsAt(windows.sizes()[k]));
        }
    }

    @Test
    void halfOctavesKeepPowersOfTwoAndOneAndAHalfTimesThemAndTheLargest() {
        long[] sizes = io.heaplab.core.spi.CurveGrid.points(150);
        long[][] faults = new long[sizes.length][];
        for (int k = 0; k < sizes.length; k++) {
            faults[k] = new long[] {k};
        }
        CurveWindows kept = new CurveWindows(sizes, faults).halfOctaves();
        assertThat(kept.sizes()).containsExactly(1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256,
                sizes[149]);
        assertThat(kept.faults()[2]).containsExactly(2); // size 3 is the grid's third
    }

    /** Windows of the curve from {@code curve} at each of its grid sizes, and of {@code fixed} of that size. */
    private static void assertMatches(long[] runs, int length, long warmup, Supplier<PagingSimulator> curve,
                                      LongFunction<PagingSimulator> fixed) {
        WindowedFaults windowed = WindowedFaults.every(curve.get(), length);
        feed(windowed, runs, warmup);
        if (references(runs) == 0) {
            assertThat(windowed.ends()).isEmpty();
            return;
        }
        long[] sizes = ((PagingOutcome.Curve) windowed.outcome()).sizes();
        CurveWindows windows = windowed.onGrid(sizes[sizes.length - 1]);
        assertThat(windows.sizes()[windows.sizes().length - 1]).isLessThanOrEqualTo(sizes[sizes.length - 1]);
        for (int k = 0; k < windows.sizes().length; k++) {
            assertThat(windows.faults()[k]).as("size %d", windows.sizes()[k])
                    .isEqualTo(oneAtATime(runs, length, warmup, fixed.apply(windows.sizes()[k])));
        }
    }

    /**
     * The faults of {@code policy} in each window of {@code length}, warm-up or not, fed one reference at a time
     * and read at every window's end: what a window holds, computed without cutting the stream.
     */
    private static long[] oneAtATime(long[] runs, int length, long warmup, PagingSimulator policy) {
        long total = references(runs);
        long[] faults = new long[(int) ((total + length - 1) / length)];
        long time = 0;
        long forgotten = 0;
        long before = 0;
        for (long run : runs) {
            for (int i = 0; i < PageRun.count(run); i++) {
                policy.accept(new long[] {PageRun.pack(PageRun.page(run), 1, PageRun.isWrite(run))}, 1);
                time++;
                if (time == warmup) {
                    forgotten += policy.faultsSoFar();
                    policy.startMeasuring();
                }
                if (time % length == 0 || time == total) {
                    long soFar = forgotten + policy.faultsSoFar();
                    faults[(int) ((time - 1) / length)] = soFar - before;
                    before = soFar;
                }
            }
        }
        return faults;
    }

    private static void feed(WindowedFaults windows, long[] runs, long warmup) {
        var stream = warmup > 0 ? new WarmupBoundary(windows, warmup) : windows;
        stream.accept(runs, runs.length);
        stream.finish();
    }

    private static long references(long[] runs) {
        return Arrays.stream(runs).map(PageRun::count).sum();
    }
}
