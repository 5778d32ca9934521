package io.heaplab.traces.malloc;

import io.heaplab.core.files.Leftovers;
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
 * Records a real program's malloc calls, and its children's, with heaplab's LD_PRELOAD library: the C source
 * shipped beside this class ({@code capture/heaplab_malloc_capture.c}) is compiled on first use with the system's C
 * compiler ({@code $CC}, else {@code cc}, {@code gcc}, {@code clang} or {@code tcc}) into a cache directory, and each
 * process the command starts writes its own trace in Android's text format.
 */
public final class MallocCapture {

    static final String SOURCE = "capture/heaplab_malloc_capture.c";
    private static final String HEADER = "# heaplab-capture pid ";

    /** Why a capture could not be made, in one line: no compiler, a compile error, a command that cannot start. */
    public static final class CaptureException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CaptureException(String message) {
            super(message);
        }
    }

    /**
     * One process's trace.
     *
     * @param pid     its process id
     * @param ppid    its parent's
     * @param exe     the program it ran (an exec keeps the pid and starts a new trace)
     * @param file    its trace, Android text, in the capture's directory
     */
    public record Process(long pid, long ppid, String exe, Path file) {
    }

    /**
     * What a capture left.
     *
     * @param exitStatus the command's exit status
     * @param directory  where the traces are; {@link #deleteFiles} removes it
     * @param processes  a trace per process image: the command's own first (the last program its process ran), then
     *                   the others by pid and start
     */
    public record Result(int exitStatus, Path directory, List<Process> processes) {

        /** Deletes the traces and their directory. */
        public void deleteFiles() throws IOException {
            try (Stream<Path> files = Files.list(directory)) {
                for (Path file : files.toList()) {
                    Files.deleteIfExists(file);
                }
            }
            Files.deleteIfExists(directory);
            Leftovers.remove(directory);
        }
    }

    private final Path cache;
    private final Map<String, String> environment;

    /**
     * A capture whose library is cached in {@code cache}, finding the compiler through {@code environment} (for
     * {@code CC} and {@code PATH}).
     */
    public MallocCapture(Path cache, Map<String, String> environment) {
        this.cache = cache;
        this.environment = environment;
    }

    /** The cache directory a user expects: $HEAPLAB_CACHE, else $XDG_CACHE_HOME/heaplab, else ~/.cache/heaplab. */
    public static Path defaultCache(Map<String, String> environment) {
        if (environment.get("HEAPLAB_CACHE") != null && !environment.get("HEAPLAB_CACHE").isBlank()) {
            return Path.of(environment.get("HEAPLAB_CACHE"));
        }
        if (environment.get("XDG_CACHE_HOME") != null && !environment.get("XDG_CACHE_HOME").isBlank()) {
            return Path.of(environment.get("XDG_CACHE_HOME"), "heaplab");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "heaplab");
    }

    /** The C compiler to use: $CC when set, else the first of cc, gcc, clang, tcc on $PATH. */
    public Path compiler() {
        try {
            return compilerOf().compiler();
        } catch (CCompiler.CompileException e) {
            throw new CaptureException(e.getMessage());
        }
    }

    private CCompiler compilerOf() {
        return new CCompiler(cache, environment, "malloc capture");
    }

    /**
     * The compiled library, compiled now unless the cache holds one of this source and compiler: its name carries
     * a hash of both, and it is compiled under a temporary name and renamed, so two captures at once never load half
     * a library.
     */
    public Path library() throws IOException {
        try {
            return compilerOf().build(MallocCapture.class, SOURCE, "heaplab_malloc_capture", ".so",
                    List.of("-shared", "-fPIC", "-O2"), List.of("-ldl", "-lpthread"));
        } catch (CCompiler.CompileException e) {
            throw new CaptureException(e.getMessage());
        }
    }

    /**
     * Runs {@code command} in {@code workDir} with the library preloaded (before any library already preloaded),
     * its standard streams the caller's, and waits for it; the traces are in a new temporary directory.
     */
    public Result run(List<String> command, Path workDir) throws IOException {
        if (command.isEmpty()) {
            throw new CaptureException("malloc capture: no command given (expected: -- COMMAND [ARGS...])");
        }
        Path library = library();
        Path directory = Files.createTempDirectory("heaplab-capture-");
        // removed with the raw traces should heaplab be stopped while the command runs
        Leftovers.add(directory);
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile()).inheritIO();
        builder.environment().clear();
        builder.environment().putAll(environment);
        String preload = environment.get("LD_PRELOAD");
        builder.environment().put("LD_PRELOAD", library + (preload == null || preload.isBlank() ? "" : ":" + preload));
        builder.environment().put("HEAPLAB_MALLOC_DIR", directory.toString());
        java.lang.Process process;
        try {
            process = ChildProcess.start(builder);
        } catch (IOException e) {
            Files.deleteIfExists(directory);
            Leftovers.remove(directory);
            throw new CaptureException("malloc capture: cannot start " + command.getFirst() + " ("
                    + e.getMessage().replaceFirst("^Cannot run program \"[^\"]*\"[^:]*: ", "") + ")");
        }
        int status = ChildProcess.await(process,
                () -> new CaptureException("malloc capture: interrupted while the command ran"));
        return new Result(status, directory, processes(directory, process.pid()));
    }

    private static List<Process> processes(Path directory, long root) throws IOException {
        List<Process> processes = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> list = Files.list(directory)) {
            files = list.filter(f -> f.getFileName().toString().endsWith(".txt")).toList();
        }
        for (Path file : files) {
            String first;
            try (var lines = Files.lines(file, StandardCharsets.ISO_8859_1)) {
                first = lines.findFirst().orElse("");
            }
            if (!first.startsWith(HEADER)) {
                continue;
            }
            String[] f = first.substring(2).split(" ", 7);
            processes.add(new Process(Long.parseLong(f[2]), Long.parseLong(f[4]), f.length > 6 ? f[6] : "", file));
        }
        // the command's own program first: the last image its process ran (a shell script or a launcher may exec
        // several before it), then every other process in the order of its pid and images
        processes.sort(Comparator.comparing((Process p) -> p.pid() != root).thenComparingLong(Process::pid)
                .thenComparingInt(p -> p.pid() == root ? -sequence(p.file()) : sequence(p.file())));
        return processes;
    }

    /** The n of a file named PID.n.txt: the order of the images a pid ran. */
    private static int sequence(Path file) {
        String[] parts = file.getFileName().toString().split("\\.");
        return parts.length == 3 ? Integer.parseInt(parts[1]) : 0;
    }


}
