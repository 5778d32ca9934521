package io.heaplab.benchmarks;

import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * References per second through each replacement policy, fed the batches of runs the recorder makes of a
 * reference string, against the textbook {@link LinkedHashMap} access-order LRU at 1024 frames taking the same
 * string one reference at a time.
 *
 * <p>Two strings: {@code scattered} ({@link ReferenceStrings#scattered}: no page twice in a row, so every
 * reference is a run of its own and the policy sees all of them) and {@code workload} (a real {@code random-blocks}
 * run's references, repeats included, which the recorder merges into runs as in every heaplab run). Every third
 * reference writes. Run the baseline alone with {@code -p policy=linked-hash-map}; a policy spec is anything
 * {@code heaplab run -p} takes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class PolicyThroughputBenchmark {

    static final int LENGTH = 1 << 21;
    static final String BASELINE = "linked-hash-map";
    static final int BASELINE_FRAMES = 1024;

    /**
     * Given at run time: {@link RegistryParams#policies}, as {@link BenchmarkSuite} passes them; run alone, name
     * them with {@code -p policy=linked-hash-map,lru:frames=1024}.
     */
    @Param({})
    public String policy;

    @Param({"scattered", "workload"})
    public String string;

    private int[] pages;
    private final List<long[]> batches = new ArrayList<>();
    private Plugins plugins;

    @Setup
    public void setUp() {
        pages = string.equals("scattered") ? ReferenceStrings.scattered(LENGTH, 8192, 1)
                : ReferenceStrings.workload(LENGTH);
        ReferenceRecorder recorder = new ReferenceRecorder(List.of(
                (ReferenceSink) (runs, length) -> batches.add(Arrays.copyOf(runs, length))));
        for (int i = 0; i < pages.length; i++) {
            recorder.reference(pages[i], i % 3 == 0);
        }
        recorder.finish();
        plugins = Plugins.load();
    }

    @Benchmark
    @OperationsPerInvocation(LENGTH)
    public Object replay() {
        if (policy.equals(BASELINE)) {
            return linkedHashMapLru(pages, BASELINE_FRAMES);
        }
        PagingSimulator simulator = plugins.simulator(Spec.parse(policy));
        for (long[] batch : batches) {
            simulator.accept(batch, batch.length);
        }
        simulator.finish();
        return simulator.outcome();
    }

    /** Faults of LRU at {@code frames} kept by a {@link LinkedHashMap} in access order: what most people write. */
    static long linkedHashMapLru(int[] pages, int frames) {
        Map<Integer, Boolean> resident = new LinkedHashMap<>(2 * frames, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, Boolean> eldest) {
                return size() > frames;
            }
        };
        long faults = 0;
        for (int page : pages) {
            if (resident.get(page) == null) {
                faults++;
                resident.put(page, Boolean.TRUE);
            }
        }
        return faults;
    }
}
