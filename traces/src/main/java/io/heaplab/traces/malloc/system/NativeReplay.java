package io.heaplab.traces.malloc.system;

import io.heaplab.traces.malloc.CCompiler;
import io.heaplab.traces.malloc.ChildProcess;
import io.heaplab.traces.malloc.MallocTrace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Replays a malloc trace under real allocators: the C replayer shipped beside this class
 * ({@code heaplab_malloc_replay.c}) is compiled on first use, the trace is written as its {@link CallsFile}, and it
 * runs once with no allocator calls (its own memory, faults and time) and then {@code repeats} times under each
 * allocator, one process at a time, so no replay shares the machine with another.
 */
public final class NativeReplay {

    static final String SOURCE = "heaplab_malloc_replay.c";

    /** Why a native replay could not be made, in one line. */
    public static final class ReplayException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ReplayException(String message) {
            super(message);
        }
    }

    private final CCompiler compiler;
    private final Map<String, String> environment;

    /** A replay whose program is cached in {@code cache}, compiled with the compiler {@code environment} names. */
    public NativeReplay(Path cache, Map<String, String> environment) {
        this.compiler = new CCompiler(cache, environment, "malloc native");
        this.environment = environment;
    }

    /** The compiled replayer, compiled now unless the cache holds it. */
    public Path program() throws IOException {
        try {
            return compiler.build(NativeReplay.class, SOURCE, "heaplab_malloc_replay", "", List.of("-O2"),
                    List.of());
        } catch (CCompiler.CompileException e) {
            throw new ReplayException(e.getMessage());
        }
    }

    /**
     * Replays {@code trace} under each of {@code allocators}, {@code repeats} times each; {@code afterEach} runs
     * after every process (for a progress bar).
     */
    public List<NativeMeasures> replay(MallocTrace trace, List<SystemAllocator> allocators, int repeats,
                                       Runnable afterEach) throws IOException {
        return replay(trace, allocators, repeats, false, afterEach);
    }

    /**
     * As {@link #replay(MallocTrace, List, int, Runnable)}, every realloc made a malloc, a copy and a free when
     * {@code movingRealloc}, as heaplab's strategies reallocate, so that a real allocator's footprint compares with
     * a model's on the same terms.
     */
    public List<NativeMeasures> replay(MallocTrace trace, List<SystemAllocator> allocators, int repeats,
                                       boolean movingRealloc, Runnable afterEach) throws IOException {
        Path program = program();
        Path work = Files.createTempDirectory("heaplab-native-");
        try {
            Path calls = work.resolve("calls.bin");
            CallsFile.Profile profile = CallsFile.write(trace, calls, movingRealloc ? CallsFile.MOVING_REALLOC : 0);
            NativeRun baseline = run(program, calls, work.resolve("none.out"), null, false, profile);
            afterEach.run();
            List<NativeMeasures> measures = new ArrayList<>();
            for (int a = 0; a < allocators.size(); a++) {
                SystemAllocator allocator = allocators.get(a);
                List<NativeRun> runs = new ArrayList<>();
                for (int r = 0; r < repeats; r++) {
                    runs.add(run(program, calls, work.resolve("allocator-" + a + "." + r + ".out"), allocator, true,
                            profile));
                    afterEach.run();
                }
                measures.add(measure(allocator, profile, runs, baseline));
            }
            return measures;
        } finally {
            try (Stream<Path> files = Files.list(work)) {
                for (Path file : files.toList()) {
                    Files.deleteIfExists(file);
                }
            }
            Files.deleteIfExists(work);
        }
    }

    private static NativeMeasures measure(SystemAllocator allocator, CallsFile.Profile profile, List<NativeRun> runs,
                                          NativeRun baseline) {
        long calls = Math.max(1, profile.calls());
        List<NativeRun> byTime = runs.stream().sorted(Comparator.comparingLong(NativeRun::replayNanos)).toList();
        NativeRun median = byTime.get((byTime.size() - 1) / 2);
        long base = baseline.replayNanos();
        long[] heap = new long[median.sampleAnon().length];
        for (int s = 0; s < heap.length; s++) {
            heap[s] = Math.max(0, median.sampleAnon()[s] - baseline.sampleAnon()[s]);
        }
        return new NativeMeasures(allocator, profile, (double) (median.replayNanos() - base) / calls,
                (double) (byTime.getFirst().replayNanos() - base) / calls,
                (double) (byTime.getLast().replayNanos() - base) / calls, runs.size(), heap,
                heap.length == 0 ? 0 : heap[heap.length - 1],
                Math.max(0, median.minorFaults() - baseline.minorFaults()), median.failed(), median, baseline);
    }

    private NativeRun run(Path program, Path calls, Path out, SystemAllocator allocator, boolean allocate,
                          CallsFile.Profile profile) throws IOException {
        Path errors = out.resolveSibling(out.getFileName() + ".err");
        ProcessBuilder builder = new ProcessBuilder(program.toString(), calls.toString(), out.toString(),
                allocate ? "alloc" : "none").redirectErrorStream(false).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(errors.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);
        builder.environment().remove("LD_PRELOAD");
        if (allocator != null && allocator.library() != null) {
            builder.environment().put("LD_PRELOAD", allocator.library().toString());
        }
        String who = allocator == null ? "the allocator-free run" : allocator.name();
        Process process = ChildProcess.start(builder);
        int status = ChildProcess.await(process,
                () -> new ReplayException("malloc native: interrupted while replaying under " + who));
        List<String> messages = Files.readAllLines(errors, StandardCharsets.ISO_8859_1).stream()
                .filter(l -> !l.isBlank()).toList();
        if (status != 0) {
            String message = messages.stream().findFirst()
                    .orElse(status > 128 ? "killed by signal " + (status - 128) : "no message");
            throw new ReplayException("malloc native: the replay under " + who + " failed with status " + status
                    + ": " + message);
        }
        // the dynamic loader ignores a library it cannot preload and goes on: the C library's malloc would then be
        // measured under another's name
        for (String message : messages) {
            if (message.contains("cannot be preloaded")) {
                throw new ReplayException("malloc native: " + allocator.library() + " cannot be preloaded for "
                        + who + " (expected: a shared library of this machine's architecture): " + message);
            }
        }
        return NativeRun.read(out, profile);
    }
}
