package io.heaplab.testkit;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import java.util.Arrays;
import java.util.BitSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/** Builds traces of packed {@link PageRun}s and feeds them to simulators the way the recorder does. */
public final class PageTraces {

    private PageTraces() {
    }

    /** One read of each page, in order. */
    public static long[] reads(int... pages) {
        long[] runs = new long[pages.length];
        for (int i = 0; i < pages.length; i++) {
            runs[i] = PageRun.pack(pages[i], 1, false);
        }
        return runs;
    }

    /** A run of {@code count} reads of {@code page}. */
    public static long read(int page, int count) {
        return PageRun.pack(page, count, false);
    }

    /** A run of {@code count} references to {@code page}, at least one of them a write. */
    public static long write(int page, int count) {
        return PageRun.pack(page, count, true);
    }

    /** Feeds {@code runs} whole, finishes, and returns the outcome. */
    public static PagingOutcome run(PagingSimulator simulator, long[] runs) {
        return run(simulator, runs, Math.max(1, runs.length));
    }

    /**
     * Feeds {@code runs} in batches of {@code batchSize} through one reused buffer that is scribbled over after
     * each batch, as the recorder may: a simulator that keeps the array sees garbage.
     */
    public static PagingOutcome run(PagingSimulator simulator, long[] runs, int batchSize) {
        long[] buffer = new long[batchSize];
        for (int from = 0; from < runs.length; from += batchSize) {
            int length = Math.min(batchSize, runs.length - from);
            System.arraycopy(runs, from, buffer, 0, length);
            simulator.accept(buffer, length);
            Arrays.fill(buffer, -1L);
        }
        simulator.finish();
        return simulator.outcome();
    }

    /** How many different pages {@code runs} reference. */
    public static int distinctPages(long[] runs) {
        BitSet seen = new BitSet();
        for (long run : runs) {
            seen.set(PageRun.page(run));
        }
        return seen.cardinality();
    }

    /**
     * Random traces over pages 0..maxPage: mostly short runs, now and then one near the largest count a run
     * holds, reads and writes mixed.
     */
    public static Arbitrary<long[]> traces(int maxPage, int maxRuns) {
        Arbitrary<Integer> pages = Arbitraries.integers().between(0, maxPage);
        Arbitrary<Integer> counts = Arbitraries.frequencyOf(
                Tuple.of(20, Arbitraries.integers().between(1, 4)),
                Tuple.of(1, Arbitraries.integers().between(PageRun.MAX_COUNT - 3, PageRun.MAX_COUNT)));
        Arbitrary<Long> runs = Combinators.combine(pages, counts, Arbitraries.of(false, true))
                .as(PageRun::pack);
        return runs.list().ofMaxSize(maxRuns)
                .map(list -> list.stream().mapToLong(Long::longValue).toArray());
    }

    /**
     * Random strings over pages 0..maxPage of at most {@code maxRuns} runs of 1..maxCount references each, reads and
     * writes mixed: short enough for a reference model that walks every reference.
     */
    public static Arbitrary<long[]> strings(int maxPage, int maxCount, int maxRuns) {
        return Combinators.combine(Arbitraries.integers().between(0, maxPage),
                        Arbitraries.integers().between(1, maxCount), Arbitraries.of(false, true))
                .as(PageRun::pack)
                .list().ofMaxSize(maxRuns).map(list -> list.stream().mapToLong(Long::longValue).toArray());
    }
}
