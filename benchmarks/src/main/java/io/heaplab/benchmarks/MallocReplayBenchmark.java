package io.heaplab.benchmarks;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.WorkloadContext;
import io.heaplab.traces.malloc.MallocTrace;
import io.heaplab.traces.malloc.MallocTraces;
import io.heaplab.workloads.malloc.MallocReplayWorkload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A real program's malloc trace replayed through a strategy in heaplab's heap, recording off: the shipped
 * {@code python-json.hmt} (CPython building and parsing a JSON document with every object from malloc, 225,008
 * events), read once; each invocation replays all of it into a fresh heap. Events per second = 225,008 / the time.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class MallocReplayBenchmark {

    /** The shipped trace, found from the working directory up. */
    static final String TRACE = "examples/malloc-traces/python-json.hmt";

    /** The fastest strategies (a list fit walks about a thousand free blocks per request here: -p strategy=...). */
    @Param({"tlsf", "segregated", "buddy"})
    public String strategy;

    private MallocTrace trace;
    private AllocatorProvider provider;
    private Options options;

    @Setup
    public void setUp() throws IOException {
        trace = MallocTraces.read(locate());
        Plugins plugins = Plugins.load();
        Spec spec = Spec.parse(strategy);
        provider = plugins.allocators().find(spec.name());
        options = Options.bind(provider, spec);
    }

    static Path locate() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path trace = dir.resolve(TRACE);
            if (Files.isRegularFile(trace)) {
                return trace;
            }
        }
        throw new IllegalStateException(TRACE + " not found from " + Path.of("").toAbsolutePath()
                + " up (expected: the benchmarks run inside a heaplab checkout)");
    }

    /** The whole trace replayed; returns the calls made, so nothing is optimized away. */
    @Benchmark
    public long replay() {
        try (Heap heap = Heap.unrecorded(Heap.DEFAULT_PAGE_SIZE, Heap.GROWABLE)) {
            Allocator allocator = provider.create(options, new AllocatorSetup(heap, AllocatorSetup.VARIED));
            WorkloadContext context = new WorkloadContext(heap.data(), allocator, 1);
            new MallocReplayWorkload(trace, TRACE).run(context);
            return context.allocations() + context.frees();
        }
    }
}
