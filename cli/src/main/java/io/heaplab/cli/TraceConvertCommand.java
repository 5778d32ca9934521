package io.heaplab.cli;

import io.heaplab.core.files.InputFile;
import io.heaplab.core.spi.SpecException;
import io.heaplab.traces.ConversionResult;
import io.heaplab.traces.TraceConversion;
import io.heaplab.traces.ReadOptionException;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.TraceFormats;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code heaplab trace convert}: any trace heaplab reads, rewritten by {@link TraceConversion} as a binary trace. */
@Command(name = "convert", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Convert a trace in any format heaplab reads (- for standard input) to heaplab's binary format"
                + " (deflated), its text, or libCacheSim's oracleGeneral, optionally keeping only a window of its"
                + " references.",
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab trace convert ls.lackey ls.hlt --page-size 4096",
            "  heaplab trace convert zipf.hlt zipf.oracleGeneral.bin.zst --to oracle-general"})
final class TraceConvertCommand implements Callable<Integer> {

    /** What {@code -} as the input stands for. */
    static final String STANDARD_INPUT = "standard input";

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", description = "The trace to read, or - for standard input.")
    private Path in;

    @Parameters(index = "1", paramLabel = "OUT", description = "The trace to write.")
    private Path out;

    @Option(names = "--to", paramLabel = "FORMAT", defaultValue = "binary", descriptionKey = FormatHelp.CONVERT,
            description = "The format to write (default: ${DEFAULT-VALUE}).")
    private String to;

    @Mixin
    private TraceInput input;

    @Mixin
    private TracePageSize page;

    @Option(names = "--skip", paramLabel = "N", defaultValue = "0",
            description = "Drop the first N references, a program's start-up, say (default: ${DEFAULT-VALUE}).")
    private long skip;

    @Option(names = "--limit", paramLabel = "N",
            description = "Keep at most N references after the skipped ones, and stop reading there (default: all).")
    private Long limit;

    @Option(names = "--no-compress", description = "Write the body plain instead of deflated.")
    private boolean plain;

    @Override
    public Integer call() throws Exception {
        Integer pageSize = page.given();
        Outputs.checkFile("OUT", out, in.toString().equals("-") ? null : in);
        if (skip < 0) {
            throw new SpecException("--skip " + skip + " (expected: 0 or more references)");
        }
        if (limit != null && limit < 1) {
            throw new SpecException("--limit " + limit + " (expected: 1 or more references)");
        }
        boolean standardInput = in.toString().equals("-");
        if (!standardInput) {
            InputFile.check("trace", in, "a trace to read, or - for standard input");
        }
        if (!standardInput) {
            input.checkNotEmpty(in);
        }
        input.checkFormat();
        if (pageSize != null) {
            RunOptions.checkPageSize(pageSize);
        }
        TraceConversion conversion = standardInput ? TraceConversion.of(System.in, STANDARD_INPUT)
                : TraceConversion.of(in);
        input.applyTo(conversion, pageSize);
        conversion.skip(skip).compress(!plain).target(target());
        if (limit != null) {
            conversion.limit(limit);
        }
        ConversionResult result;
        try (Progress progress = Progress.counting("converting", "references", spec.commandLine().getErr())) {
            result = conversion.progress(progress::stepTo).to(out);
        } catch (TraceFormatException e) {
            throw TraceInput.explained(e); // a trace read as the wrong format says which, and why it was guessed
        } catch (ReadOptionException e) {
            throw TraceInput.flagged(e);
        }
        PrintWriter printer = spec.commandLine().getOut();
        printer.printf(Locale.ROOT, "converted %d references in %d reference runs (%d writing) to %d pages%s%s from %s"
                        + " (%s, %d-byte pages): %s, binary%s, %d bytes%n",
                result.references(), result.runs(), result.writeRuns(), result.distinctPages(),
                result.skipped() > 0 ? ", after skipping " + result.skipped() : "",
                result.cut() ? ", cut at the limit" : "", result.source(), result.format().label(),
                result.pageSize(), out, plain ? "" : " compressed", Files.size(out));
        printer.flush();
        return Main.OK;
    }

    /** The {@code --to} format, one heaplab writes. */
    private TraceFormatSpec target() {
        TraceFormats formats = TraceFormats.installed();
        TraceFormatSpec target;
        try {
            target = formats.parse(to);
        } catch (IllegalArgumentException e) {
            target = null;
        }
        if (target == null || !target.writes()) {
            throw new SpecException("--to " + to + " (expected: " + formats.writable() + ")");
        }
        return target;
    }
}
