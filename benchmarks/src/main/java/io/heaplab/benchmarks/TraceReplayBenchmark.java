package io.heaplab.benchmarks;

import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.core.trace.ReferenceTally;
import io.heaplab.paging.lru.ExactLru;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.TraceWriter;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of replaying a recorded run from a trace file, against replaying the same runs from memory: one
 * {@code random-blocks} run's whole stream (every run the recorder made) into exact LRU, or into a tally that
 * does almost nothing, so the second sink shows the decoding cost alone.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class TraceReplayBenchmark {

    /** {@code lru}: exact LRU in 256 frames; {@code tally}: counts references and pages only. */
    @Param({"lru", "tally"})
    public String sink;

    private long[] runs;
    private Path dir;
    private Path plain;
    private Path deflated;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = Files.createTempDirectory("heaplab-replay");
        plain = dir.resolve("run.hlt");
        deflated = dir.resolve("run-deflated.hlt");
        LongArrayList all = new LongArrayList();
        ReferenceSink keep = (batch, length) -> all.addElements(all.size(), batch, 0, length);
        try (TraceWriter a = TraceFiles.create(plain, TraceFormat.BINARY, 512, false);
             TraceWriter b = TraceFiles.create(deflated, TraceFormat.BINARY, 512, true)) {
            new Runner(Plugins.load()).run(RunSpec.workload("random-blocks:size=16,live=100000,steps=500000")
                    .allocator("stack").pageSize(512).build(), List.of(keep, a, b));
            a.commit();
            b.commit();
        }
        runs = all.toLongArray();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Files.deleteIfExists(plain);
        Files.deleteIfExists(deflated);
        Files.deleteIfExists(dir);
    }

    private ReferenceSink sink() {
        return sink.equals("lru") ? new ExactLru(256) : new ReferenceTally();
    }

    @Benchmark
    public ReferenceSink fromMemory() {
        ReferenceSink target = sink();
        long[] batch = new long[ReferenceRecorder.BATCH];
        for (int from = 0; from < runs.length; from += batch.length) {
            int length = Math.min(batch.length, runs.length - from);
            System.arraycopy(runs, from, batch, 0, length);
            target.accept(batch, length);
        }
        target.finish();
        return target;
    }

    @Benchmark
    public ReferenceSink fromBinaryFile() throws IOException {
        return replay(plain);
    }

    @Benchmark
    public ReferenceSink fromDeflatedFile() throws IOException {
        return replay(deflated);
    }

    private ReferenceSink replay(Path file) throws IOException {
        ReferenceSink target = sink();
        try (TraceReader reader = TraceFiles.open(file, TraceFormat.BINARY, null)) {
            reader.replay(target);
        }
        target.finish();
        return target;
    }
}
