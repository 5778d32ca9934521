package io.heaplab.cli;

import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.ReplayResults;
import io.heaplab.reports.ReplayTable;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceReader;
import java.io.PrintWriter;
import java.nio.file.Path;
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

/** {@code heaplab trace replay}: a recorded (or valgrind lackey) trace through any policies. */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Replay a trace file (heaplab binary or text, or valgrind lackey) through replacement policies.")
final class TraceReplayCommand implements Callable<Integer> {

    /** Lackey traces hold byte addresses; this cuts them into pages unless told otherwise. */
    static final int DEFAULT_PAGE_SIZE = 4096;

    @ParentCommand
    private TraceCommand parent;

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "The trace file to replay.")
    private Path trace;

    @Option(names = {"-p", "--policy"}, required = true, paramLabel = "SPEC",
            description = "A replacement policy, e.g. lru:frames=50, opt:frames=all, ws:theta=all; repeatable.")
    private List<String> policies;

    @Mixin
    private TraceInput input;

    @Option(names = "--page-size", paramLabel = "BYTES",
            description = "Bytes per page for a lackey trace, a power of 2 (default: " + DEFAULT_PAGE_SIZE
                    + "); heaplab traces carry their own.")
    private Integer pageSize;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results to FILE as JSON.")
    private Path json;

    @Override
    public Integer call() throws Exception {
        Outputs.checkFile("--json", json);
        PolicyReplay replay = new PolicyReplay(parent.parent().plugins(), policies.stream().map(Spec::parse).toList());
        TraceFormat format = input.format(trace);
        int bytesPerPage = pageSize == null ? DEFAULT_PAGE_SIZE : pageSize;
        RunOptions.checkPageSize(bytesPerPage);
        PolicyReplay.Outcome outcome;
        try (TraceReader reader = input.open(trace, format, bytesPerPage)) {
            if (format != TraceFormat.LACKEY && pageSize != null && reader.pageSize() != 0
                    && reader.pageSize() != pageSize) {
                throw new SpecException("--page-size " + pageSize + " but " + trace + " was recorded with "
                        + reader.pageSize() + "-byte pages (expected: --page-size only for lackey traces)");
            }
            outcome = replay.replay(reader, origin(trace, format, reader.pageSize()));
        }
        PrintWriter out = spec.commandLine().getOut();
        ReplayTable.print(outcome.stream(), outcome.paging(), out);
        if (json != null) {
            ReplayResults.write(json, outcome.stream(), outcome.paging());
            out.println("wrote " + json);
        }
        out.flush();
        return Main.OK;
    }

    /** How reports name a trace file: its path, format and page size (0 when a text trace does not say). */
    static SequencedMap<String, Object> origin(Path trace, TraceFormat format, int pageSize) {
        SequencedMap<String, Object> origin = new LinkedHashMap<>();
        origin.put("trace", trace.toString());
        origin.put("format", format.label());
        origin.put("pageSize", pageSize);
        return origin;
    }
}
