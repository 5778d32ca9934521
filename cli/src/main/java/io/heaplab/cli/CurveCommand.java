package io.heaplab.cli;

import io.heaplab.core.run.CurveWindows;
import io.heaplab.core.run.FaultWindows;
import io.heaplab.core.run.PolicySizes;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.run.WindowedFaults;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.ReferenceTally;
import io.heaplab.reports.CurveResults;
import io.heaplab.reports.ReferenceStream;
import io.heaplab.reports.ReplayTable;
import io.heaplab.traces.ReplayResult;
import io.heaplab.traces.TraceReplay;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.ParseResult;

/**
 * {@code heaplab curve}: whole fault curves (against frames or window) of a trace file or of a run, written as
 * JSON and CSV, so lifetime curves of WS, VMIN and LRU can be drawn side by side.
 */
@Command(name = "curve", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Compute whole fault curves (every memory size or window, one pass each) of a trace file "
                + "or of a run under each allocator given, and write them to DIR/curves.json and DIR/curves.csv.",
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab curve -w pqsim:seconds=100,warmup=50 -a stack,mru --page-size 512 -o curves",
            "  heaplab curve trace.hlt -p lru:frames=all -p opt:frames=all -o curves",
            "  heaplab curve trace.hlt -p lru:frames=all --warmup 10%% -o curves",
            "  heaplab curve trace.hlt -p lru:frames=all --window 100000 -o curves"})
final class CurveCommand implements Callable<Integer> {

    /** The run's options that say nothing about a trace, refused with one rather than ignored. */
    private static final List<String> RUN_ONLY = List.of("--seed", "--heap-size", "--count-allocator",
            "--exclude-first-touch", "--diagnostics", "--max-memory");

    /** The curves drawn when none are named: the three of Denning's lifetime-curve comparison. */
    static final List<String> DEFAULT_POLICIES = List.of("lru:frames=all", "ws:theta=all", "vmin:theta=all");

    @ParentCommand
    private HeaplabCommand parent;

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "TRACE",
            description = "A trace file; or give --workload and --allocator to record a run's curves instead.")
    private Path trace;

    @Mixin
    private RunOptions experiment;

    @Mixin
    private TraceInput input;

    @Option(names = {"-p", "--policy"}, paramLabel = "SPEC",
            description = "A curve policy, e.g. lru:frames=all, opt:frames=all, ws:theta=all, vmin:theta=all; "
                    + "repeatable (default: lru, ws and vmin).")
    private List<String> policies = DEFAULT_POLICIES;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "DIR",
            description = "The directory to write curves.json and curves.csv into.")
    private Path out;

    @Mixin
    private AllSizesOption sizes;

    @Mixin
    private WarmupOption warmup;

    @Option(names = "--window", paramLabel = "N",
            description = "References per window of each curve's miss ratio over time, kept at every size in "
                    + "curves.json for a TRACE and drawn by the report (default: between " + WindowedFaults.FEWEST
                    + " and " + WindowedFaults.MOST + " windows, whatever the trace's length; at most "
                    + WindowedFaults.MOST_GIVEN_ON_GRID + ", longer ones merged past it).")
    private Long window;

    @Override
    public Integer call() throws Exception {
        return input.explaining(this::measure);
    }

    private Integer measure() throws Exception {
        Outputs.checkDirectory("--out", out);
        if ((trace == null) == !experiment.given()) {
            throw new SpecException(trace == null ? "nothing to draw (expected: a TRACE file, or --workload and "
                    + "--allocator)" : "both a TRACE and a run given (expected: one or the other)");
        }
        List<Spec> specs = policies.stream().map(Spec::parse).toList();
        PolicySizes.requireCurves(specs);
        if (trace == null && warmup.given()) {
            throw new SpecException("--warmup warms the policies on a TRACE, but the curves come from runs "
                    + "(expected: --warmup with a TRACE; a run's warm-up is its workload's, such as pqsim:warmup=50)");
        }
        if (trace == null && window != null) {
            throw new SpecException("--window " + window + " windows a TRACE's curves, but the curves come from runs "
                    + "(expected: --window with a TRACE)");
        }
        if (window != null && window < 1) {
            throw new SpecException("--window " + window + " (expected: references per window, 1 or more)");
        }
        List<Measured> streams = trace != null ? List.of(fromTrace(specs)) : fromRuns(specs);
        List<SequencedMap<String, PagingOutcome.Curve>> curves = new ArrayList<>();
        for (Measured stream : streams) {
            SequencedMap<String, PagingOutcome.Curve> of = new LinkedHashMap<>();
            stream.paging().forEach((policy, result) -> {
                if (!(result instanceof PagingOutcome.Curve curve)) {
                    throw new SpecException("policy '" + policy + "' gave one fault count (expected: a whole curve)");
                }
                of.put(policy, sizes.forFiles(curve));
            });
            curves.add(of);
        }
        Path json = out.resolve("curves.json");
        Path csv = out.resolve("curves.csv");
        CurveResults.write(json, csv, streams.stream().map(Measured::stream).toList(), curves,
                streams.stream().map(Measured::windows).toList());
        PrintWriter printer = spec.commandLine().getOut();
        for (Measured stream : streams) {
            ReplayTable.print(stream.stream(), stream.paging(), stream.windows(), printer);
        }
        printer.println("wrote " + json + " and " + csv);
        printer.flush();
        return Main.OK;
    }

    /**
     * The stream the curves were drawn from, as reports name it, each policy's outcome, and the curves' miss ratio
     * over time (null for a run's).
     */
    private record Measured(ReferenceStream stream, SequencedMap<String, PagingOutcome> paging,
                            FaultWindows windows) {
    }

    private Measured fromTrace(List<Spec> specs) throws Exception {
        ParseResult parsed = spec.commandLine().getParseResult();
        for (String runOnly : RUN_ONLY) {
            if (parsed.hasMatchedOption(runOnly)) {
                throw new SpecException(runOnly + " shapes a run, but the curves come from the trace " + trace
                        + " (expected: " + runOnly + " only with --workload and --allocator)");
            }
        }
        TraceReplay replay = TraceReplay.of(trace).policies(specs);
        replay.check(parent.plugins());
        input.checkFile(trace);
        int pageSize = experiment.pageSize();
        input.applyTo(replay, parsed.hasMatchedOption("--page-size") ? pageSize : null);
        warmup.applyTo(replay);
        if (window != null) {
            replay.window(window);
        } else {
            replay.adaptiveWindows();
        }
        ReplayResult result;
        try (Progress progress = Progress.counting("replaying", "references", spec.commandLine().getErr())) {
            result = replay.progress(progress::stepTo).run(parent.plugins());
        }
        return new Measured(TraceReplayCommand.stream(result), result.paging(), windowsForFiles(result.windows()));
    }

    /** The windows as the files hold them: at every grid size with --all-sizes, else at every half octave. */
    private FaultWindows windowsForFiles(FaultWindows windows) {
        if (windows == null || sizes.allSizes) {
            return windows;
        }
        SequencedMap<String, CurveWindows> curves = new LinkedHashMap<>();
        windows.curves().forEach((policy, curve) -> curves.put(policy, curve.halfOctaves()));
        return new FaultWindows(windows.length(), windows.ends(), windows.faults(), curves, windows.notWindowed());
    }

    /** One stream per allocator: the run of each, its references tallied as they are fed to the curves. */
    private List<Measured> fromRuns(List<Spec> specs) {
        List<RunSpec> runs = experiment.specs(specs);
        Runner runner = new Runner(parent.plugins());
        runs.forEach(runner::check);
        List<Measured> streams = new ArrayList<>();
        try (Progress progress = Progress.startWithHeartbeat("runs", runs.size(), spec.commandLine().getErr())) {
            for (RunSpec run : runs) {
                ReferenceTally tally = new ReferenceTally();
                RunResult result = runner.run(run, List.of(tally));
                SequencedMap<String, Object> origin = new LinkedHashMap<>();
                origin.put("workload", result.workload());
                origin.put("allocator", result.allocator());
                origin.put("pageSize", result.pageSize());
                origin.put("seed", result.seed());
                streams.add(new Measured(new ReferenceStream(origin, tally.references(), tally.measuredFrom(),
                        tally.runs(), tally.distinctPages()), result.paging(), null));
                progress.step();
            }
        }
        return streams;
    }
}
