package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The names of runs drawn one by one (a line or a bar each): the allocator, then only what tells runs apart, so runs
 * that differ by their seed alone read {@code stack · seed 2} rather than one name twice.
 */
final class RunLabels {

    private RunLabels() {
    }

    /**
     * A label per run of {@code runs}, in order: the allocator; the seed when two runs share everything else shown;
     * the workload and the page size when the runs have several. The seed comes right after the allocator, as a long
     * workload spec is what a slanted axis label cuts short.
     */
    static List<String> of(JsonNode runs) {
        Set<String> workloads = new HashSet<>();
        Set<String> pageSizes = new HashSet<>();
        runs.forEach(run -> {
            workloads.add(run.path("workload").asText());
            pageSizes.add(run.path("pageSize").asText());
        });
        boolean workload = workloads.size() > 1;
        boolean pageSize = pageSizes.size() > 1;
        List<String> withoutSeed = new ArrayList<>();
        runs.forEach(run -> withoutSeed.add(label(run, false, workload, pageSize)));
        boolean seed = new HashSet<>(withoutSeed).size() < withoutSeed.size();
        List<String> labels = new ArrayList<>();
        runs.forEach(run -> labels.add(label(run, seed, workload, pageSize)));
        return labels;
    }

    private static String label(JsonNode run, boolean seed, boolean workload, boolean pageSize) {
        return run.path("allocator").asText()
                + (seed ? " · seed " + run.path("seed").asText() : "")
                + (workload ? " · " + run.path("workload").asText() : "")
                + (pageSize ? " · " + run.path("pageSize").asText() + " B pages" : "");
    }
}
