package io.heaplab.cli;

import io.heaplab.core.trace.CountingSink;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.core.files.AtomicFiles;
import io.heaplab.reports.JsonResults;
import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.TraceInfo;
import io.heaplab.traces.TraceReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code heaplab trace info}: what a trace holds ({@link TraceInfo}), in one pass. */
@Command(name = "info", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Count what a trace holds in one pass: references, reference runs, distinct pages, the share"
                + " that writes, and the footprint (distinct pages so far) over virtual time.",
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab trace info run.hlt",
            "  heaplab trace info w44.oracleGeneral.bin.zst --json w44-info.json"})
final class TraceInfoCommand implements Callable<Integer> {

    /** Footprint samples printed; the JSON has them all. */
    private static final int PRINTED = 8;

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "The trace file to read.")
    private Path trace;

    @Mixin
    private TraceInput input;

    @Mixin
    private TracePageSize page;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the counts and footprint to FILE.")
    private Path json;

    @Override
    public Integer call() throws Exception {
        return input.explaining(this::measure);
    }

    private Integer measure() throws Exception {
        Outputs.checkFile("--json", json, trace);
        input.checkFile(trace);
        TraceFormatSpec given = input.given();
        int pageSize = page.given() == null ? ReadOptions.DEFAULT_PAGE_SIZE : page.given();
        RunOptions.checkPageSize(pageSize);
        ReadOptions options = new ReadOptions(pageSize, input.instructions(), input.checkedColumn(), input.header());
        TraceInfo info = new TraceInfo();
        TraceFormatSpec format;
        int recorded;
        // opened once: the format told and the options checked on the stream the counts are read from
        try (TraceReader reader = TraceFiles.open(trace, given, options);
             Progress progress = Progress.counting("reading", "references", spec.commandLine().getErr())) {
            format = reader.format();
            options.checkApplies(reader, trace.toString(), page.given() != null);
            recorded = reader.pageSize();
            reader.replayDense(CountingSink.around(info, progress::stepTo));
            info.finish();
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "trace %s, format %s, page size %s%n", trace, format.label(),
                recorded == 0 ? "not given" : recorded + " B");
        out.printf(Locale.ROOT, "references       %,d%s%n", info.references(),
                info.measuredFrom() == 0 ? "" : String.format(Locale.ROOT, ", measured from %,d", info.measuredFrom()));
        out.printf(Locale.ROOT, "reference runs   %,d (%.2f references per run)%n", info.runs(),
                info.runs() == 0 ? 0.0 : (double) info.references() / info.runs());
        out.printf(Locale.ROOT, "distinct pages   %,d%n", info.distinctPages());
        out.printf(Locale.ROOT, "writing runs     %,d (%.1f%% of the runs; at most %,d references write)%n",
                info.writeRuns(), info.runs() == 0 ? 0.0 : 100.0 * info.writeRuns() / info.runs(),
                info.writeReferences());
        out.println("footprint        " + footprint(info));
        if (json != null) {
            AtomicFiles.write(json, JsonResults.render(tree(format, recorded, info)));
            out.println("wrote " + json);
        }
        out.flush();
        return Main.OK;
    }

    /** Up to {@value #PRINTED} samples as {@code time:pages}, the last at the end of the trace. */
    private static String footprint(TraceInfo info) {
        long[] times = info.sampleTimes();
        long[] pages = info.sampleFootprints();
        List<String> points = new ArrayList<>();
        for (int k = 1; k <= Math.min(PRINTED, times.length); k++) {
            int i = (int) ((long) k * times.length / Math.min(PRINTED, times.length)) - 1;
            points.add(String.format(Locale.ROOT, "%,d:%,d", times[i], pages[i]));
        }
        return "(references:pages) " + String.join(" ", points);
    }

    private ObjectNode tree(TraceFormatSpec format, int recorded, TraceInfo info) {
        ObjectNode root = JsonResults.document();
        ObjectNode source = root.putObject("source");
        source.put("trace", trace.toString());
        source.put("format", format.label());
        source.put("pageSize", recorded);
        root.put("references", info.references());
        root.put("measuredFrom", info.measuredFrom());
        root.put("runs", info.runs());
        root.put("distinctPages", info.distinctPages());
        root.put("writeRuns", info.writeRuns());
        root.put("writeReferences", info.writeReferences());
        ObjectNode footprint = root.putObject("footprint");
        ArrayNode times = footprint.putArray("references");
        ArrayNode pages = footprint.putArray("pages");
        for (long t : info.sampleTimes()) {
            times.add(t);
        }
        for (long p : info.sampleFootprints()) {
            pages.add(p);
        }
        return root;
    }
}
