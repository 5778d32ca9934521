package io.heaplab.reports;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.core.diagnostics.Diagnostics;
import io.heaplab.core.diagnostics.Histogram;
import io.heaplab.core.run.RunResult;

/** A run's {@link Diagnostics} as JSON: links followed, ages of the blocks read, faults by phase. */
public final class DiagnosticsJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private DiagnosticsJson() {
    }

    /** The diagnostics of {@code run}, which gathered them, with its faults per allocation. */
    public static ObjectNode toTree(RunResult run) {
        Diagnostics d = run.diagnostics();
        ObjectNode node = NODES.objectNode();
        node.put("allocations", d.allocations());
        node.put("blocksPerPage", d.blocksPerPage());
        ObjectNode perAllocation = node.putObject("faultsPerAllocation");
        run.faultsPerAllocation().forEach(perAllocation::put);
        ObjectNode links = node.putObject("links");
        links.put("followed", d.links());
        links.put("withinPage", d.linksWithinPage());
        links.put("unresolved", d.linksUnresolved());
        links.set("gaps", histogram(d.linkGaps()));
        ObjectNode visits = node.putObject("visits");
        visits.put("blocks", d.visits());
        visits.set("ages", histogram(d.ages()));
        ArrayNode phases = node.putArray("phases");
        for (Diagnostics.Phase phase : d.phases()) {
            ObjectNode p = phases.addObject();
            p.put("name", phase.name());
            p.put("entries", phase.entries());
            p.put("references", phase.references());
            ObjectNode faults = p.putObject("faults");
            phase.faults().forEach(faults::put);
        }
        return node;
    }

    /** A histogram as its count, mean and the buckets up to the last one used, each with its bounds. */
    static ObjectNode histogram(Histogram h) {
        ObjectNode node = NODES.objectNode();
        node.put("count", h.count());
        if (h.count() > 0) {
            node.put("mean", h.mean());
        }
        ArrayNode buckets = node.putArray("buckets");
        long[] counts = h.buckets();
        for (int b = 0; b < counts.length; b++) {
            ObjectNode bucket = buckets.addObject();
            bucket.put("from", Histogram.lower(b));
            bucket.put("to", Histogram.upper(b));
            bucket.put("count", counts[b]);
        }
        return node;
    }
}
