package io.heaplab.cli;

import io.heaplab.core.trace.CountingSink;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.ReferenceTally;
import io.heaplab.reports.RunTable;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.TraceFormats;
import io.heaplab.traces.TraceWriter;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code heaplab trace record}: one run's page references, written to a file as they happen. */
@Command(name = "record", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run a workload under one allocator and write its page-reference stream to a file.",
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab trace record -w random-blocks:live=2000 -a stack --page-size 512 -o run.hlt"})
final class TraceRecordCommand implements Callable<Integer> {

    /** The formats a run is recorded in: heaplab's own, which keep the pages as they are. */
    static final Predicate<TraceFormatSpec> KEEPS_PAGES = format -> format.writes() && !format.renumbers();

    @ParentCommand
    private TraceCommand parent;

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Mixin
    private RunOptions experiment;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "FILE", description = "The trace file to write.")
    private Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "binary", descriptionKey = FormatHelp.RECORD,
            description = "The format to write (default: ${DEFAULT-VALUE}).")
    private String format;

    @Option(names = "--compress", description = "Deflate the body of a binary trace.")
    private boolean compress;

    @Option(names = {"-p", "--policy"}, paramLabel = "SPEC",
            description = "Also count faults under a policy while recording; repeatable.")
    private List<String> policies = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Outputs.checkFile("--out", out);
        TraceFormatSpec chosen = writable(format);
        if (compress && chosen != TraceFormat.BINARY) {
            throw new SpecException("--compress with --format " + format + " (expected: --format binary)");
        }
        RunSpec run = experiment.single(policies.stream().map(Spec::parse).toList());
        Runner runner = new Runner(parent.parent().plugins());
        runner.check(run);
        ReferenceTally tally = new ReferenceTally();
        RunResult result;
        try (TraceWriter writer = TraceFiles.create(out, chosen, run.pageSize(), compress);
             Progress progress = Progress.counting("recording", "references", spec.commandLine().getErr())) {
            result = runner.run(run, List.of(writer, CountingSink.around(tally, progress::stepTo)));
            writer.commit();
        }
        PrintWriter printer = spec.commandLine().getOut();
        if (!run.policies().isEmpty()) {
            RunTable.print(List.of(result), printer);
        }
        printer.printf(Locale.ROOT, "recorded %d references in %d reference runs to %d pages%s: %s, %s, %d bytes%n",
                tally.references(), tally.runs(), tally.distinctPages(),
                tally.measuredFrom() == 0 ? "" : ", measured from " + tally.measuredFrom(), out,
                chosen.label() + (compress ? " compressed" : ""), Files.size(out));
        printer.flush();
        return Main.OK;
    }

    /**
     * The {@code --format} to record or generate in: one of heaplab's own that it writes, which keep the pages as
     * they are (a format that renumbers would lose them).
     */
    static TraceFormatSpec writable(String format) {
        TraceFormats formats = TraceFormats.installed();
        TraceFormatSpec chosen;
        try {
            chosen = formats.parse(format);
        } catch (IllegalArgumentException e) {
            chosen = null;
        }
        if (chosen == null || !KEEPS_PAGES.test(chosen)) {
            throw new SpecException("--format " + format + " (expected: " + formats.labels(KEEPS_PAGES, "or") + ")");
        }
        return chosen;
    }
}
