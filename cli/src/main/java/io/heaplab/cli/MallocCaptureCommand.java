package io.heaplab.cli;

import io.heaplab.core.spi.SpecException;
import io.heaplab.traces.malloc.AndroidMallocFormat;
import io.heaplab.traces.malloc.MallocCapture;
import io.heaplab.traces.malloc.MallocFormat;
import io.heaplab.traces.malloc.MallocTrace;
import io.heaplab.traces.malloc.MallocTraces;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code heaplab malloc capture -o FILE -- COMMAND [ARGS]}: runs a program with heaplab's preloaded capture library
 * and writes the malloc trace of each process it ran: the command's own to FILE, every other to FILE with its pid
 * before the extension.
 */
@Command(name = "capture", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run COMMAND and record every malloc, calloc, realloc, memalign and free it and its children"
                + " make, a trace per process (needs a C compiler on first use).",
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab malloc capture -o ls.hmt -- ls -l /usr/bin"})
final class MallocCaptureCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true,
            description = "The command's trace: heaplab's format (.hmt), or Android text for a .txt name; other"
                    + " processes' traces go beside it, named FILE with .PID (and .N after an exec) added.")
    private Path output;

    @Option(names = "--command-only",
            description = "Write only the command's own trace (the last program its process ran), not the other"
                    + " processes' (a launcher script's shells, say).")
    private boolean commandOnly;

    @Parameters(paramLabel = "COMMAND", arity = "1..*", description = "The program and its arguments, after --.")
    private List<String> command = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        Outputs.checkFile("--output", output);
        if (!commandOnly && Files.exists(output) && !Files.isRegularFile(output)) {
            // the other processes' traces go beside FILE: beside a device they would be files in /dev
            throw new SpecException("--output " + output + " is a device or a pipe, and the other processes' traces"
                    + " would go beside it as " + output + ".PID (expected: a regular file's path, or --command-only"
                    + " to write the command's own trace alone)");
        }
        MallocFormat format = MallocFormat.forOutput(output);
        WorkingDirectories.checkTemporary();
        MallocCapture capture = new MallocCapture(WorkingDirectories.cache(System.getenv()), System.getenv());
        MallocCapture.Result result = capture.run(command, Path.of("").toAbsolutePath());
        PrintWriter out = spec.commandLine().getOut();
        try {
            if (result.processes().isEmpty()) {
                throw new SpecException("malloc capture: " + command.getFirst() + " left no trace (expected: a"
                        + " program that calls malloc, dynamically linked: a static one does not load the capture"
                        + " library)");
            }
            warnOfPymalloc(result.processes(), spec.commandLine().getErr());
            String when = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
            int written = commandOnly ? 1 : result.processes().size();
            for (int i = 0; i < written; i++) {
                MallocCapture.Process process = result.processes().get(i);
                MallocTrace read = AndroidMallocFormat.read(process.file());
                MallocTrace trace = withProvenance(read, String.format(Locale.ROOT,
                        "heaplab malloc capture of `%s`: process %d (parent %d) running %s, %s",
                        String.join(" ", command), process.pid(), process.ppid(), process.exe(), when));
                Path file = i == 0 ? output : sibling(output, process, result.processes());
                MallocTraces.write(trace, file, format);
                out.printf(Locale.ROOT, "%s: %d events of process %d (%s)%s%n", file, trace.events(), process.pid(),
                        process.exe(), i == 0 ? ", the command's own program (the last its process ran)" : "");
            }
            int others = written - 1;
            int left = result.processes().size() - written;
            out.printf(Locale.ROOT, "wrote %d trace%s: the command's own to %s%s%s%n", others + 1, others == 0 ? "" : "s",
                    output, others == 0 ? "" : ", " + others + " other process image" + (others == 1 ? "" : "s")
                            + " beside it", left == 0 ? "" : " (" + left + " other process image" + (left == 1 ? "" : "s")
                            + " left out: --command-only)");

        } finally {
            result.deleteFiles();
        }
        if (result.exitStatus() != 0) {
            // a failure is said on standard error, as every command's is; the traces it left are written all the same
            PrintWriter err = spec.commandLine().getErr();
            err.printf(Locale.ROOT, "heaplab: %s exited with status %d (its traces are written)%n", command.getFirst(),
                    result.exitStatus());
            err.flush();
        }
        out.flush();
        return result.exitStatus() == 0 ? Main.OK : Main.FAILURE;
    }

    /**
     * CPython serves objects of up to 512 bytes from its own arenas (pymalloc) unless {@code PYTHONMALLOC=malloc}:
     * its trace then shows the arenas, not the objects. Warns when a Python process ran without that setting, in
     * heaplab's environment or as {@code PYTHONMALLOC=...} among the command's words (as {@code env} takes it).
     */
    private void warnOfPymalloc(List<MallocCapture.Process> processes, PrintWriter err) {
        String setting = System.getenv("PYTHONMALLOC");
        for (String word : command) {
            if (word.startsWith("PYTHONMALLOC=")) {
                setting = word.substring("PYTHONMALLOC=".length());
            }
        }
        if (setting != null && (setting.equals("malloc") || setting.equals("malloc_debug"))) {
            return;
        }
        processes.stream().map(MallocCapture.Process::exe)
                .filter(exe -> Path.of(exe).getFileName() != null
                        && Path.of(exe).getFileName().toString().matches("python[0-9.]*"))
                .findFirst().ifPresent(exe -> {
                    err.println("heaplab: warning: " + exe + " ran with pymalloc, which serves objects of up to 512"
                            + " bytes from its own arenas: the trace shows its arenas, not its objects (run it with"
                            + " PYTHONMALLOC=malloc to trace every object)");
                    err.flush();
                });
    }

    /** FILE with .PID, and .N when the pid ran more than one program, before its extension. */
    private static Path sibling(Path output, MallocCapture.Process process, List<MallocCapture.Process> all) {
        long images = all.stream().filter(p -> p.pid() == process.pid()).count();
        String tag = "." + process.pid() + (images > 1 ? "." + all.stream().filter(p -> p.pid() == process.pid())
                .toList().indexOf(process) : "");
        String name = output.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String sibling = dot <= 0 ? name + tag : name.substring(0, dot) + tag + name.substring(dot);
        return output.resolveSibling(sibling);
    }

    private static MallocTrace withProvenance(MallocTrace trace, String provenance) {
        MallocTrace.Builder copy = MallocTrace.builder().provenance(provenance);
        for (int i = 0; i < trace.events(); i++) {
            copy.append(trace, i);
        }
        return copy.build();
    }
}
