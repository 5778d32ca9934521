package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Series;
import io.heaplab.reports.model.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The section of a JMH JSON result file: a table per benchmark class with every score, its error and the
 * secondary results (heaplab's {@code lruFaults} among them); for a benchmark whose {@code strategy} includes the
 * {@value #BASELINE} baseline, each strategy's score as a ratio to it, drawn as bars with error bars; and the
 * recorder's overhead, the ratio of {@value #RECORDED} to {@value #UNRECORDED}.
 */
final class JmhSection {

    /** The strategy every other is divided by: the C library's allocator. */
    static final String BASELINE = "malloc";
    /** The benchmark method that runs a workload recording every reference into LRU. */
    static final String RECORDED = "recordedIntoLru";
    /** The benchmark method that runs the same workload with recording off. */
    static final String UNRECORDED = "unrecorded";

    /** One benchmark result: class, method, parameters, score and error, secondary scores. */
    private record Result(String benchmark, String method, Map<String, String> params, double score, double error,
                          String unit, Map<String, Double> secondary) {

        /** The parameters but {@code strategy}: the group a strategy's score is compared within. */
        String group() {
            StringBuilder group = new StringBuilder();
            params.forEach((k, v) -> {
                if (!k.equals("strategy")) {
                    group.append(group.isEmpty() ? "" : ", ").append(k).append('=').append(v);
                }
            });
            return group.toString();
        }
    }

    private JmhSection() {
    }

    static Section of(String name, JsonNode array) {
        Map<String, List<Result>> byClass = new LinkedHashMap<>();
        for (JsonNode entry : array) {
            Result result = result(entry);
            byClass.computeIfAbsent(result.benchmark, b -> new ArrayList<>()).add(result);
        }
        List<Table> tables = new ArrayList<>();
        List<Figure> figures = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        byClass.forEach((benchmark, results) -> {
            tables.add(table(benchmark, results));
            ratioFigure(benchmark, results).ifPresent(figures::add);
            notes.addAll(overheads(results));
        });
        JsonNode first = array.path(0);
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("mode", first.path("mode").asText());
        parameters.put("forks", first.path("forks").asText());
        parameters.put("warm-up", first.path("warmupIterations").asText() + " × " + first.path("warmupTime").asText());
        parameters.put("measurement", first.path("measurementIterations").asText() + " × "
                + first.path("measurementTime").asText());
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("jdk", first.path("jdkVersion").asText());
        environment.put("vm", first.path("vmName").asText() + " " + first.path("vmVersion").asText());
        environment.put("jvm arguments", Nodes.texts(first).getOrDefault("jvmArgs", ""));
        environment.put("jmh", first.path("jmhVersion").asText());
        return new Section("JMH benchmarks from " + name, "JMH " + first.path("jmhVersion").asText(), parameters,
                environment, notes, tables, figures);
    }

    private static Result result(JsonNode entry) {
        String full = entry.path("benchmark").asText();
        int dot = full.lastIndexOf('.');
        String benchmark = full.substring(full.lastIndexOf('.', dot - 1) + 1, dot);
        Map<String, Double> secondary = new LinkedHashMap<>();
        entry.path("secondaryMetrics").properties()
                .forEach(e -> secondary.put(e.getKey(), Nodes.number(e.getValue(), "score")));
        JsonNode primary = entry.path("primaryMetric");
        return new Result(benchmark, full.substring(dot + 1), Nodes.texts(entry.path("params")),
                Nodes.number(primary, "score"), Nodes.number(primary, "scoreError"),
                primary.path("scoreUnit").asText(), secondary);
    }

    private static Table table(String benchmark, List<Result> results) {
        Set<String> params = new LinkedHashSet<>();
        Set<String> secondary = new LinkedHashSet<>();
        results.forEach(r -> {
            params.addAll(r.params.keySet());
            secondary.addAll(r.secondary.keySet());
        });
        boolean ratios = results.stream().anyMatch(r -> baseline(results, r) != null);
        List<String> columns = new ArrayList<>(List.of("method"));
        columns.addAll(params);
        columns.addAll(List.of("score", "error (99.9%)", "unit"));
        if (ratios) {
            columns.add("ratio to " + BASELINE);
        }
        columns.addAll(secondary);
        List<List<String>> rows = new ArrayList<>();
        for (Result r : results) {
            List<String> row = new ArrayList<>(List.of(r.method));
            params.forEach(p -> row.add(r.params.getOrDefault(p, "")));
            row.addAll(List.of(Nodes.cell(r.score, 3), Nodes.cell(r.error, 3), r.unit));
            if (ratios) {
                Result base = baseline(results, r);
                row.add(base == null ? "-" : Nodes.cell(r.score / base.score, 3));
            }
            secondary.forEach(s -> row.add(Nodes.cell(r.secondary.getOrDefault(s, Double.NaN), 1)));
            rows.add(row);
        }
        return new Table(benchmark, columns, rows);
    }

    /** The {@value #BASELINE} result of {@code r}'s method and group, or null when there is none. */
    private static Result baseline(List<Result> results, Result r) {
        if (!r.params.containsKey("strategy")) {
            return null;
        }
        return results.stream().filter(b -> b.method.equals(r.method) && BASELINE.equals(b.params.get("strategy"))
                && b.group().equals(r.group())).findFirst().orElse(null);
    }

    /**
     * Each strategy's score over the baseline's in the same group, a bar series per group. The error bar combines
     * both scores' relative errors (r·√((e/s)² + (e₀/s₀)²)), since each is measured with its own noise.
     */
    private static Optional<Figure> ratioFigure(String benchmark, List<Result> results) {
        List<String> strategies = new ArrayList<>();
        Map<String, Map<String, double[]>> groups = new LinkedHashMap<>();
        String unit = null;
        for (Result r : results) {
            Result base = baseline(results, r);
            if (base == null || r == base) {
                continue;
            }
            unit = r.unit;
            String strategy = r.method + ":" + r.params.get("strategy");
            if (!strategies.contains(strategy)) {
                strategies.add(strategy);
            }
            double ratio = r.score / base.score;
            double relative = Math.hypot(finite(r.error) / r.score, finite(base.error) / base.score);
            groups.computeIfAbsent(r.group(), g -> new LinkedHashMap<>()).put(strategy,
                    new double[] {ratio, ratio * relative});
        }
        if (groups.isEmpty()) {
            return Optional.empty();
        }
        boolean oneMethod = strategies.stream().map(s -> s.substring(0, s.indexOf(':'))).distinct().count() == 1;
        List<String> categories = strategies.stream().map(s -> oneMethod ? s.substring(s.indexOf(':') + 1) : s).toList();
        List<Series> series = new ArrayList<>();
        List<Double> all = new ArrayList<>();
        groups.forEach((group, byStrategy) -> {
            double[] y = new double[strategies.size()];
            double[] e = new double[strategies.size()];
            for (int i = 0; i < y.length; i++) {
                double[] point = byStrategy.getOrDefault(strategies.get(i), new double[] {Double.NaN, Double.NaN});
                y[i] = point[0];
                e[i] = point[1];
                all.add(point[0]);
            }
            series.add(Series.bars(group.isEmpty() ? "ratio" : group, y, e));
        });
        return Optional.of(Figure.bars("ratio-" + Ids.slug(benchmark),
                benchmark + ": " + unit + " as a ratio to glibc " + BASELINE + "/free",
                "strategy", Axis.fitting(unit + " / " + BASELINE + "'s " + unit,
                        all.stream().mapToDouble(Double::doubleValue).toArray()), categories, series));
    }

    /** "Recording costs ×r" for each parameter set that has both a recorded and an unrecorded result. */
    private static List<String> overheads(List<Result> results) {
        List<String> notes = new ArrayList<>();
        for (Result recorded : results) {
            if (!recorded.method.equals(RECORDED)) {
                continue;
            }
            results.stream().filter(u -> u.method.equals(UNRECORDED) && u.params.equals(recorded.params)).findFirst()
                    .ifPresent(unrecorded -> notes.add("Recorder overhead" + (recorded.params.isEmpty() ? ""
                            : " (" + recorded.group() + (recorded.params.containsKey("strategy")
                            ? ", strategy=" + recorded.params.get("strategy") : "") + ")")
                            + ": recording every reference into LRU takes " + Nodes.cell(recorded.score, 3) + " "
                            + recorded.unit + " against " + Nodes.cell(unrecorded.score, 3) + " unrecorded, a ratio of "
                            + Nodes.cell(ratio(recorded, unrecorded), 2) + "."));
        }
        return notes;
    }

    /** Recorded over unrecorded time; JMH's throughput modes score the other way up. */
    private static double ratio(Result recorded, Result unrecorded) {
        boolean throughput = recorded.unit.startsWith("ops/");
        return throughput ? unrecorded.score / recorded.score : recorded.score / unrecorded.score;
    }

    private static double finite(double error) {
        return Double.isFinite(error) ? error : 0;
    }
}
