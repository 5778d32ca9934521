package io.heaplab.traces;

import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.Traces.Trace;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/** Random traces: mostly nearby pages and short runs, as heaps make, with the extremes mixed in. */
public final class TraceArbitraries {

    private TraceArbitraries() {
    }

    public static Arbitrary<Integer> pages() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.integers().between(0, 40)),
                Tuple.of(3, Arbitraries.integers().between(0, Integer.MAX_VALUE)),
                Tuple.of(1, Arbitraries.of(0, 1, Integer.MAX_VALUE - 1, Integer.MAX_VALUE)));
    }

    /** Counts up to PageRun.MAX_COUNT, for the binary format. */
    public static Arbitrary<Integer> anyCounts() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.integers().between(1, 3)),
                Tuple.of(2, Arbitraries.integers().between(1, 100_000)),
                Tuple.of(1, Arbitraries.integers().between(1, PageRun.MAX_COUNT)),
                Tuple.of(1, Arbitraries.of(127, 128, 16_384, PageRun.MAX_COUNT)));
    }

    /** Small counts, for the text format's line per reference. */
    public static Arbitrary<Integer> smallCounts() {
        return Arbitraries.integers().between(1, 4);
    }

    public static Arbitrary<Trace> traces(Arbitrary<Integer> pages, Arbitrary<Integer> counts, int maxRuns) {
        Arbitrary<Long> run = Combinators.combine(pages, counts, Arbitraries.of(false, true)).as(PageRun::pack);
        return run.array(long[].class).ofMaxSize(maxRuns).flatMap(runs -> Arbitraries.integers()
                .between(0, runs.length).list().ofMaxSize(3)
                .map(markers -> new Trace(runs, markers.stream().sorted().toList())));
    }

    public static Trace trace(List<Long> runs, List<Integer> markers) {
        return new Trace(runs.stream().mapToLong(Long::longValue).toArray(), markers);
    }
}
