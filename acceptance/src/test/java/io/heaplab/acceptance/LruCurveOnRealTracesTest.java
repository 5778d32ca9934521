package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.paging.lru.FenwickStackDistance;
import io.heaplab.paging.lru.LruStackDistance;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceReader;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The one-pass LRU curve on real programs' references, on one thread and on two, against the plain Fenwick
 * analyzer: the same faults, write-backs and mean resident pages at every size, to the bit, after a warm-up or not.
 * The streams are the shipped system prototypes (compilers and tools traced under Valgrind, a fifth of their runs
 * writing), the small lackey trace, and the malloc traces of three real programs replayed under a list allocator.
 */
class LruCurveOnRealTracesTest {

    private static final Path PROTOTYPES = PrototypeTracesTest.DIR;
    private static final Path ROOT = DocsCommandsTest.ROOT;
    /** Runs taken from the start of each stream: enough for hundreds of renumberings, quick to replay. */
    private static final int MOST_RUNS = 300_000;
    private static final Map<String, long[]> STREAMS = new ConcurrentHashMap<>();

    @Property(tries = 24)
    void theCurveOnOneThreadOrTwoEqualsTheFenwickReferenceOnRealStreams(
            @ForAll("streams") String stream, @ForAll @IntRange(min = 1, max = 2) int threads,
            @ForAll @IntRange(min = 0, max = 3) int warmupQuarters, @ForAll("batches") int batch) {
        long[] runs = STREAMS.computeIfAbsent(stream, LruCurveOnRealTracesTest::load);
        int split = runs.length * warmupQuarters / 4;
        PagingOutcome.Curve expected = measure(new FenwickStackDistance(), runs, split, batch);
        PagingOutcome.Curve actual = measure(LruStackDistance.onThreads(threads), runs, split, batch);
        assertThat(actual.faults()).isEqualTo(expected.faults());
        assertThat(actual.writeBacks()).isEqualTo(expected.writeBacks());
        assertThat(actual.meanResident()).isEqualTo(expected.meanResident());
        assertThat(actual.references()).isEqualTo(expected.references());
        assertThat(Arrays.stream(expected.writeBacks()).sum()).as("the stream writes").isPositive();
    }

    @Provide
    Arbitrary<String> streams() {
        return Arbitraries.of("prototype:f2c.hlt", "prototype:as.hlt", "prototype:awk.hlt", "prototype:m4.hlt",
                "lackey", "malloc:tcc-compile.hmt", "malloc:python-json.hmt", "malloc:sort-lines.hmt");
    }

    @Provide
    Arbitrary<Integer> batches() {
        return Arbitraries.of(1, 77, 4096);
    }

    /** The first runs of a stream, pages as its reader numbers them. */
    private static long[] load(String stream) {
        LongArrayList runs = new LongArrayList();
        ReferenceSink collect = (batch, length) -> runs.addElements(runs.size(), batch, 0,
                Math.max(0, Math.min(length, MOST_RUNS - runs.size())));
        String name = stream.substring(stream.indexOf(':') + 1);
        try {
            if (stream.startsWith("malloc:")) {
                Spec workload = Spec.parse("malloc-trace:file=" + ROOT.resolve("examples/malloc-traces/" + name));
                RunSpec run = RunSpec.of(workload, Spec.parse("first-fit"), List.of(), 4096, 1);
                new Runner(Plugins.load()).run(run, List.of(collect));
            } else {
                Path trace = stream.equals("lackey") ? ROOT.resolve("traces/src/test/resources/lackey/tiny.lackey")
                        : PROTOTYPES.resolve(name);
                try (TraceReader reader = TraceFiles.open(trace, null, null)) {
                    reader.replayDense(collect);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return runs.toLongArray();
    }

    private static PagingOutcome.Curve measure(PagingSimulator simulator, long[] runs, int split, int batch) {
        feed(simulator, runs, 0, split, batch);
        if (split > 0) {
            simulator.startMeasuring();
        }
        feed(simulator, runs, split, runs.length, batch);
        simulator.finish();
        return (PagingOutcome.Curve) simulator.outcome();
    }

    private static void feed(PagingSimulator simulator, long[] runs, int from, int to, int batch) {
        long[] copy = new long[batch];
        for (int at = from; at < to; at += batch) {
            int length = Math.min(batch, to - at);
            System.arraycopy(runs, at, copy, 0, length);
            simulator.accept(copy, length);
        }
    }
}
