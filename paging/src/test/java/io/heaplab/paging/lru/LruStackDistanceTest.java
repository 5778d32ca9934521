package io.heaplab.paging.lru;

import static io.heaplab.paging.lru.ExactLruTest.CLASSIC;
import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.run.CurveWindows;
import io.heaplab.core.run.WindowedFaults;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.paging.stack.CurveCheck;
import io.heaplab.testkit.FixedMemoryContract;
import io.heaplab.testkit.PageTraces;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class LruStackDistanceTest extends FixedMemoryContract {

    /** The curve holds every size at once; the contract reads it at the size it asks about. */
    @Override
    protected PagingSimulator create(int frames) {
        return new LruStackDistance();
    }

    /** Positions renumbered once {@code capacity} are taken. */
    static LruStackDistance withCapacity(int capacity) {
        return new LruStackDistance(capacity);
    }

    static long[] curve(PagingSimulator analyzer, long[] runs) {
        return ((PagingOutcome.Curve) run(analyzer, runs)).faults();
    }

    /**
     * The curve must agree with a strict LRU simulation at every size 1..N+1, in faults and write-backs, and give
     * the mean resident pages of a brute-force count.
     */
    static void assertMatchesExactLru(long[] runs, int capacity) {
        assertMatchesExactLru(runs, 0, capacity);
    }

    static void assertMatchesExactLru(long[] runs, int split, int capacity) {
        CurveCheck.assertMatchesPerSize(runs, split, () -> withCapacity(capacity), ExactLru::new);
    }

    @Test
    void theClassicStringGivesTheTextbookCurve() {
        // Stack (MRU first) before each reference, and the distance d of each re-reference:
        //  7 0 1 2 cold          [2 1 0 7]
        //  0 d=3 [0 2 1 7]   3 cold [3 0 2 1 7]   0 d=2 [0 3 2 1 7]   4 cold [4 0 3 2 1 7]
        //  2 d=4 [2 4 0 3 1 7]   3 d=4 [3 2 4 0 1 7]   0 d=4 [0 3 2 4 1 7]   3 d=2 [3 0 2 4 1 7]
        //  2 d=3 [2 3 0 4 1 7]   1 d=5 [1 2 3 0 4 7]   2 d=2 [2 1 3 0 4 7]   0 d=4 [0 2 1 3 4 7]
        //  1 d=3 [1 0 2 3 4 7]   7 d=6 [7 1 0 2 3 4]   0 d=3 [0 7 1 2 3 4]   1 d=3 [1 0 7 2 3 4]
        // 6 cold; d=2: 3, d=3: 5, d=4: 4, d=5: 1, d=6: 1. faults(f) = 6 + #{d > f}:
        //  f=1: 6+14=20  f=2: 6+11=17  f=3: 6+6=12  f=4: 6+2=8  f=5: 6+1=7  f=6: 6
        assertThat(curve(new LruStackDistance(), reads(CLASSIC))).containsExactly(20, 17, 12, 8, 7, 6);
    }

    @Test
    void theRecorderFeedsTheCurveAndTheExactSimulatorAlike() {
        ExactLru exact = new ExactLru(3);
        LruStackDistance onePass = withCapacity(4);
        ReferenceRecorder recorder = new ReferenceRecorder(List.of(exact, onePass));
        for (int page : CLASSIC) {
            recorder.reference(page, false);
            recorder.reference(page, true); // collapses into the same run: no extra fault anywhere
        }
        recorder.finish();
        // every page is written, so every eviction writes back: faults less the frames that filled up
        assertThat(exact.outcome()).isEqualTo(new PagingOutcome.Faults(12, Map.of(PagingOutcome.WRITE_BACKS, 9L)));
        PagingOutcome.Curve curve = (PagingOutcome.Curve) onePass.outcome();
        assertThat(curve.faults()).isEqualTo(new long[] {20, 17, 12, 8, 7, 6});
        assertThat(curve.writeBacks()).isEqualTo(new long[] {19, 15, 9, 4, 2, 0});
        assertThat(curve.references()).isEqualTo(2 * CLASSIC.length);
    }

    @Test
    void writeBacksByFramesAreWorkedOutByHand() {
        long[] runs = {write(0, 1), write(1, 1), write(0, 1), write(1, 1), read(2, 1), read(0, 1), read(1, 1)};
        // Stack (MRU first) and the level D of each page (sizes >= D hold it dirty or wrote it back since):
        //  W0 cold  [0]      D0=1          W1 cold [1 0]   D1=1
        //  W0 d=2   sizes [D0, d-1] = [1,1] wrote it back: wb1+1; D0=1 (written)   [0 1]
        //  W1 d=2   [1,1]: wb1+1; D1=1     [1 0]
        //  R2 cold  [2 1 0]  D2=none
        //  R0 d=3   [1,2]: wb1+1, wb2+1; a read loads it clean below 3: D0=3      [0 2 1]
        //  R1 d=3   [1,2]: wb1+1, wb2+1; D1=3                                      [1 0 2]
        //  end: 1 at depth 1, 0 at depth 2, both with D=3: nothing left behind dirty; 2 is clean.
        // By simulation, 1 frame: W0* W1*(0 dirty out) W0*(1 out) W1*(0 out) R2*(1 out) R0*(2 clean) R1*(0 clean)
        // = 7 faults, 4 write-backs; 2 frames: [0 1] hit twice, R2* evicts 0 dirty, R0* evicts 1 dirty, R1*
        // evicts 2 clean = 5 faults, 2 write-backs; 3 frames: 3 first references, nothing written back.
        // Distinct pages so far per reference 1 2 2 2 3 3 3, so mean resident = 7/7, 13/7, 16/7.
        PagingOutcome.Curve curve = (PagingOutcome.Curve) run(new LruStackDistance(), runs);
        assertThat(curve.faults()).containsExactly(7, 5, 3);
        assertThat(curve.writeBacks()).containsExactly(4, 2, 0);
        assertThat(curve.meanResident()).containsExactly(1.0, 13.0 / 7, 16.0 / 7);
        assertThat(curve.references()).isEqualTo(7);
        assertMatchesExactLru(runs, 2);
    }

    @Test
    void aDirtyPageThatSankOutOfSmallMemoriesIsWrittenBackEvenIfNeverReferencedAgain() {
        // W0 R1 R2: 0 ends at depth 3 with D=1, so 1 and 2 frames evicted it dirty; 3 frames still hold it
        PagingOutcome.Curve curve = (PagingOutcome.Curve) run(new LruStackDistance(), new long[] {
                write(0, 1), read(1, 1), read(2, 1)});
        assertThat(curve.writeBacks()).containsExactly(1, 1, 0);
    }

    @Test
    void aMeasuredPhaseForgetsTheWriteBacksOfTheWarmUp() {
        // W0 R1 | R2: 1 frame wrote 0 back in the warm-up, 2 frames only at R2
        LruStackDistance analyzer = new LruStackDistance();
        analyzer.accept(new long[] {write(0, 1), read(1, 1)}, 2);
        analyzer.startMeasuring();
        analyzer.accept(new long[] {read(2, 4)}, 1);
        analyzer.finish();
        PagingOutcome.Curve curve = (PagingOutcome.Curve) analyzer.outcome();
        assertThat(curve.faults()).containsExactly(1, 1, 1);
        assertThat(curve.writeBacks()).containsExactly(0, 1, 0);
        assertThat(curve.meanResident()).containsExactly(1.0, 2.0, 3.0);
        assertThat(curve.references()).isEqualTo(4);
    }

    @Provide
    Arbitrary<long[]> sizedTraces() {
        return Arbitraries.of(2, 9, 60, 400).flatMap(maxPage -> PageTraces.traces(maxPage, 1500));
    }

    @Property(tries = 60)
    void agreesWithExactLruOnRandomTraces(@ForAll("sizedTraces") long[] runs,
                                          @ForAll @IntRange(min = 1, max = 70_000) int capacity) {
        assertMatchesExactLru(runs, capacity);
    }

    @Property(tries = 60)
    void agreesWithExactLruInEveryMeasureAfterAWarmUp(@ForAll("sizedTraces") long[] runs,
                                                       @ForAll @IntRange(min = 0, max = 1500) int split,
                                                       @ForAll @IntRange(min = 1, max = 70_000) int capacity) {
        assertMatchesExactLru(runs, Math.min(split, runs.length), capacity);
    }

    @Property(tries = 60)
    void agreesWithExactLruWhenItRenumbersOften(@ForAll("sizedTraces") long[] runs,
                                                @ForAll @IntRange(min = 1, max = 8) int capacity) {
        assertMatchesExactLru(runs, capacity);
    }

    @Test
    void aLoopOneLargerThanAnyMemoryFaultsAlwaysUntilItFits() {
        int n = 40;
        long[] runs = repeat(10, IntStream.rangeClosed(0, n).toArray());
        long[] curve = curve(withCapacity(16), runs);
        assertThat(curve).hasSize(n + 1);
        assertThat(curve[n - 1]).as("n frames").isEqualTo(runs.length);
        assertThat(curve[n]).as("n+1 frames").isEqualTo(n + 1);
        assertMatchesExactLru(runs, 16);
    }

    @Test
    void aSawtoothHitsTheTurningPages() {
        int n = 30;
        int[] down = IntStream.iterate(n, p -> p >= 0, p -> p - 1).toArray();
        int[] tooth = IntStream.concat(IntStream.rangeClosed(0, n), IntStream.of(down)).toArray();
        assertMatchesExactLru(repeat(6, tooth), 8);
        assertMatchesExactLru(repeat(6, tooth), 1 << 16);
    }

    @Test
    void oneRepeatedPageFaultsOnceAtEverySize() {
        long[] runs = new long[5000];
        for (int i = 0; i < runs.length; i++) {
            runs[i] = i % 2 == 0 ? read(3, 1 + i % 7) : write(3, 2);
        }
        assertThat(curve(withCapacity(2), runs)).containsExactly(1);
        assertMatchesExactLru(runs, 2);
    }

    @Test
    void aShiftingWorkingSetIsTracked() {
        // 8 pages in use at a time, the window sliding one page every 50 references, over 300 pages
        long[] runs = new long[15_000];
        java.util.SplittableRandom random = new java.util.SplittableRandom(42);
        for (int i = 0; i < runs.length; i++) {
            runs[i] = PageRun.pack(i / 50 + random.nextInt(8), 1 + random.nextInt(3), random.nextBoolean());
        }
        assertMatchesExactLru(runs, 64);
    }

    @Test
    void longRunsCountOnceEach() {
        int max = PageRun.MAX_COUNT;
        long[] runs = {read(0, max), write(1, max - 1), read(0, max), read(2, max), write(1, 1), read(0, max - 7)};
        // distances: 0 cold, 1 cold, 0 d=2, 2 cold, 1 d=3, 0 d=3 -> f=1: 6, f=2: 5, f=3: 3
        assertThat(curve(withCapacity(2), runs)).containsExactly(6, 5, 3);
        assertMatchesExactLru(runs, 2);
    }

    /**
     * The analyzer, and its staged form on one thread or two with blocks handed over every few runs, positions
     * renumbered often, against the plain Fenwick analyzer: the same curve in every measure, to the bit, after a
     * warm-up or not, fed in batches of any size.
     */
    @Property(tries = 100)
    void oneAndTwoThreadsEqualTheFenwickReferenceAtEverySize(
            @ForAll("sizedTraces") long[] runs, @ForAll @IntRange(min = 0, max = 1500) int split,
            @ForAll @IntRange(min = 1, max = 300) int capacity, @ForAll @IntRange(min = 1, max = 2) int threads,
            @ForAll @IntRange(min = 2, max = 40) int block, @ForAll @IntRange(min = 1, max = 600) int batch) {
        int at = Math.min(split, runs.length);
        assertSameCurve(runs, at, batch, new LruStackDistance(capacity), new FenwickStackDistance());
        assertSameCurve(runs, at, batch, new StagedLruStackDistance(capacity, threads, block),
                new FenwickStackDistance());
    }

    /**
     * The miss ratio over time of the staged analyzer on two threads, blocks handed over every few runs (each
     * window's end drains the second stage before it reads), is the one-thread analyzer's at every grid size.
     */
    @Property(tries = 100)
    void windowsOnTwoThreadsAreOneThreadsAtEverySize(
            @ForAll("sizedTraces") long[] runs, @ForAll @IntRange(min = 1, max = 300) int capacity,
            @ForAll @IntRange(min = 2, max = 40) int block, @ForAll @IntRange(min = 1, max = 200) int window) {
        StagedLruStackDistance staged = new StagedLruStackDistance(capacity, 2, block);
        WindowedFaults two = WindowedFaults.every(staged, window);
        WindowedFaults one = WindowedFaults.every(new LruStackDistance(capacity), window);
        for (WindowedFaults windows : List.of(two, one)) {
            windows.accept(runs, runs.length);
            windows.finish();
        }
        assertThat(two.ends()).isEqualTo(one.ends());
        if (one.ends().length == 0) {
            return;
        }
        long[] sizes = ((PagingOutcome.Curve) one.outcome()).sizes();
        CurveWindows expected = one.onGrid(sizes[sizes.length - 1]);
        CurveWindows actual = two.onGrid(sizes[sizes.length - 1]);
        assertThat(actual.sizes()).isEqualTo(expected.sizes());
        assertThat(actual.faults()).isDeepEqualTo(expected.faults());
    }

    @Test
    void windowsLongerThanABlockHandBlocksToTheSecondThreadAndStillMatch() {
        long[] runs = repeat(20, IntStream.concat(IntStream.range(0, 300),
                IntStream.iterate(299, p -> p >= 0, p -> p - 1)).toArray());
        StagedLruStackDistance staged = new StagedLruStackDistance(5, 2, 7);
        WindowedFaults two = WindowedFaults.every(staged, 1000);
        WindowedFaults one = WindowedFaults.every(new LruStackDistance(5), 1000);
        for (WindowedFaults windows : List.of(two, one)) {
            windows.accept(runs, runs.length);
            windows.finish();
        }
        assertThat(staged.handOvers).as("blocks run on the second thread").isPositive();
        assertThat(two.onGrid(300).faults()).isDeepEqualTo(one.onGrid(300).faults());
        assertThat(two.ends()).hasSize(12);
    }

    /** Traces made to defeat the near path, the renumbering and the hand-over: loops, sweeps and a scan. */
    @Test
    void adversarialTracesGiveTheFenwickReferenceCurveOnOneThreadAndTwo() {
        long[] loop = repeat(50, IntStream.range(0, 700).toArray());            // every distance 700: all far
        long[] sawtooth = repeat(20, IntStream.concat(IntStream.range(0, 300),
                IntStream.iterate(299, p -> p >= 0, p -> p - 1)).toArray());    // distances 1..600, near and far
        long[] scanThroughHotSet = new long[30_000];
        for (int i = 0; i < scanThroughHotSet.length; i++) {
            scanThroughHotSet[i] = i % 3 == 0 ? PageRun.pack(1_000 + i, 1, false) : write(i % 17, 1 + i % 5);
        }
        for (long[] runs : List.of(loop, sawtooth, scanThroughHotSet)) {
            for (int block : new int[] {2, 7, 512}) { // shorter than the runs between renumberings, which drain
                StagedLruStackDistance staged = new StagedLruStackDistance(5, 2, block);
                assertSameCurve(runs, runs.length / 3, 1000, staged, new FenwickStackDistance(5));
                assertThat(staged.handOvers).as("blocks run on the second thread").isGreaterThan(0);
            }
            assertSameCurve(runs, 0, ReferenceRecorder.BATCH, LruStackDistance.onThreads(2),
                    new FenwickStackDistance());
            assertSameCurve(runs, runs.length / 3, 1000, new LruStackDistance(5), new FenwickStackDistance(5));
        }
        assertMatchesExactLru(sawtooth, 64);
    }

    private static void assertSameCurve(long[] runs, int split, int batch, PagingSimulator staged,
                                        PagingSimulator reference) {
        PagingOutcome.Curve expected = (PagingOutcome.Curve) measure(reference, runs, split, batch);
        PagingOutcome.Curve actual = (PagingOutcome.Curve) measure(staged, runs, split, batch);
        assertThat(actual.faults()).isEqualTo(expected.faults());
        assertThat(actual.writeBacks()).isEqualTo(expected.writeBacks());
        assertThat(actual.meanResident()).isEqualTo(expected.meanResident());
        assertThat(actual.references()).isEqualTo(expected.references());
    }

    /** Feeds runs in batches of {@code batch}, measuring from run {@code split} when it is past 0, and finishes. */
    private static PagingOutcome measure(PagingSimulator simulator, long[] runs, int split, int batch) {
        feed(simulator, runs, 0, split, batch);
        if (split > 0) {
            simulator.startMeasuring();
        }
        feed(simulator, runs, split, runs.length, batch);
        simulator.finish();
        return simulator.outcome();
    }

    private static void feed(PagingSimulator simulator, long[] runs, int from, int to, int batch) {
        for (int at = from; at < to; at += batch) {
            int end = Math.min(to, at + batch);
            simulator.accept(Arrays.copyOfRange(runs, at, end), end - at);
        }
    }

    private static long[] repeat(int times, int[] pages) {
        long[] one = reads(pages);
        long[] runs = new long[one.length * times];
        for (int i = 0; i < times; i++) {
            System.arraycopy(one, 0, runs, i * one.length, one.length);
        }
        return runs;
    }
}
