package io.heaplab.benchmarks;

import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.Plugins;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.LinkedHashMap;
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
 * References per second through each replacement policy, fed the batches of runs the recorder would hand it,
 * against the textbook {@link LinkedHashMap} access-order LRU at one size on the same reference string.
 *
 * <p>The string is {@link ReferenceStrings#scattered}: no page twice in a row, so every reference is a run of its
 * own and the policy sees all of them. Every third reference writes. Run the baseline alone with
 * {@code -p policy=linked-hash-map}; a policy spec is anything {@code heaplab run -p} takes.
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

    @Param({BASELINE, "lru:frames=1024", "fifo:frames=1024", "clock:frames=1024", "random:frames=1024",
            "arc:frames=1024", "twolist:frames=1024", "opt:frames=1024", "lru:frames=all", "opt:frames=all",
            "ws:theta=10000", "ws:theta=all", "vmin:theta=all", "pff:threshold=1000",
            "wsclock:frames=1024,theta=10000"})
    public String policy;

    private int[] pages;
    private long[][] batches;
    private int[] lengths;
    private Plugins plugins;

    @Setup
    public void setUp() {
        pages = ReferenceStrings.scattered(LENGTH, 8192, 1);
        int count = (LENGTH + ReferenceRecorder.BATCH - 1) / ReferenceRecorder.BATCH;
        batches = new long[count][ReferenceRecorder.BATCH];
        lengths = new int[count];
        for (int i = 0; i < LENGTH; i++) {
            int batch = i / ReferenceRecorder.BATCH;
            batches[batch][lengths[batch]++] = PageRun.pack(pages[i], 1, i % 3 == 0);
        }
        plugins = Plugins.load();
    }

    @Benchmark
    @OperationsPerInvocation(LENGTH)
    public Object replay() {
        if (policy.equals(BASELINE)) {
            return linkedHashMapLru(pages, BASELINE_FRAMES);
        }
        PagingSimulator simulator = plugins.simulator(Spec.parse(policy));
        for (int i = 0; i < batches.length; i++) {
            simulator.accept(batches[i], lengths[i]);
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
