package io.heaplab.reports;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.core.files.AtomicFiles;
import io.heaplab.core.run.RunOutcome;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.Fragmentation;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.SpaceMeasures;
import io.heaplab.core.spi.Timeline;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The JSON result file of {@code heaplab run}: a schema version and one object per run.
 *
 * <p>Only deterministic measures go in, in a fixed order, so the same seed gives the same file byte for byte;
 * wall time stays out.
 */
public final class JsonResults {

    /**
     * Bumped whenever a field changes meaning or goes away; new fields may appear without a bump. Schema 2 keeps
     * every field to one type: whole curves moved from {@code faults} to {@code curves}.
     */
    public static final int SCHEMA_VERSION = 2;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectWriter WRITER = new ObjectMapper().writer(
            new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"))
                    .withArrayIndenter(DefaultPrettyPrinter.FixedSpaceIndenter.instance));

    private JsonResults() {
    }

    /**
     * The head every heaplab document starts with: the schema version, the tool, the machine and JDK, and the
     * command that made it when heaplab runs as a command.
     */
    public static ObjectNode document() {
        ObjectNode root = NODES.objectNode();
        root.put("schema", SCHEMA_VERSION);
        root.put("tool", "heaplab");
        root.set(Environment.FIELD, Environment.current());
        if (Provenance.command() != null) {
            root.put(Provenance.FIELD, Provenance.command());
        }
        return root;
    }

    /** A measure over seeds as {@code {mean, sd}}. */
    public static ObjectNode summary(Summary summary) {
        ObjectNode node = NODES.objectNode();
        node.put("mean", summary.mean());
        node.put("sd", summary.sd());
        return node;
    }

    /** The document for {@code runs}, as a tree. */
    public static ObjectNode toTree(List<RunResult> runs) {
        ObjectNode root = document();
        ArrayNode array = root.putArray("runs");
        runs.forEach(run -> array.add(toTree(run)));
        if (RunSummary.severalSeeds(runs)) {
            ArrayNode summaries = root.putArray("summaries");
            RunSummary.of(runs, true).forEach(summary -> summaries.add(toTree(summary)));
        }
        return root;
    }

    /** A point's measures over its seeds: each as {@code {mean, sd}}, faults by policy the same way. */
    private static ObjectNode toTree(RunSummary summary) {
        ObjectNode node = NODES.objectNode();
        node.put("workload", summary.workload());
        node.put("allocator", summary.allocator());
        node.put("pageSize", summary.pageSize());
        ArrayNode seeds = node.putArray("seeds");
        summary.seeds().forEach(seeds::add);
        summary.measures().forEach((name, value) -> node.set(name, summary(value)));
        ObjectNode faults = node.putObject("faults");
        summary.faults().forEach((policy, value) -> faults.set(policy, summary(value)));
        return node;
    }

    /** The document for {@code runs}, as UTF-8 text ending in a newline. */
    public static byte[] toBytes(List<RunResult> runs) {
        return render(toTree(runs));
    }

    /** Any heaplab document as UTF-8 text ending in a newline, indented the way every result file is. */
    public static byte[] render(JsonNode document) {
        try {
            return (WRITER.writeValueAsString(document) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot render results as JSON", e);
        }
    }

    /**
     * The document for a sweep's outcomes: the runs that finished under {@code runs}, as {@link #toTree(List)}
     * has them, and any that failed under {@code failed}, each with its spec and the reason.
     */
    public static ObjectNode outcomesToTree(List<RunOutcome> outcomes) {
        ObjectNode root = toTree(outcomes.stream().filter(o -> !o.failed()).map(RunOutcome::result).toList());
        List<RunOutcome> failures = outcomes.stream().filter(RunOutcome::failed).toList();
        if (!failures.isEmpty()) {
            ArrayNode array = root.putArray("failed");
            for (RunOutcome failure : failures) {
                ObjectNode node = array.addObject();
                node.put("workload", failure.spec().workload().toString());
                node.put("allocator", failure.spec().allocator().toString());
                node.put("pageSize", failure.spec().pageSize());
                node.put("seed", failure.spec().seed());
                node.put("failure", failure.failure());
            }
        }
        return root;
    }

    /** Writes the document for a sweep's {@code outcomes} to {@code file} atomically. */
    public static void writeOutcomes(Path file, List<RunOutcome> outcomes) throws IOException {
        AtomicFiles.write(file, render(outcomesToTree(outcomes)));
    }

    /** Writes the document for {@code runs} to {@code file} atomically. */
    public static void write(Path file, List<RunResult> runs) throws IOException {
        AtomicFiles.write(file, toBytes(runs));
    }

    private static ObjectNode toTree(RunResult run) {
        ObjectNode node = NODES.objectNode();
        node.put("workload", run.workload());
        node.put("allocator", run.allocator());
        node.put("pageSize", run.pageSize());
        node.put("seed", run.seed());
        node.put("references", run.references());
        node.put("measuredFrom", run.measuredFrom());
        node.put("allocatorReferences", run.allocatorReferences());
        node.put("virtualPages", run.virtualPages());
        node.put("pagesTouched", run.pagesTouched());
        node.put("firstTouches", run.firstTouches());
        ObjectNode counted = node.putObject("counted");
        counted.put("allocatorReferences", run.accounting().allocatorReferences().label());
        counted.put("firstTouches", run.accounting().firstTouchCounted());
        node.put("allocations", run.allocations());
        node.put("frees", run.frees());
        node.put("rejections", run.rejections());
        node.put("peakLiveBlocks", run.peakLiveBlocks());
        node.put("peakLiveBytes", run.peakLiveBytes());
        SpaceMeasures space = run.space();
        node.put("peakFootprint", space.peakFootprint());
        if (space.searches() >= 0) {
            node.put("searches", space.searches());
            node.put("meanSearches", run.meanSearches());
        }
        if (run.requests() > 0) {
            node.put("filledShare", run.filledShare());
        }
        if (!Double.isNaN(space.internalFragmentation())) {
            node.put("internalFragmentation", space.internalFragmentation());
            node.put("externalFragmentation", space.externalFragmentation());
        }
        putFragmentation(node, run.fragmentation());
        putTimeline(node, run.timeline());
        putPaging(node, run.paging());
        if (run.diagnostics() != null) {
            node.set("diagnostics", DiagnosticsJson.toTree(run));
        }
        return node;
    }

    /**
     * Johnstone &amp; Wilson's four measures as {@code fragmentation}, with the heap and live bytes they come from;
     * nothing when nothing was allocated.
     */
    public static void putFragmentation(ObjectNode node, Fragmentation f) {
        if (f.peakLiveBytes() == 0) {
            return;
        }
        ObjectNode jw = node.putObject("fragmentation");
        jw.put("averagedOverTime", f.averagedOverTime());
        jw.put("atPeakLive", f.atPeakLive());
        jw.put("atPeakHeap", f.atPeakHeap());
        jw.put("peakOverPeak", f.peakOverPeak());
        jw.put("peakLiveBytes", f.peakLiveBytes());
        jw.put("heapAtPeakLive", f.heapAtPeakLive());
        jw.put("peakHeapBytes", f.peakHeapBytes());
        jw.put("liveAtPeakHeap", f.liveAtPeakHeap());
        if (!Double.isNaN(f.meanHeapOverLiveNearPeak())) {
            jw.put("averagedNearPeak", f.averagedNearPeak());
        }
    }

    /**
     * The workload's samples as {@code timeline}, a column per measure (held bytes and searches when the strategy
     * counts them); the nanoseconds stay out, as wall time does. Nothing when there is no sample.
     */
    public static void putTimeline(ObjectNode node, Timeline timeline) {
        if (timeline.isEmpty()) {
            return;
        }
        ObjectNode columns = node.putObject("timeline");
        addAll(columns.putArray("requests"), timeline.requests());
        addAll(columns.putArray("liveBytes"), timeline.liveBytes());
        addAll(columns.putArray("heapBytes"), timeline.heapBytes());
        if (timeline.heldBytes()[0] >= 0) {
            addAll(columns.putArray("heldBytes"), timeline.heldBytes());
        }
        if (timeline.searches()[0] >= 0) {
            addAll(columns.putArray("searches"), timeline.searches());
        }
    }

    /**
     * Puts each policy's outcome under {@code node}, each field always of one type: the faults of every single-size
     * policy in {@code faults} (numbers), anything further they measured in {@code pagingMeasures}, and every whole
     * curve in {@code curves}, point by point as {@link CurveResults#curveTree} has it.
     */
    public static void putPaging(ObjectNode node, Map<String, PagingOutcome> paging) {
        ObjectNode faults = node.putObject("faults");
        ObjectNode measures = node.putObject("pagingMeasures");
        ArrayNode curves = node.putArray("curves");
        paging.forEach((policy, outcome) -> {
            switch (outcome) {
                case PagingOutcome.Faults f -> {
                    faults.put(policy, f.faults());
                    if (!f.measures().isEmpty()) {
                        measures.set(policy, measuresTree(f.measures()));
                    }
                }
                case PagingOutcome.Curve c -> curves.add(CurveResults.curveTree(policy, c));
            }
        });
    }

    private static void addAll(ArrayNode array, long[] values) {
        for (long v : values) {
            array.add(v);
        }
    }

    private static ObjectNode measuresTree(Map<String, Number> measures) {
        ObjectNode node = NODES.objectNode();
        measures.forEach((name, value) -> {
            switch (value) {
                case Double d -> node.put(name, d);
                case Float f -> node.put(name, f.doubleValue());
                default -> node.put(name, value.longValue());
            }
        });
        return node;
    }
}
