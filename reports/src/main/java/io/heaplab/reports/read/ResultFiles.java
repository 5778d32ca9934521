package io.heaplab.reports.read;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.core.files.InputFile;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.model.ReportJson;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.schema.Expect;
import io.heaplab.reports.schema.JsonPath;
import io.heaplab.reports.schema.SchemaViolation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.function.BiFunction;

/**
 * Reads any result file heaplab or JMH writes into report sections, telling the kinds apart by their content:
 * JMH's JSON (an array of benchmark results), a report written by heaplab, an experiment's file read by the
 * {@link ExperimentReader} its {@code experiment} field names (every paper reproduction's), {@code run --json},
 * {@code trace replay --json} and {@code curve}. Each file is checked against its kind's schema
 * ({@link ResultSchemas}, or the reader's) before any is drawn, so a file cut short, edited by hand or relabelled
 * fails naming the first value out of place rather than being drawn as zeros and dashes.
 */
public final class ResultFiles {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** The largest result file read: heaplab's own are kilobytes to a few megabytes; this keeps a stray one out. */
    static final long MAX_BYTES = 256L << 20;
    /**
     * The most JSON values a result file may hold: a tree of them takes tens of bytes each, so a small file of empty
     * objects would take gigabytes; counted on the stream before any tree is built.
     */
    static final long MAX_VALUES = 5_000_000;

    private ResultFiles() {
    }

    /**
     * The sections of one result file.
     *
     * @throws ResultFileException naming the file and what is wrong when it is missing, not JSON, of no kind this
     *                             version reads, or not what its kind holds (the first value out of place, by its
     *                             path)
     */
    public static List<Section> read(Path file) throws IOException {
        Loaded loaded = load(file);
        return loaded.sections(file.getFileName().toString(), loaded.document);
    }

    /**
     * The sections of several result files, in order, every file checked before any is drawn; {@code heaplab run}
     * files of one experiment (the same workloads, allocators, page sizes and policies) under different seeds are
     * merged into one section, each measure their mean and standard deviation, each curve their mean with a band;
     * replays of the same malloc traces by different allocators ({@code malloc replay} and {@code malloc native}
     * files) are merged into one section too, side by side.
     */
    public static List<Section> readAll(List<Path> files) throws IOException {
        return readAll(files, SweepView.AUTO);
    }

    /**
     * The sections of several result files as {@link #readAll(List)} gives them, a sweep's table ({@code
     * table.jsonl}) among them drawn as {@code view} says.
     */
    public static List<Section> readAll(List<Path> files, SweepView view) throws IOException {
        List<Loaded> all = new ArrayList<>();
        List<Section> sweeps = new ArrayList<>();
        for (Path file : files) {
            // a sweep's table is JSON Lines, a row per line: read whole here, drawn in its place below
            boolean sweep = SweepSections.isSweepTable(file);
            all.add(sweep ? null : load(file));
            sweeps.add(sweep ? SweepSections.read(file, view) : null);
        }
        List<Section> sections = new ArrayList<>();
        boolean[] merged = new boolean[files.size()];
        for (int i = 0; i < files.size(); i++) {
            if (sweeps.get(i) != null) {
                sections.add(sweeps.get(i));
                continue;
            }
            if (merged[i]) {
                continue;
            }
            JsonNode document = all.get(i).document;
            List<String> names = new ArrayList<>(List.of(files.get(i).getFileName().toString()));
            String key = RunFiles.experiment(document);
            if (key != null) {
                Set<String> seeds = new HashSet<>(RunFiles.seeds(document));
                ArrayNode runs = document.get("runs").deepCopy();
                for (int j = i + 1; j < files.size(); j++) {
                    List<String> others = all.get(j) != null && key.equals(RunFiles.experiment(all.get(j).document))
                            ? RunFiles.seeds(all.get(j).document) : List.of();
                    if (!merged[j] && !others.isEmpty() && others.stream().noneMatch(seeds::contains)) {
                        merged[j] = true;
                        seeds.addAll(others);
                        runs.addAll((ArrayNode) all.get(j).document.get("runs"));
                        names.add(files.get(j).getFileName().toString());
                    }
                }
                String traces = names.size() == 1 ? RunFiles.mallocTraces(document) : null;
                if (traces != null) {
                    // replays of the same malloc traces by other allocators (the simulated strategies and the real
                    // allocators, say): one section, side by side
                    Set<String> allocators = new HashSet<>(RunFiles.allocators(document));
                    for (int j = i + 1; j < files.size(); j++) {
                        if (!merged[j] && all.get(j) != null
                                && traces.equals(RunFiles.mallocTraces(all.get(j).document))
                                && RunFiles.allocators(all.get(j).document).stream().noneMatch(allocators::contains)) {
                            merged[j] = true;
                            allocators.addAll(RunFiles.allocators(all.get(j).document));
                            runs.addAll((ArrayNode) all.get(j).document.get("runs"));
                            names.add(files.get(j).getFileName().toString());
                        }
                    }
                }
                if (names.size() > 1) {
                    ObjectNode together = document.deepCopy();
                    together.set("runs", runs);
                    document = together;
                }
            }
            sections.addAll(all.get(i).sections(String.join(" + ", names), document));
        }
        return sections;
    }

    /** What a result file is: what a message calls it, what it holds, and how its sections are made. */
    private record Kind(String name, Expect schema, BiFunction<String, JsonNode, List<Section>> reader) {
    }

    /** A result file read and checked against its kind's schema, ready to be drawn. */
    private record Loaded(Path file, Kind kind, JsonNode document) {

        /**
         * The sections of {@code document} (this file's, or several merged under it) shown as {@code name}; a
         * reader that fails all the same (a check its schema does not make) fails naming the file, not with a
         * JDK exception.
         */
        List<Section> sections(String name, JsonNode document) {
            try {
                return kind.reader.apply(name, document);
            } catch (ResultFileException e) {
                throw e;
            } catch (IllegalArgumentException e) {
                // the model's own checks: their messages already say what is wrong and what was expected
                throw new ResultFileException(file, e.getMessage());
            } catch (RuntimeException e) {
                throw new ResultFileException(file, "a malformed " + kind.name + " result: "
                        + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage())
                        + " (expected: the file as heaplab or JMH wrote it)");
            }
        }
    }

    /** {@code file} parsed, its kind found and its content checked against the kind's schema. */
    private static Loaded load(Path file) throws IOException {
        JsonNode document = parse(file);
        Kind kind = kind(file, document);
        try {
            kind.schema.check(document);
        } catch (SchemaViolation e) {
            throw new ResultFileException(file, e.getMessage());
        }
        return new Loaded(file, kind, document);
    }

    private static JsonNode parse(Path file) throws IOException {
        String problem = InputFile.problem(file);
        if (problem != null) {
            throw new ResultFileException(file, problem + " (expected: a result file of heaplab or JMH)");
        }
        JsonNode document;
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new ResultFileException(file, String.format(Locale.ROOT, "%,d bytes, more than the %,d a result"
                        + " file may hold (expected: a result file of heaplab or JMH)", size, MAX_BYTES));
            }
            byte[] bytes = Files.readAllBytes(file);
            long values = 0;
            try (JsonParser tokens = MAPPER.getFactory().createParser(bytes)) {
                for (JsonToken token = tokens.nextToken(); token != null; token = tokens.nextToken()) {
                    if (token != JsonToken.FIELD_NAME && !token.isStructEnd() && ++values > MAX_VALUES) {
                        throw new ResultFileException(file, String.format(Locale.ROOT, "more than %,d JSON values"
                                + " (expected: a result file of heaplab or JMH, which holds far fewer)", MAX_VALUES));
                    }
                }
            }
            document = MAPPER.readTree(bytes);
        } catch (JsonProcessingException e) {
            // a limit of the parser's (nesting deeper than 1,000) comes without a location
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr();
            throw new ResultFileException(file, "not JSON: " + e.getOriginalMessage() + where
                    + " (expected: a result file of heaplab or JMH)");
        } catch (IOException e) {
            throw new ResultFileException(file, "cannot read it: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()) + " (expected: a readable result file)");
        }
        return document;
    }

    /**
     * The kind of {@code document} by what it says of itself: JMH's array of benchmarks, or a heaplab document of
     * this schema that is a report, an experiment's file (read by the reader its {@code experiment} names), or a
     * run, replay or curve file by the field that holds its results.
     */
    private static Kind kind(Path file, JsonNode document) {
        if (document != null && document.isArray() && !document.isEmpty() && document.get(0).has("benchmark")
                && document.get(0).has("primaryMetric")) {
            return new Kind("JMH", ResultSchemas.JMH, (name, d) -> List.of(JmhSection.of(name, d)));
        }
        if (document == null || !document.isObject() || !"heaplab".equals(document.path("tool").asText())) {
            throw new ResultFileException(file, "not a heaplab or JMH result file (expected: a JSON document with"
                    + " \"tool\": \"heaplab\", or JMH's JSON array)");
        }
        JsonNode schema = document.path("schema");
        if (!schema.isIntegralNumber() || schema.asLong() != JsonResults.SCHEMA_VERSION) {
            throw outOfPlace(file, "schema", schema, JsonResults.SCHEMA_VERSION
                    + (schema.isIntegralNumber() && schema.asLong() > JsonResults.SCHEMA_VERSION
                    ? "; a newer heaplab wrote it" : ""));
        }
        if (document.has("kind")) {
            if (!ReportJson.isReport(document)) {
                throw outOfPlace(file, "kind", document.get("kind"), Expect.oneOf(ReportJson.KIND).expected());
            }
            return new Kind("report", ResultSchemas.REPORT, (name, d) -> ReportJson.fromTree(d).sections());
        }
        if (document.has("experiment")) {
            JsonNode experiment = document.get("experiment");
            ExperimentReader reader = experiment.isTextual() ? Readers.ALL.get(experiment.textValue()) : null;
            if (reader == null) {
                String known = String.join(", ", new TreeSet<>(Readers.ALL.keySet()));
                if (!experiment.isTextual()) {
                    throw outOfPlace(file, "experiment", experiment, "the name of an experiment, one of " + known);
                }
                throw new ResultFileException(file, "experiment '" + experiment.textValue() + "' has no reader on"
                        + " this class path (expected: one of " + known + ")");
            }
            return new Kind(reader.kind(), reader.schema(), (name, d) -> List.of(reader.section(d)));
        }
        // a replay's "runs" counts runs of references to one page, so its "faults" tell it from a run file
        if (document.has("streams")) {
            return new Kind("curve", ResultSchemas.CURVES, (name, d) -> List.of(PagingSections.curves(name, d)));
        }
        if (document.has("faults")) {
            return new Kind("replay", ResultSchemas.REPLAY, (name, d) -> List.of(PagingSections.replay(name, d)));
        }
        if (document.has("runs")) {
            return new Kind("run", ResultSchemas.RUNS, (name, d) -> List.of(PagingSections.runs(name, d)));
        }
        throw new ResultFileException(file, "a heaplab document of no kind a report shows (expected: the results of a"
                + " reproduction, a run, a trace replay, a curve or a report)");
    }

    /** A field of the document's head that says what it is, out of place, in the words of a schema's message. */
    private static ResultFileException outOfPlace(Path file, String field, JsonNode found, String expected) {
        return new ResultFileException(file, new SchemaViolation(JsonPath.ROOT.field(field), found, expected)
                .getMessage());
    }

    /** The experiment readers, loaded when a file first needs one. */
    private static final class Readers {
        static final Map<String, ExperimentReader> ALL = readers();
    }

    /** The experiment readers on heaplab's class path, by experiment name. */
    private static Map<String, ExperimentReader> readers() {
        Map<String, ExperimentReader> readers = new HashMap<>();
        for (ExperimentReader reader : ServiceLoader.load(ExperimentReader.class,
                ExperimentReader.class.getClassLoader())) {
            ExperimentReader twin = readers.putIfAbsent(reader.experiment(), reader);
            if (twin != null) {
                throw new IllegalStateException("two readers of experiment '" + reader.experiment() + "': "
                        + twin.getClass().getName() + " and " + reader.getClass().getName() + " (expected: one)");
            }
        }
        return Map.copyOf(readers);
    }
}
