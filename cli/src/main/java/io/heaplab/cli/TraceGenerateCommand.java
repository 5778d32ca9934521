package io.heaplab.cli;

import io.heaplab.core.trace.CountingSink;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.FanOut;
import io.heaplab.traces.SyntheticTrace;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.TraceInfo;
import io.heaplab.traces.TraceWriter;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code heaplab trace generate}: a synthetic trace ({@link SyntheticTrace}) of any length, from a seed. */
@Command(name = "generate", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Write a synthetic trace: Zipf with a skew, uniform, a loop, a scan, or a mixture, of any"
                + " length, the same for the same seed.",
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab trace generate zipf:pages=1000000,skew=0.99 --references 10000000 -o zipf.hlt",
            "  heaplab trace generate mix:pages=10000,skew=0.9,scan=0.2 --references 1000000 --seed 7 -o mix.hlt"})
final class TraceGenerateCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SPEC",
            description = "zipf:pages=P,skew=S, uniform:pages=P, loop:pages=P, scan:pages=P,skew=S or "
                    + "mix:pages=P,skew=S,scan=F; each takes writes=W, the share of references that write.")
    private String kind;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "FILE", description = "The trace file to write.")
    private Path out;

    @Option(names = {"-n", "--references"}, paramLabel = "N", defaultValue = "1000000",
            description = "References to generate (default: ${DEFAULT-VALUE}).")
    private long references;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the random source (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "binary", descriptionKey = FormatHelp.RECORD,
            description = "The format to write (default: ${DEFAULT-VALUE}).")
    private String format;

    @Option(names = "--compress", description = "Deflate the body of a binary trace.")
    private boolean compress;

    @Override
    public Integer call() throws Exception {
        Outputs.checkFile("--out", out);
        TraceFormatSpec chosen = TraceRecordCommand.writable(format);
        if (compress && chosen != TraceFormat.BINARY) {
            throw new SpecException("--compress with --format " + format + " (expected: --format binary)");
        }
        SyntheticTrace trace = SyntheticTrace.of(Spec.parse(kind));
        TraceInfo info = new TraceInfo();
        try (TraceWriter writer = TraceFiles.create(out, chosen, 0, compress);
             Progress progress = Progress.startWithHeartbeat("generating", references, spec.commandLine().getErr())) {
            trace.generate(references, seed, CountingSink.around(new FanOut(List.of(writer, info)), progress::stepTo));
            writer.finish();
            info.finish();
            writer.commit();
        }
        PrintWriter printer = spec.commandLine().getOut();
        printer.printf(Locale.ROOT, "generated %,d references in %,d reference runs to %,d pages: %s, %s, %,d bytes%n",
                info.references(), info.runs(), info.distinctPages(), out,
                chosen.label() + (compress ? " compressed" : ""), Files.size(out));
        printer.flush();
        return Main.OK;
    }
}
