package io.heaplab.reports.read;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.core.files.InputFile;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.model.ReportJson;
import io.heaplab.reports.model.Section;
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
import java.util.function.Supplier;

/**
 * Reads any result file heaplab or JMH writes into report sections, telling the kinds apart by their content:
 * JMH's JSON (an array of benchmark results), a report written by heaplab, an experiment's file read by the
 * {@link ExperimentReader} its {@code experiment} field names (every paper reproduction's), {@code run --json},
 * {@code trace replay --json} and {@code curve}.
 */
public final class ResultFiles {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** The largest result file read: heaplab's own are kilobytes to a few megabytes; this keeps a stray one out. */
    static final long MAX_BYTES = 256L << 20;

    private ResultFiles() {
    }

    /**
     * The sections of one result file.
     *
     * @throws ResultFileException naming the file and what is wrong when it is missing, not JSON or of no kind
     *                             this version reads
     */
    public static List<Section> read(Path file) throws IOException {
        return sections(file, file.getFileName().toString(), parse(file));
    }

    /**
     * The sections of several result files, in order; {@code heaplab run} files of one experiment (the same
     * workloads, allocators, page sizes and policies) under different seeds are merged into one section, each
     * measure their mean and standard deviation, each curve their mean with a band.
     */
    public static List<Section> readAll(List<Path> files) throws IOException {
        List<JsonNode> documents = new ArrayList<>();
        for (Path file : files) {
            documents.add(parse(file));
        }
        List<Section> sections = new ArrayList<>();
        boolean[] merged = new boolean[files.size()];
        for (int i = 0; i < files.size(); i++) {
            if (merged[i]) {
                continue;
            }
            JsonNode document = documents.get(i);
            List<String> names = new ArrayList<>(List.of(files.get(i).getFileName().toString()));
            String key = RunFiles.experiment(document);
            if (key != null) {
                Set<String> seeds = new HashSet<>(RunFiles.seeds(document));
                ArrayNode runs = document.get("runs").deepCopy();
                for (int j = i + 1; j < files.size(); j++) {
                    List<String> others = key.equals(RunFiles.experiment(documents.get(j)))
                            ? RunFiles.seeds(documents.get(j)) : List.of();
                    if (!merged[j] && !others.isEmpty() && others.stream().noneMatch(seeds::contains)) {
                        merged[j] = true;
                        seeds.addAll(others);
                        runs.addAll((ArrayNode) documents.get(j).get("runs"));
                        names.add(files.get(j).getFileName().toString());
                    }
                }
                if (names.size() > 1) {
                    ObjectNode together = document.deepCopy();
                    together.set("runs", runs);
                    document = together;
                }
            }
            sections.addAll(sections(files.get(i), String.join(" + ", names), document));
        }
        return sections;
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
            document = MAPPER.readTree(Files.readAllBytes(file));
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

    private static List<Section> sections(Path file, String name, JsonNode document) {
        if (document != null && document.isArray() && !document.isEmpty() && document.get(0).has("benchmark")
                && document.get(0).has("primaryMetric")) {
            return sections(file, "JMH", () -> List.of(JmhSection.of(name, document)));
        }
        if (document == null || !document.isObject() || !"heaplab".equals(document.path("tool").asText())) {
            throw new ResultFileException(file, "not a heaplab or JMH result file (expected: a JSON document with"
                    + " \"tool\": \"heaplab\", or JMH's JSON array)");
        }
        int schema = document.path("schema").asInt(-1);
        if (schema != JsonResults.SCHEMA_VERSION) {
            throw new ResultFileException(file, "schema " + document.path("schema") + " (expected: "
                    + JsonResults.SCHEMA_VERSION + (schema > JsonResults.SCHEMA_VERSION ? "; a newer heaplab wrote it)" : ")"));
        }
        if (ReportJson.isReport(document)) {
            return sections(file, "report", () -> ReportJson.fromTree(document).sections());
        }
        if (document.has("experiment")) {
            String experiment = document.path("experiment").asText();
            ExperimentReader reader = Readers.ALL.get(experiment);
            if (reader == null) {
                throw new ResultFileException(file, "experiment '" + experiment + "' has no reader on this class path"
                        + " (expected: one of " + String.join(", ", new TreeSet<>(Readers.ALL.keySet())) + ")");
            }
            return sections(file, reader.kind(), () -> List.of(reader.section(document)));
        }
        return List.of(byShape(file, name, document));
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

    /**
     * The sections {@code reader} makes of a file of {@code kind}; a file of that kind whose fields are missing or
     * of the wrong type (cut short, edited by hand) fails naming the file, not with a JDK exception.
     */
    private static List<Section> sections(Path file, String kind, Supplier<List<Section>> reader) {
        try {
            return reader.get();
        } catch (ResultFileException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // the model's own checks: their messages already say what is wrong and what was expected
            throw new ResultFileException(file, e.getMessage());
        } catch (RuntimeException e) {
            throw new ResultFileException(file, "a malformed " + kind + " result: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()) + " (expected: the file as heaplab or JMH"
                    + " wrote it)");
        }
    }

    private static Section byShape(Path file, String name, JsonNode document) {
        if (document.path("runs").isArray()) {
            return sections(file, "run", () -> List.of(PagingSections.runs(name, document))).getFirst();
        }
        if (document.path("faults").isObject()) {
            return sections(file, "replay", () -> List.of(PagingSections.replay(name, document))).getFirst();
        }
        if (document.path("streams").isArray()) {
            return sections(file, "curve", () -> List.of(PagingSections.curves(name, document))).getFirst();
        }
        throw new ResultFileException(file, "a heaplab document of no kind a report shows (expected: the results of a"
                + " reproduction, a run, a trace replay, a curve or a report)");
    }
}
