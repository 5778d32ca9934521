package io.heaplab.cli;

import io.heaplab.core.files.AtomicFiles;
import io.heaplab.core.files.InputFile;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.Fragmentation;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.CallTime;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.TidyCsv;
import io.heaplab.traces.malloc.MallocTrace;
import io.heaplab.traces.malloc.MallocTraces;
import io.heaplab.traces.malloc.system.NativeMeasures;
import io.heaplab.traces.malloc.system.NativeReplay;
import io.heaplab.traces.malloc.system.SystemAllocator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code heaplab malloc native TRACE}: a malloc trace replayed by a small C program under the real allocators
 * (glibc's malloc, jemalloc, mimalloc, tcmalloc), each one's resident memory, faults and time measured with the
 * replayer's own taken off, in the tables and files of {@code malloc replay}.
 */
@Command(name = "native", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Replay a malloc trace under real allocators (glibc, jemalloc, mimalloc, tcmalloc) with a C"
                + " program compiled on first use: peak and final resident memory, minor faults and time per call.",
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab malloc native examples/malloc-traces/tcc-compile.hmt",
            "  heaplab malloc native py.hmt --allocators glibc,mine=/opt/lib/libmine.so --json py-native.json"})
final class MallocNativeCommand implements Callable<Integer> {

    /** Every allocator heaplab knows by name. */
    static final String DEFAULT_ALLOCATORS = "glibc,jemalloc,mimalloc,tcmalloc";

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE",
            description = "The trace: heaplab's .hmt, Android memory_replay text, glibc mtrace or CS:APP .rep.")
    private Path trace;

    @Option(names = {"-a", "--allocators"}, paramLabel = "NAME[,NAME...]", defaultValue = DEFAULT_ALLOCATORS,
            description = "Real allocators: glibc, jemalloc, mimalloc, tcmalloc (Debian's libjemalloc2,"
                    + " libmimalloc2.0, libtcmalloc-minimal4, found installed), or NAME=PATH for a shared library"
                    + " of one's own (default: ${DEFAULT-VALUE}).")
    private String allocators;

    @Option(names = "--library-path", paramLabel = "DIR[:DIR...]",
            description = "Directories to find jemalloc, mimalloc and tcmalloc in, searched in order (default: the"
                    + " system's: /usr/local/lib, the multiarch directories, /usr/lib64, /usr/lib, /lib64, /lib).")
    private String libraryPath;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3",
            description = "Processes per allocator; the time is the median's, with the fastest and slowest"
                    + " (default: ${DEFAULT-VALUE}).")
    private int repeat;

    @Option(names = "--moving-realloc",
            description = "Make every realloc a malloc, a copy and a free, as heaplab's strategies reallocate"
                    + " (default: the allocator's own realloc, which may grow a block in place).")
    private boolean movingRealloc;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results to FILE as JSON.")
    private Path json;

    @Option(names = "--csv", paramLabel = "FILE",
            description = "Also write the results to FILE as a tidy CSV table: a row per allocator.")
    private Path csv;

    @Override
    public Integer call() throws IOException {
        InputFile.check("malloc trace", trace, "a malloc trace to replay");
        Outputs.checkFile("--json", json, trace);
        Outputs.checkFile("--csv", csv, trace);
        if (repeat < 1 || repeat > 100) {
            throw new SpecException("--repeat " + repeat + " (expected: 1 to 100 processes per allocator)");
        }
        PrintWriter err = spec.commandLine().getErr();
        List<Path> directories = libraryPath == null ? SystemAllocator.libraryDirectories()
                : java.util.Arrays.stream(libraryPath.split(":")).filter(d -> !d.isBlank()).map(Path::of).toList();
        List<SystemAllocator> chosen = choose(allocators, directories, err);
        if (chosen.isEmpty()) {
            err.flush();
            throw new SpecException("malloc native: none of " + allocators + " is installed (expected: at least one"
                    + " allocator to replay under; glibc always is)");
        }
        MallocTrace calls = MallocTraces.read(trace);
        WorkingDirectories.checkTemporary();
        NativeReplay replay = new NativeReplay(WorkingDirectories.cache(System.getenv()), System.getenv());
        replay.program(); // compiled before the clock and the bar start
        long start = System.nanoTime();
        List<NativeMeasures> measures;
        try (Progress progress = Progress.startWithHeartbeat("native replays", 1 + chosen.size() * repeat, err)) {
            measures = replay.replay(calls, chosen, repeat, movingRealloc, progress::step);
        }
        long nanos = System.nanoTime() - start;
        String workload = new Spec("malloc-trace", new LinkedHashMap<>(Map.of("file", trace.toString())))
                .toString();
        List<RunResult> results = new ArrayList<>();
        Map<String, CallTime> times = new LinkedHashMap<>();
        for (NativeMeasures m : measures) {
            RunResult run = NativeResults.of(m, workload, (int) m.run().pageBytes());
            results.add(run);
            times.put(run.allocator(), new CallTime(m.nanosPerCall(), m.fastestPerCall(), m.slowestPerCall(),
                    m.repeats(), HOW));
        }
        if (json != null) {
            var document = JsonResults.toTree(results);
            CallTime.annotate(document, times);
            AtomicFiles.write(json, JsonResults.render(document));
        }
        if (csv != null) {
            AtomicFiles.write(csv, TidyCsv.toCsv(results));
        }
        PrintWriter out = spec.commandLine().getOut();
        print(measures, results, out);
        out.printf(Locale.ROOT, "%d allocator%s, %d calls, %d processes in %.2f s%n", measures.size(),
                measures.size() == 1 ? "" : "s",
                measures.isEmpty() ? 0 : measures.getFirst().profile().calls(), 1 + measures.size() * repeat,
                nanos / 1e9);
        if (json != null) {
            out.println("wrote " + json);
        }
        if (csv != null) {
            out.println("wrote " + csv);
        }
        out.flush();
        return Main.OK;
    }

    /** What the time per call is, for the files. */
    static final String HOW = "native process: the replay loop's wall time less the allocator-free run's, each new"
            + " block's bytes written once";

    /**
     * The allocators of {@code list} found in {@code directories}; one line on {@code err} for each that is not.
     */
    static List<SystemAllocator> choose(String list, List<Path> directories, PrintWriter err) {
        List<SystemAllocator> chosen = new ArrayList<>();
        for (String item : list.split(",")) {
            if (item.isBlank()) {
                throw new SpecException("--allocators " + list + ": an empty name (expected: names separated by"
                        + " commas, such as " + DEFAULT_ALLOCATORS + ")");
            }
            try {
                SystemAllocator allocator = SystemAllocator.find(item, directories);
                if (chosen.stream().anyMatch(a -> a.name().equals(allocator.name()))) {
                    throw new SpecException("allocator '" + allocator.name() + "' given twice (expected: each once)");
                }
                chosen.add(allocator);
            } catch (IllegalArgumentException e) {
                throw new SpecException(e.getMessage());
            } catch (SystemAllocator.NotInstalled e) {
                err.println("heaplab: " + e.getMessage() + "; skipped");
            }
        }
        return chosen;
    }

    private static final String ROW = "%-18s %8s %15s %10s %10s %10s %s %12s %7s%n";

    private static void print(List<NativeMeasures> measures, List<RunResult> results, PrintWriter out) {
        out.printf(Locale.ROOT, ROW, "allocator", "ns/call", "(fastest-slowest)", "peak KB", "final KB", "live KB",
                MallocTable.FRAGMENTATION_HEADER, "minor faults", "failed");
        for (int i = 0; i < measures.size(); i++) {
            NativeMeasures m = measures.get(i);
            Fragmentation f = results.get(i).fragmentation();
            out.printf(Locale.ROOT, ROW, m.allocator().name(), String.format(Locale.ROOT, "%.0f", m.nanosPerCall()),
                    String.format(Locale.ROOT, "(%.0f-%.0f)", m.fastestPerCall(), m.slowestPerCall()),
                    MallocTable.kb(m.peakBytes()), MallocTable.kb(m.finalBytes()),
                    MallocTable.kb(m.profile().peakLiveBytes()),
                    MallocTable.fragmentation(f), String.format(Locale.ROOT, "%,d", m.minorFaults()), m.failed());
        }
        out.println("peak, final KB: resident anonymous memory less the allocator-free run's at the same call (the"
                + " heap, its metadata included), to compare with a strategy's touched KB in malloc replay");
        out.println("frag 1-4: Johnstone & Wilson's measures from the heap at every sample: 4, the largest heap over"
                + " the most live; 3, at the largest heap; 2, at the most live; 1, averaged over the samples");
        out.println(MallocTable.CAVEAT);
        out.println("ns/call: the median process's replay time over its calls less the allocator-free run's, each new"
                + " block's bytes written once: a real allocator's time, where malloc replay's is a JVM replay's");
    }
}
