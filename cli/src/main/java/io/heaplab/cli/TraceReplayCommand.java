package io.heaplab.cli;

import io.heaplab.core.files.AtomicFiles;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.PolicySizes;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.ReferenceStream;
import io.heaplab.reports.ReplayResults;
import io.heaplab.reports.ReplayTable;
import io.heaplab.reports.TidyCsv;
import io.heaplab.traces.ReplayResult;
import io.heaplab.traces.TraceReplay;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code heaplab trace replay}: a recorded (or valgrind lackey) trace through any policies, by {@link TraceReplay}. */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Replay a trace file, in any format heaplab reads (see --format), through replacement policies.",
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab trace replay run.hlt -p lru:frames=50 -p opt:frames=50 -p arc:frames=50",
            "  heaplab trace replay run.hlt -p fifo:frames=16..1024*2 -p lru:frames=all --csv replay.csv",
            "  heaplab trace replay w.oracleGeneral.zst -p lru:frames=1000 -p s3fifo:frames=1000 --warmup 10%% --sizes"
                    + " --json replay.json"})
final class TraceReplayCommand implements Callable<Integer> {

    @ParentCommand
    private TraceCommand parent;

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "The trace file to replay.")
    private Path trace;

    @Option(names = {"-p", "--policy"}, required = true, paramLabel = "SPEC",
            description = "A replacement policy, e.g. lru:frames=50, opt:frames=all, ws:theta=all, "
                    + "fifo:frames=25,50,100 or arc:frames=10%%..100%%/10 (fractions of the pages touched); repeatable.")
    private List<String> policies;

    @Mixin
    private TraceInput input;

    @Mixin
    private TracePageSize page;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results to FILE as JSON.")
    private Path json;

    @Mixin
    private AllSizesOption sizes;

    @Mixin
    private WarmupOption warmup;

    @Mixin
    private ReplayMeasureOptions measures;

    @Option(names = "--threads", paramLabel = "T",
            description = "Cores to simulate the policies on, side by side; the results are the same whatever T "
                    + "(default: the number of processors).")
    private Integer threads;

    @Option(names = "--csv", paramLabel = "FILE",
            description = "Also write the results to FILE as a tidy CSV table: a row per policy and memory size.")
    private Path csv;

    @Override
    public Integer call() throws Exception {
        return input.explaining(this::measure);
    }

    private Integer measure() throws Exception {
        Integer pageSize = page.given();
        Outputs.checkFile("--json", json, trace);
        Outputs.checkFile("--csv", csv, trace);
        List<Spec> given = policies.stream().map(Spec::parse).toList();
        boolean footprint = PolicySizes.needsFootprint(given);
        TraceReplay replay = TraceReplay.of(trace).policies(PolicySizes.expand(given, footprint ? 100 : -1));
        Plugins plugins = parent.parent().plugins();
        replay.check(plugins);
        input.checkFile(trace);
        input.checkFormat();
        if (pageSize != null) {
            RunOptions.checkPageSize(pageSize);
        }
        // the library opens the trace once, tells its format and refuses an option it gives no meaning to
        input.applyTo(replay, pageSize);
        warmup.applyTo(replay);
        measures.applyTo(replay, json != null);
        if (threads != null) {
            replay.threads(checkedThreads());
        }
        if (footprint) {
            // a fraction of the footprint needs the pages the trace touches: a first pass through no policy counts them
            TraceReplay count = TraceReplay.of(trace);
            input.applyTo(count, pageSize);
            ReplayResult counted;
            try (Progress progress = Progress.counting("counting pages", "references", spec.commandLine().getErr())) {
                counted = count.progress(progress::stepTo).run(plugins);
            }
            // the same pass counted the references, which a warm-up given as a share needs: no third reading
            replay = TraceReplay.of(trace).policies(PolicySizes.expand(given, counted.distinctPages()))
                    .references(counted.references());
            input.applyTo(replay, pageSize);
            warmup.applyTo(replay);
            measures.applyTo(replay, json != null);
            if (threads != null) {
                replay.threads(checkedThreads());
            }
        }
        ReplayResult result;
        try (Progress progress = Progress.counting("replaying", "references", spec.commandLine().getErr())) {
            result = replay.progress(progress::stepTo).run(plugins);
        }
        ReferenceStream stream = stream(result);
        PrintWriter out = spec.commandLine().getOut();
        // windows are kept only with --json (ReplayMeasureOptions), so the text speaks of them only then
        ReplayTable.print(stream, result.paging(), result.windows(), out);
        if (json != null) {
            ReplayResults.write(json, stream, sizes.forFiles(result.paging()), result.windows());
            out.println("wrote " + json);
        }
        if (csv != null) {
            AtomicFiles.write(csv, TidyCsv.toCsv(stream, sizes.forFiles(result.paging())));
            out.println("wrote " + csv);
        }
        out.flush();
        return Main.OK;
    }

    /** The {@code --threads} given, checked: a usage error names the option. */
    private int checkedThreads() {
        if (threads < 1) {
            throw new SpecException("--threads " + threads + " (expected: 1 or more)");
        }
        return threads;
    }

    /**
     * How reports name a replayed trace: its path, format and page size (0 when a text trace does not say), with
     * its counts and warm-up.
     */
    static ReferenceStream stream(ReplayResult result) {
        return new ReferenceStream(result.source(), result.references(), result.measuredFrom(), result.runs(),
                result.distinctPages(), result.warmup());
    }
}
