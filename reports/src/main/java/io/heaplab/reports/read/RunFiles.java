package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** What makes {@code heaplab run} files results of one experiment, so a report can merge their seeds. */
final class RunFiles {

    private RunFiles() {
    }

    /**
     * The experiment a run file holds, as text that is equal for two files exactly when they ran the same
     * workloads, allocators, page sizes and policies; {@code null} for any other document.
     */
    static String experiment(JsonNode document) {
        if (!document.isObject() || !document.path("runs").isArray() || document.has("experiment")
                || document.path("runs").isEmpty()) {
            return null;
        }
        TreeSet<String> points = new TreeSet<>();
        for (JsonNode run : document.path("runs")) {
            List<String> policies = new ArrayList<>();
            run.path("faults").fieldNames().forEachRemaining(policies::add);
            run.path("curves").forEach(c -> policies.add(c.path("policy").asText()));
            points.add(run.path("workload").asText() + "\n" + run.path("allocator").asText() + "\n"
                    + run.path("pageSize").asText() + "\n" + String.join("\n", new TreeSet<>(policies)));
        }
        return String.join("\n\n", points);
    }

    /**
     * The malloc traces a run file replayed, when every run of it is a malloc trace's replay (simulated by
     * {@code malloc replay} or native by {@code malloc native}); {@code null} for any other document. Two files of
     * the same traces are drawn side by side.
     */
    static String mallocTraces(JsonNode document) {
        if (!document.isObject() || !document.path("runs").isArray() || document.has("experiment")
                || document.path("runs").isEmpty()) {
            return null;
        }
        TreeSet<String> traces = new TreeSet<>();
        for (JsonNode run : document.path("runs")) {
            String workload = run.path("workload").asText();
            if (!workload.startsWith("malloc-trace:")) {
                return null;
            }
            traces.add(workload);
        }
        return String.join("\n", traces);
    }

    /** The allocators of a run file's runs, each once. */
    static List<String> allocators(JsonNode document) {
        TreeSet<String> allocators = new TreeSet<>();
        document.path("runs").forEach(run -> allocators.add(run.path("allocator").asText()));
        return new ArrayList<>(allocators);
    }

    /** The seeds of a run file's runs, each once. */
    static List<String> seeds(JsonNode document) {
        TreeSet<String> seeds = new TreeSet<>();
        document.path("runs").forEach(run -> seeds.add(run.path("seed").asText()));
        return new ArrayList<>(seeds);
    }
}
