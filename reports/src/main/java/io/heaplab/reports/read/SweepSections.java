package io.heaplab.reports.read;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.core.files.InputFile;
import io.heaplab.core.spi.Spec;
import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Series;
import io.heaplab.reports.model.Table;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.SequencedSet;

/**
 * A sweep's table ({@code table.jsonl}, with the {@code sweep.json} written beside it) as a report section: charts
 * of each measure against one axis, a line per value of a second, a chart per value of the others; the seeds of a
 * point averaged, with their standard deviation as error bars; and a table of the means.
 */
public final class SweepSections {

    /** The file beside a sweep's table that names its coordinate and measure columns. */
    public static final String MANIFEST = "sweep.json";
    /** What {@code sweep.json} says it is. */
    public static final String KIND = "sweep";
    /** The column of a failed point's reason. */
    public static final String FAILURE = "failure";
    /** The most rows of means the section's table shows. */
    static final int MAX_TABLE_ROWS = 2000;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SweepSections() {
    }

    /** Whether {@code file} is read as a sweep's table: a JSON Lines file. */
    public static boolean isSweepTable(Path file) {
        return file.getFileName() != null && file.getFileName().toString().endsWith(".jsonl");
    }

    /** The section of the sweep table {@code file}, drawn as {@code view} says. */
    public static Section read(Path file, SweepView view) throws IOException {
        String problem = InputFile.problem(file);
        if (problem != null) {
            throw new ResultFileException(file, problem + " (expected: a sweep's table.jsonl)");
        }
        Path manifestFile = file.toAbsolutePath().resolveSibling(MANIFEST);
        if (!Files.isRegularFile(manifestFile)) {
            throw new ResultFileException(file, "no " + MANIFEST + " beside it (expected: a sweep's table in the"
                    + " directory heaplab sweep wrote)");
        }
        JsonNode manifest;
        try {
            manifest = MAPPER.readTree(Files.readAllBytes(manifestFile));
        } catch (JsonProcessingException e) {
            throw new ResultFileException(manifestFile, "not JSON (expected: the sweep.json heaplab sweep wrote)");
        }
        if (!manifest.path("tool").asText().equals("heaplab") || !manifest.path("kind").asText().equals(KIND)
                || !manifest.path("columns").isArray() || !manifest.path("measures").isArray()) {
            throw new ResultFileException(manifestFile, "not a sweep's manifest (expected: the sweep.json heaplab"
                    + " sweep wrote)");
        }
        List<String> columns = new ArrayList<>();
        List<String> roles = new ArrayList<>();
        manifest.get("columns").forEach(c -> {
            columns.add(c.path("name").asText());
            roles.add(c.path("role").asText());
        });
        List<String> measures = new ArrayList<>();
        manifest.get("measures").forEach(m -> measures.add(m.path("name").asText()));
        List<Row> rows = rows(file, columns, measures);
        return section(file, manifest.path("sweep").asText(), columns, roles, measures, rows, view);
    }

    /** A row of the table: its coordinates, its measures (NaN where empty), whether it failed. */
    private record Row(List<String> coordinates, double[] measures, boolean failed) {
    }

    private static List<Row> rows(Path file, List<String> columns, List<String> measures) throws IOException {
        List<Row> rows = new ArrayList<>();
        // a last line without its line break is a row being written, or cut short by a stop: not read
        String[] lines = Files.readString(file, StandardCharsets.UTF_8).split("\n", -1);
        for (int n = 0; n < lines.length - 1; n++) {
            if (lines[n].isBlank()) {
                continue;
            }
            JsonNode row;
            try {
                row = MAPPER.readTree(lines[n]);
            } catch (JsonProcessingException e) {
                throw new ResultFileException(file, "line " + (n + 1) + ": not JSON (expected: a row of the sweep's"
                        + " table)");
            }
            List<String> coordinates = new ArrayList<>();
            for (String column : columns) {
                JsonNode value = row.get(column);
                if (value == null || !value.isValueNode()) {
                    throw new ResultFileException(file, "line " + (n + 1) + ": no value of '" + column
                            + "' (expected: the columns " + MANIFEST + " names)");
                }
                coordinates.add(value.isNull() ? "" : value.asText());
            }
            double[] values = new double[measures.size()];
            for (int m = 0; m < measures.size(); m++) {
                JsonNode value = row.get(measures.get(m));
                if (value == null || !(value.isNumber() || value.isNull())) {
                    throw new ResultFileException(file, "line " + (n + 1) + ": measure '" + measures.get(m)
                            + "' is " + (value == null ? "missing" : value) + " (expected: a number or null)");
                }
                values[m] = value.isNull() ? Double.NaN : value.doubleValue();
            }
            rows.add(new Row(coordinates, values, row.path(FAILURE).isTextual()));
        }
        return rows;
    }

    private static Section section(Path file, String sweep, List<String> columns, List<String> roles,
                                   List<String> measures, List<Row> rows, SweepView view) {
        int seedColumn = columns.indexOf("seed");
        SequencedMap<String, String> parameters = new LinkedHashMap<>();
        parameters.put("sweep", sweep);
        parameters.put("table", file.getFileName().toString());
        List<Integer> variedRaw = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            SequencedSet<String> values = values(rows, c);
            if (c != seedColumn && values.size() > 1) {
                variedRaw.add(c);
            } else if (c != seedColumn && values.size() == 1) {
                parameters.put(columns.get(c), values.getFirst());
            }
        }
        parameters.put("seeds", seedColumn < 0 ? "1" : String.join(", ", values(rows, seedColumn)));
        long failed = rows.stream().filter(Row::failed).count();
        parameters.put("points", rows.size() + (failed == 0 ? "" : ", " + failed + " failed"));
        // the options of a plugin column that varies are part of its values (buddy cell=32), not axes of their own;
        // but a size every row has (lru and fifo frames=8) is an axis whatever else varies: a chart per size would
        // hide the curve. A size some rows lack (lru's frames beside ws's theta) stays in its plugin's values.
        int[] owner = owners(roles);
        List<Integer> candidates = variedRaw.stream().filter(c -> owner[c] < 0 || !variedRaw.contains(owner[c])
                || size(columns.get(c), roles.get(c)) && !values(rows, c).contains("")).toList();
        int lines0 = view.lines() == null ? -1 : column(view.lines(), "lines", columns);
        int x = view.x() != null ? column(view.x(), "x", columns)
                : pickX(candidates, lines0, rows, c -> size(columns.get(c), roles.get(c)));
        if (lines0 >= 0 && lines0 == x) {
            throw new SweepViewException("lines", view.lines() + " is the x axis too (expected: another column)");
        }
        int lines = lines0 >= 0 ? lines0 : pickLines(candidates, x, rows);
        for (int c : new int[] {x, lines}) {
            // an option the view drew as the x axis or the lines is an axis of its own, not folded into its plugin
            if (c >= 0 && !candidates.contains(c)) {
                candidates = new ArrayList<>(candidates);
                candidates.add(c);
            }
        }
        List<Row> labelled = labelled(rows, columns, owner, variedRaw, candidates);
        List<Integer> facets = candidates.stream().filter(c -> c != x && c != lines).toList();
        List<Integer> drawn = new ArrayList<>();
        for (String measure : view.measures().isEmpty() ? measures : view.measures()) {
            int m = measures.indexOf(measure);
            if (m < 0) {
                throw new ResultFileException(file, "no measure '" + measure + "' (expected: one of "
                        + String.join(", ", measures) + ")");
            }
            drawn.add(m);
        }
        List<String> notes = new ArrayList<>();
        List<Figure> figures = new ArrayList<>();
        if (x < 0) {
            notes.add("No axis of the sweep varies but the seed: nothing to draw against; the table gives the means.");
        } else {
            notes.add("Each measure against " + columns.get(x) + (lines < 0 ? "" : ", a line per " + columns.get(lines))
                    + (facets.isEmpty() ? "" : ", a chart per " + String.join(" and ",
                    facets.stream().map(columns::get).toList())) + "; each point the mean over its seeds, the error"
                    + " bars their standard deviation" + (failed == 0 ? "." : "; failed points left out."));
            figures.addAll(figures(columns, measures, labelled, x, lines, facets, drawn));
        }
        List<Integer> shown = new ArrayList<>(candidates);
        for (int c : List.of(x, lines)) {
            if (c >= 0 && !shown.contains(c)) {
                shown.add(c);
            }
        }
        shown.sort(null);
        return new Section("Sweep " + sweep, "heaplab sweep " + sweep, parameters, Map.of(), notes,
                List.of(means(columns, measures, labelled, shown, drawn, notes)), figures);
    }

    /** For each column, the plugin column whose option it is (workload, allocator, policy), or -1. */
    private static int[] owners(List<String> roles) {
        int[] owner = new int[roles.size()];
        for (int c = 0; c < roles.size(); c++) {
            String role = roles.get(c);
            owner[c] = role.endsWith("_option") ? roles.indexOf(role.substring(0, role.length() - "_option".length()))
                    : -1;
        }
        return owner;
    }

    /**
     * The rows with each varying plugin column's value made its name and the options folded into it ({@code buddy
     * cell=32}), but those that are axes of their own ({@code candidates}: sizes, or the x axis or lines a view
     * chose).
     */
    private static List<Row> labelled(List<Row> rows, List<String> columns, int[] owner, List<Integer> variedRaw,
                                      List<Integer> candidates) {
        List<Row> labelled = new ArrayList<>();
        for (Row row : rows) {
            List<String> coordinates = new ArrayList<>(row.coordinates);
            for (int o = 0; o < owner.length; o++) {
                if (owner[o] >= 0 && variedRaw.contains(owner[o]) && !candidates.contains(o)
                        && !row.coordinates.get(o).isEmpty()) {
                    coordinates.set(owner[o], coordinates.get(owner[o]) + " " + columns.get(o) + "="
                            + row.coordinates.get(o));
                }
            }
            labelled.add(new Row(coordinates, row.measures, row.failed));
        }
        return labelled;
    }

    /** The index of the column {@code name} that the view's {@code field} gives. */
    private static int column(String name, String field, List<String> columns) {
        int c = columns.indexOf(name);
        if (c < 0) {
            throw new SweepViewException(field, name + " (expected: one of the table's columns: "
                    + String.join(", ", columns) + ")");
        }
        return c;
    }

    /** The policy options that are sizes: memory in frames, a window in references. */
    static final java.util.Set<String> SIZE_OPTIONS = java.util.Set.of("frames", "theta", "maximumSize");

    /** Whether a column is a size, which a person would put along the x axis: a policy's memory or window, the heap. */
    static boolean size(String column, String role) {
        return role.equals("heap_size") || role.equals("policy_option") && SIZE_OPTIONS.contains(column);
    }

    /**
     * The first size column that varies and is numeric, but {@code other}; else the numeric column that varies over
     * the most values; else the first that varies.
     */
    private static int pickX(List<Integer> candidates, int other, List<Row> rows,
                             java.util.function.IntPredicate size) {
        List<Integer> free = candidates.stream().filter(c -> c != other).toList();
        for (int c : free) {
            if (size.test(c) && numeric(values(rows, c))) {
                return c;
            }
        }
        int best = -1;
        for (int c : free) {
            SequencedSet<String> values = values(rows, c);
            if (numeric(values) && (best < 0 || values.size() > values(rows, best).size())) {
                best = c;
            }
        }
        return best >= 0 || free.isEmpty() ? best : free.getFirst();
    }

    /** A named column (allocators, policies) before a numeric one, which reads better as charts apart; not x. */
    private static int pickLines(List<Integer> candidates, int x, List<Row> rows) {
        List<Integer> free = candidates.stream().filter(c -> c != x).toList();
        return free.stream().filter(c -> !numeric(values(rows, c))).findFirst()
                .orElse(free.isEmpty() ? -1 : free.getFirst());
    }

    private static List<Figure> figures(List<String> columns, List<String> measures, List<Row> rows, int x,
                                        int lines, List<Integer> facets, List<Integer> drawn) {
        SequencedSet<String> xs = values(rows, x);
        boolean numericX = numeric(xs);
        if (numericX) {
            // lines run left to right whatever order the sweep gave the values in
            // a row without the x column's option (ws beside lru's frames) has no place on it
            List<String> sorted = new ArrayList<>(xs.stream().filter(v -> !v.isEmpty()).toList());
            sorted.sort(java.util.Comparator.comparingDouble(SweepSections::number));
            xs = new LinkedHashSet<>(sorted);
        }
        SequencedMap<List<String>, List<Row>> byFacet = new LinkedHashMap<>();
        for (Row row : rows) {
            byFacet.computeIfAbsent(facets.stream().map(f -> row.coordinates.get(f)).toList(),
                    k -> new ArrayList<>()).add(row);
        }
        List<Figure> figures = new ArrayList<>();
        for (int m : drawn) {
            int chart = 0;
            for (Map.Entry<List<String>, List<Row>> facet : byFacet.entrySet()) {
                chart++;
                List<Row> these = facet.getValue();
                SequencedSet<String> lineValues = lines < 0 ? new LinkedHashSet<>(List.of(""))
                        : values(these, lines);
                // one pass over the facet's rows: each (line, x) point's spread over its seeds
                Map<String, Map<String, Spread>> points = new java.util.HashMap<>();
                for (Row row : these) {
                    if (!row.failed && !Double.isNaN(row.measures[m])) {
                        String line = lines < 0 ? "" : row.coordinates.get(lines);
                        points.computeIfAbsent(line, k -> new java.util.HashMap<>())
                                .computeIfAbsent(row.coordinates.get(x), k -> new Spread()).add(row.measures[m]);
                    }
                }
                List<Series> series = new ArrayList<>();
                List<Double> all = new ArrayList<>();
                for (String line : lineValues) {
                    double[] mean = new double[xs.size()];
                    double[] sd = new double[xs.size()];
                    int i = 0;
                    for (String at : xs) {
                        Spread spread = points.getOrDefault(line, Map.of()).getOrDefault(at, new Spread());
                        mean[i] = spread.mean();
                        sd[i++] = spread.deviation();
                        all.add(mean[i - 1]);
                    }
                    String name = lines < 0 ? measures.get(m) : columns.get(lines) + " " + line;
                    double[] xValues = numericX ? xs.stream().mapToDouble(SweepSections::number).toArray()
                            : new double[0];
                    series.add(new Series(name, Series.Style.LINE, xValues, mean, sd));
                }
                String title = measures.get(m) + " against " + columns.get(x) + facetTitle(columns, facets,
                        facet.getKey());
                // a measure's name is the file's to choose (a plugin's "vp<b>"): its id is made file-name-safe
                String slug = Ids.slug(measures.get(m));
                String id = (slug.isEmpty() ? "measure-" + (m + 1) : slug) + (byFacet.size() > 1 ? "-" + chart : "");
                double[] ys = all.stream().mapToDouble(Double::doubleValue).toArray();
                figures.add(numericX
                        ? Figure.lines(id, title, Axis.fitting(columns.get(x) + (xs.getFirst().endsWith("%")
                                ? " (% of the pages the point touches)" : ""), xs.stream()
                                .mapToDouble(SweepSections::number).toArray()), Axis.fitting(measures.get(m), ys),
                        series, List.of())
                        : Figure.bars(id, title, columns.get(x), Axis.fitting(measures.get(m), 10, ys),
                        List.copyOf(xs), series));
            }
        }
        return figures;
    }

    private static String facetTitle(List<String> columns, List<Integer> facets, List<String> values) {
        if (facets.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < facets.size(); i++) {
            parts.add(columns.get(facets.get(i)) + " " + values.get(i));
        }
        return ", " + String.join(", ", parts);
    }

    /**
     * The mean and standard deviation of a point's values over its seeds, kept by Welford's method: no cancellation
     * for counts in the billions.
     */
    private static final class Spread {
        private int n;
        private double mean;
        private double squares;

        void add(double value) {
            n++;
            double delta = value - mean;
            mean += delta / n;
            squares += delta * (value - mean);
        }

        /** The mean, or NaN (not drawn) when no seed gave a value. */
        double mean() {
            return n == 0 ? Double.NaN : mean;
        }

        double deviation() {
            return n < 2 ? 0 : Math.sqrt(squares / (n - 1));
        }
    }

    /** The table of means: a row per point but its seed, each drawn measure's mean over the seeds. */
    private static Table means(List<String> columns, List<String> measures, List<Row> rows, List<Integer> varied,
                               List<Integer> drawn, List<String> notes) {
        SequencedMap<List<String>, List<Row>> points = new LinkedHashMap<>();
        for (Row row : rows) {
            points.computeIfAbsent(varied.stream().map(c -> row.coordinates.get(c)).toList(),
                    k -> new ArrayList<>()).add(row);
        }
        List<String> header = new ArrayList<>(varied.stream().map(columns::get).toList());
        drawn.forEach(m -> header.add(measures.get(m)));
        List<List<String>> cells = new ArrayList<>();
        for (Map.Entry<List<String>, List<Row>> point : points.entrySet()) {
            if (cells.size() == MAX_TABLE_ROWS) {
                notes.add("The table shows the first " + MAX_TABLE_ROWS + " of " + points.size() + " points;"
                        + " table.csv holds them all.");
                break;
            }
            List<String> cellsOfRow = new ArrayList<>(point.getKey());
            for (int m : drawn) {
                Spread spread = new Spread();
                for (Row row : point.getValue()) {
                    if (!row.failed && !Double.isNaN(row.measures[m])) {
                        spread.add(row.measures[m]);
                    }
                }
                cellsOfRow.add(Double.isNaN(spread.mean()) ? "-" : format(spread.mean()));
            }
            cells.add(cellsOfRow);
        }
        return new Table("Means over the seeds", header, cells);
    }

    private static String format(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Spec.number(value);
        }
        // a mean of counts keeps its whole part and a decimal; a ratio four significant digits
        java.math.BigDecimal exact = new java.math.BigDecimal(value);
        java.math.BigDecimal shown = Math.abs(value) >= 100 ? exact.setScale(1, java.math.RoundingMode.HALF_EVEN)
                : exact.round(new java.math.MathContext(4));
        return shown.stripTrailingZeros().toPlainString();
    }

    private static SequencedSet<String> values(List<Row> rows, int column) {
        SequencedSet<String> values = new LinkedHashSet<>();
        rows.forEach(r -> values.add(r.coordinates.get(column)));
        return values;
    }

    /** Whether every value but the empty ones (rows without the option) is a number, and one at least is. */
    private static boolean numeric(SequencedSet<String> values) {
        boolean any = false;
        for (String value : values) {
            if (value.isEmpty()) {
                continue;
            }
            any = true;
            try {
                number(value);
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return any;
    }

    /**
     * A coordinate as a number: a percentage of the pages a point touches ({@code 10%}, a sweep's frames) as its
     * percentage points, so the axis runs over the percentages the file names.
     */
    private static double number(String value) {
        return Double.parseDouble(value.endsWith("%") ? value.substring(0, value.length() - 1) : value);
    }
}
