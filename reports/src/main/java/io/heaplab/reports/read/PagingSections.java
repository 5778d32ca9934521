package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import io.heaplab.reports.Environment;
import io.heaplab.reports.Summary;
import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Series;
import io.heaplab.reports.model.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Sections for the files of {@code heaplab run --json}, {@code heaplab trace replay --json} and
 * {@code heaplab curve}: a table of what was measured and the fault and lifetime curves of every policy given as
 * {@code =all}.
 */
final class PagingSections {

    private PagingSections() {
    }

    /**
     * A {@code heaplab run} file (or several of one experiment, merged): a row per run, a column per single-size
     * policy, curves drawn per policy, and every policy's miss ratio against memory size. Runs of one allocator
     * under several seeds make one row of means and standard deviations, and one line with a band.
     */
    static Section runs(String name, JsonNode document) {
        JsonNode runs = document.path("runs");
        Set<String> workloads = new LinkedHashSet<>();
        Set<String> allocators = new LinkedHashSet<>();
        Set<String> seeds = new LinkedHashSet<>();
        Set<String> pageSizes = new LinkedHashSet<>();
        Set<String> policies = new LinkedHashSet<>();
        Map<String, List<JsonNode>> points = new LinkedHashMap<>();
        for (JsonNode run : runs) {
            workloads.add(run.path("workload").asText());
            allocators.add(run.path("allocator").asText());
            seeds.add(run.path("seed").asText());
            pageSizes.add(run.path("pageSize").asText());
            run.path("faults").properties().forEach(e -> policies.add(e.getKey()));
            points.computeIfAbsent(run.path("workload").asText() + "\n" + run.path("allocator").asText() + "\n"
                    + run.path("pageSize").asText(), k -> new ArrayList<>()).add(run);
        }
        boolean severalSeeds = points.values().stream().anyMatch(p -> p.size() > 1);
        List<String> columns = new ArrayList<>(List.of("workload", "allocator", severalSeeds ? "seeds" : "seed",
                "references", "pages touched", "virtual pages", "allocations", "filled share",
                "searches per request"));
        policies.forEach(p -> columns.add("faults " + p));
        boolean malloc = false;
        for (JsonNode run : runs) {
            // a malloc trace's replay, simulated or native: every run of a workload has its fragmentation
            malloc |= run.path("workload").asText().startsWith("malloc-trace:") || run.has("callTime");
        }
        if (malloc) {
            columns.addAll(MALLOC_COLUMNS);
        }
        List<List<String>> rows = new ArrayList<>();
        for (List<JsonNode> point : points.values()) {
            List<String> row = row(point, policies);
            if (malloc) {
                row.addAll(mallocCells(point));
            }
            rows.add(row);
        }
        if (malloc) {
            // a malloc trace's replay has no references of its own to count (a native one pages nothing), and every
            // request of a growable heap is filled: those columns say nothing there
            for (String unsaid : List.of("references", "filled share")) {
                int at = columns.indexOf(unsaid);
                columns.remove(at);
                rows.forEach(r -> r.remove(at));
            }
        }
        CurveFigures curves = new CurveFigures(context(workloads, pageSizes), pageSizes.size() == 1
                ? pageSizes.iterator().next() : null);
        MissRatioFigures missRatios = new MissRatioFigures(context(workloads, pageSizes));
        for (JsonNode run : runs) {
            // the seed stays out of the label: the runs of one allocator under several seeds draw one line, a band
            String label = run.path("allocator").asText()
                    + (workloads.size() > 1 ? " · " + run.path("workload").asText() : "")
                    + (pageSizes.size() > 1 ? " · " + run.path("pageSize").asText() + " B pages" : "");
            for (JsonNode curve : run.path("curves")) {
                curves.addCurve(curve.path("policy").asText(), label, curve);
            }
            missRatios.add(label, run, run.path("curves"));
        }
        List<Figure> figures = new ArrayList<>(missRatios.figures());
        figures.addAll(curves.figures());
        figures.addAll(heapFigures(runs, workloads.size() > 1));
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("workloads", String.join(", ", workloads));
        parameters.put("allocators", String.join(", ", allocators));
        parameters.put("seeds", String.join(", ", seeds));
        parameters.put("page size", String.join(", ", pageSizes) + " B");
        String title = severalSeeds ? "Runs: mean ± standard deviation over the seeds" : "Runs";
        return new Section("Runs from " + name, "heaplab run", parameters, Environment.of(document), List.of(),
                List.of(new Table(title, columns, rows)), figures);
    }

    /** The row of one experiment point: its one run's figures, or the mean ± sd of its runs under several seeds. */
    private static List<String> row(List<JsonNode> point, Set<String> policies) {
        JsonNode first = point.getFirst();
        List<String> row = new ArrayList<>(List.of(first.path("workload").asText(), first.path("allocator").asText(),
                String.join(", ", point.stream().map(r -> r.path("seed").asText()).toList())));
        row.add(measure(point, r -> r.path("references"), 0));
        row.add(measure(point, r -> r.path("pagesTouched"), point.size() > 1 ? 1 : 0));
        row.add(measure(point, r -> r.path("virtualPages"), point.size() > 1 ? 1 : 0));
        row.add(measure(point, r -> r.path("allocations"), 0));
        row.add(measure(point, PagingSections::filledShare, 3));
        row.add(measure(point, r -> r.path("meanSearches"), 2));
        for (String p : policies) {
            row.add(measure(point, r -> r.path("faults").path(p), point.size() > 1 ? 1 : 0));
        }
        return row;
    }

    /** What a malloc replay's table has beyond a run's, as {@code heaplab malloc replay} prints it. */
    private static final List<String> MALLOC_COLUMNS = List.of("ns/call", "heap KB", "live KB", "frag 4", "frag 3",
            "frag 2", "frag 1 near peak", "frag 1");

    /** A malloc replay's time per call, heap, live bytes and Johnstone &amp; Wilson's measures in percent. */
    private static List<String> mallocCells(List<JsonNode> point) {
        List<String> cells = new ArrayList<>();
        cells.add(measure(point, r -> r.path("callTime").path("nanosPerCall"), 0));
        cells.add(measure(point, r -> kb(r.path("fragmentation").path("peakHeapBytes")), 1));
        cells.add(measure(point, r -> kb(r.path("fragmentation").path("peakLiveBytes")), 1));
        for (String m : new String[] {"peakOverPeak", "atPeakHeap", "atPeakLive", "averagedNearPeak",
            "averagedOverTime"}) {
            String value = measure(point, r -> percent(r.path("fragmentation").path(m)), 1);
            cells.add(value.equals("-") ? value : value + "%");
        }
        return cells;
    }

    private static JsonNode kb(JsonNode bytes) {
        return bytes.isNumber() ? com.fasterxml.jackson.databind.node.DoubleNode.valueOf(bytes.asDouble() / 1024)
                : bytes;
    }

    private static JsonNode percent(JsonNode fraction) {
        return fraction.isNumber() ? com.fasterxml.jackson.databind.node.DoubleNode.valueOf(100 * fraction.asDouble())
                : fraction;
    }

    /** A measure of one run with thousands separators, or its mean ± sd over several; "-" where a run lacks it. */
    /** A run's share of requests filled, or the inverse of the received-over-filled ratio an older file holds. */
    private static JsonNode filledShare(JsonNode run) {
        JsonNode old = run.path("spaceUtilization");
        return run.has("filledShare") || !old.isNumber() ? run.path("filledShare")
                : DoubleNode.valueOf(1 / old.asDouble());
    }

    private static String measure(List<JsonNode> point, java.util.function.Function<JsonNode, JsonNode> field,
                                  int decimals) {
        double[] values = new double[point.size()];
        for (int i = 0; i < values.length; i++) {
            JsonNode value = field.apply(point.get(i));
            if (!value.isNumber()) {
                return "-";
            }
            values[i] = value.asDouble();
        }
        Summary summary = Summary.of(values);
        String mean = Nodes.grouped(summary.mean(), decimals);
        return values.length < 2 ? mean : mean + " ± " + Nodes.grouped(summary.sd(), decimals);
    }

    /**
     * Johnstone &amp; Wilson's measures, as the result file names them and as a chart labels them: those at the
     * peaks first, as their paper leads with them, measure 1 last (it "can be very misleading").
     */
    private static final String[][] FRAGMENTATION = {{"peakOverPeak", "frag 4: largest heap over most live"},
        {"atPeakHeap", "frag 3: at the largest heap"}, {"atPeakLive", "frag 2: at the most live"},
        {"averagedNearPeak", "near peak: measure 1 with at least half the peak live"},
        {"averagedOverTime", "frag 1: averaged over every call"}};

    /**
     * For runs whose workload sampled itself (a malloc trace replay), the heap over the run, a line per run; for
     * runs with Johnstone &amp; Wilson's measures, a bar per measure and run.
     */
    private static List<Figure> heapFigures(JsonNode runs, boolean labelWorkload) {
        List<Series> heap = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<double[]> measures = new ArrayList<>();
        // the live bytes are the trace's own, the same under every strategy: a line per workload, from the run that
        // sampled it most often
        Map<String, JsonNode> liveByWorkload = new LinkedHashMap<>();
        for (JsonNode run : runs) {
            JsonNode timeline = run.path("timeline");
            JsonNode kept = liveByWorkload.get(run.path("workload").asText());
            if (timeline.has("liveBytes") && (kept == null || kept.path("requests").size()
                    < timeline.path("requests").size())) {
                liveByWorkload.put(run.path("workload").asText(), timeline);
            }
        }
        liveByWorkload.forEach((workload, timeline) -> {
            double[] kb = Nodes.doubles(timeline.path("liveBytes"));
            for (int i = 0; i < kb.length; i++) {
                kb[i] /= 1024;
            }
            heap.add(Series.line("live bytes" + (labelWorkload ? " · " + workload : ""),
                    Nodes.doubles(timeline.path("requests")), kb));
        });
        List<String> runLabels = RunLabels.of(runs);
        for (int r = 0; r < runs.size(); r++) {
            JsonNode run = runs.get(r);
            String label = runLabels.get(r);
            JsonNode timeline = run.path("timeline");
            if (timeline.has("requests")) {
                double[] kb = Nodes.doubles(timeline.path("heapBytes"));
                for (int i = 0; i < kb.length; i++) {
                    kb[i] /= 1024;
                }
                heap.add(Series.line(label, Nodes.doubles(timeline.path("requests")), kb));
            }
            JsonNode f = run.path("fragmentation");
            if (f.isObject()) {
                labels.add(label);
                double[] values = new double[FRAGMENTATION.length];
                for (int m = 0; m < values.length; m++) {
                    JsonNode value = f.path(FRAGMENTATION[m][0]);
                    values[m] = value.isNumber() ? 100 * value.asDouble() : Double.NaN;
                }
                measures.add(values);
            }
        }
        List<Figure> figures = new ArrayList<>();
        if (!heap.isEmpty()) {
            figures.add(Figure.lines("heap-over-time", "The heap over the run, beside the live bytes",
                    Axis.linear("requests (allocations and frees)"), Axis.linear("heap, KB"), heap, List.of()));
        }
        if (!measures.isEmpty()) {
            List<Series> bars = new ArrayList<>();
            for (int m = 0; m < FRAGMENTATION.length; m++) {
                double[] y = new double[measures.size()];
                for (int r = 0; r < y.length; r++) {
                    y[r] = measures.get(r)[m];
                }
                bars.add(Series.bars(FRAGMENTATION[m][1], y, new double[0]));
            }
            figures.add(Figure.bars("fragmentation", "Fragmentation (Johnstone & Wilson): heap over live, less one",
                    "run", Axis.fitting("%", Axis.LOG_RATIO, bars.stream()
                            .flatMapToDouble(b -> java.util.Arrays.stream(b.y())).toArray()), labels, bars));
        }
        return figures;
    }

    /** A {@code heaplab trace replay} file: the faults of each policy on one reference stream. */
    static Section replay(String name, JsonNode document) {
        Map<String, String> parameters = stream(document);
        List<List<String>> rows = new ArrayList<>();
        String label = traceName(parameters, name);
        CurveFigures curves = new CurveFigures(pageContext(parameters.get("pageSize")), parameters.get("pageSize"));
        double measured = document.path("references").asDouble() - document.path("measuredFrom").asDouble();
        JsonNode measures = document.path("pagingMeasures");
        // a replay of a sized trace weighs each request by its object's bytes: a column of its own
        boolean bytes = measures.valueStream().anyMatch(m -> m.has("byteMissRatio"));
        document.path("faults").properties().forEach(e -> {
            JsonNode writeBacks = measures.path(e.getKey()).path("writeBacks");
            List<String> row = new ArrayList<>(List.of(e.getKey(), Nodes.grouped(e.getValue().asDouble(), 0),
                    measured > 0 ? Nodes.cell(e.getValue().asDouble() / measured, 4) : "-"));
            if (bytes) {
                JsonNode ratio = measures.path(e.getKey()).path("byteMissRatio");
                row.add(ratio.isNumber() ? Nodes.cell(ratio.asDouble(), 4) : "-");
            }
            row.add(writeBacks.isNumber() ? Nodes.grouped(writeBacks.asDouble(), 0) : "-");
            rows.add(row);
        });
        for (JsonNode curve : document.path("curves")) {
            curves.addCurve(curve.path("policy").asText(), label, curve);
            rows.add(bytes ? List.of(curve.path("policy").asText(), "curve of " + curve.path("sizes").size()
                    + " points", "-", "-", "-") : List.of(curve.path("policy").asText(), "curve of "
                    + curve.path("sizes").size() + " points", "-", "-"));
        }
        MissRatioFigures missRatios = new MissRatioFigures(pageContext(parameters.get("pageSize")));
        missRatios.add(label, document, document.path("curves"));
        List<Figure> figures = new ArrayList<>(missRatios.figures());
        figures.addAll(curves.figures());
        figures.addAll(WindowedMissRatioFigures.of(label, pageContext(parameters.get("pageSize")), document));
        List<String> columns = bytes ? List.of("policy", "faults", "miss ratio", "byte miss ratio", "write-backs")
                : List.of("policy", "faults", "miss ratio", "write-backs");
        return new Section("Replay of " + label, "heaplab trace replay", parameters, Environment.of(document),
                List.of(), List.of(new Table("Faults", columns, rows)), figures);
    }

    /**
     * A {@code heaplab curve} file: for one stream every curve side by side, as Denning compares LRU, WS and VMIN;
     * for several (a run under several allocators) each policy's curves side by side, a line per allocator.
     */
    static Section curves(String name, JsonNode document) {
        JsonNode streams = document.path("streams");
        boolean several = streams.size() > 1;
        Map<String, String> parameters = several ? sources(streams) : stream(streams.path(0));
        List<List<String>> rows = new ArrayList<>();
        CurveFigures curves = new CurveFigures(context(Set.of(parameters.getOrDefault("workload", "")),
                Set.of(parameters.getOrDefault("pageSize", ""))), parameters.get("pageSize"));
        List<Figure> windowed = new ArrayList<>();
        for (JsonNode stream : streams) {
            String label = streamLabel(stream, name);
            for (JsonNode curve : stream.path("curves")) {
                if (several) {
                    curves.addCurve(curve.path("policy").asText(), label, curve);
                } else {
                    curves.addCurve("", curve);
                }
                rows.add(List.of(label, curve.path("policy").asText(), curve.path("axis").asText(),
                        Integer.toString(curve.path("sizes").size()),
                        Nodes.grouped(curve.path("references").asDouble(), 0),
                        Nodes.grouped(stream.path("distinctPages").asDouble(), 0)));
            }
            windowed.addAll(WindowedMissRatioFigures.of(label, pageContext(stream.path("source").path("pageSize")
                    .asText("")), stream));
        }
        String title = several ? "Curves of " + parameters.get("workload")
                : "Curves of " + streamLabel(streams.path(0), name);
        return new Section(title, "heaplab curve", parameters, Environment.of(document), List.of(),
                List.of(new Table("Curves", List.of("stream", "policy", "axis", "points", "measured references",
                        "pages touched"), rows)), java.util.stream.Stream.concat(curves.figures().stream(),
                windowed.stream()).toList());
    }

    /** What a figure of runs shows, for its title: the workload and page size when the runs share them. */
    private static String context(Set<String> workloads, Set<String> pageSizes) {
        List<String> parts = new ArrayList<>();
        if (workloads.size() == 1 && !workloads.iterator().next().isEmpty()) {
            parts.add(workloads.iterator().next());
        }
        String pages = pageSizes.size() == 1 ? pageContext(pageSizes.iterator().next()) : "";
        if (!pages.isEmpty()) {
            parts.add(pages);
        }
        return String.join(", ", parts);
    }

    /** {@code "512-byte pages"}, or empty when the page size is not known (0 in a text trace). */
    private static String pageContext(String pageSize) {
        return pageSize == null || pageSize.isEmpty() || pageSize.equals("0") ? "" : pageSize + "-byte pages";
    }

    /** A stream as a line is labelled: a trace by its file name, a run by its allocator. */
    private static String streamLabel(JsonNode stream, String resultFile) {
        JsonNode source = stream.path("source");
        if (source.has("trace")) {
            return Path.of(source.path("trace").asText()).getFileName().toString();
        }
        return source.has("allocator") ? source.path("allocator").asText() : resultFile;
    }

    /** What several streams' sources say, each field's values once, in order. */
    private static Map<String, String> sources(JsonNode streams) {
        Map<String, Set<String>> values = new LinkedHashMap<>();
        for (JsonNode stream : streams) {
            Nodes.texts(stream.path("source")).forEach((k, v) ->
                    values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v));
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        values.forEach((k, v) -> parameters.put(k, String.join(", ", v)));
        return parameters;
    }

    /** The trace's file name (its path is in the parameters), or the result file's name for a stream of a run. */
    private static String traceName(Map<String, String> parameters, String resultFile) {
        String trace = parameters.get("trace");
        return trace == null ? resultFile : Path.of(trace).getFileName().toString();
    }

    /** What a replay or curve file says of its reference stream: where it came from and how long it is. */
    private static Map<String, String> stream(JsonNode document) {
        Map<String, String> parameters = new LinkedHashMap<>(Nodes.texts(document.path("source")));
        for (String field : List.of("references", "measuredFrom", "warmup", "runs", "distinctPages")) {
            // a stream replayed without a warm-up says nothing of one
            if (document.has(field) && !(field.equals("warmup") && document.get(field).asLong() == 0)) {
                parameters.put(field, document.get(field).asText());
            }
        }
        return parameters;
    }
}
