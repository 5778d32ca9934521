package io.heaplab.cli;

import io.heaplab.core.files.InputFile;
import io.heaplab.traces.malloc.MallocFormat;
import io.heaplab.traces.malloc.MallocTrace;
import io.heaplab.traces.malloc.MallocTraces;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code heaplab malloc convert IN OUT}: a malloc trace from any readable format into heaplab's or Android's. */
@Command(name = "convert", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Convert a malloc trace (heaplab, Android memory_replay, glibc mtrace, CS:APP .rep) to heaplab's"
                + " format or Android text.",
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab malloc convert trace.mtrace trace.hmt"})
final class MallocConvertCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", description = "The trace to read; its format is detected.")
    private Path input;

    @Parameters(index = "1", paramLabel = "OUT", description = "Where to write it.")
    private Path output;

    @Option(names = "--from", paramLabel = "FORMAT",
            description = "IN's format: heaplab, android, mtrace or rep (default: detected from its content).")
    private String from;

    @Option(names = "--to", paramLabel = "FORMAT",
            description = "OUT's format: heaplab or android (default: android for a .txt name, else heaplab).")
    private String to;

    @Override
    public Integer call() throws IOException {
        InputFile.check("malloc trace", input, "a malloc trace to convert");
        Outputs.checkFile("OUT", output, input);
        MallocFormat outFormat = to == null ? MallocFormat.forOutput(output) : MallocFormat.parse(to);
        MallocTrace trace = from == null ? MallocTraces.read(input) : MallocTraces.read(input, MallocFormat.parse(from));
        MallocTraces.write(trace, output, outFormat);
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "wrote %s: %d events, %s format%n", output, trace.events(), outFormat.word());
        out.flush();
        return Main.OK;
    }
}
