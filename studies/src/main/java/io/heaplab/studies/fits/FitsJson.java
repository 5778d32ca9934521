package io.heaplab.studies.fits;

import static io.heaplab.reports.schema.Expect.arrayOf;
import static io.heaplab.reports.schema.Expect.atLeast;
import static io.heaplab.reports.schema.Expect.bool;
import static io.heaplab.reports.schema.Expect.count;
import static io.heaplab.reports.schema.Expect.countOrUncounted;
import static io.heaplab.reports.schema.Expect.mapOf;
import static io.heaplab.reports.schema.Expect.object;
import static io.heaplab.reports.schema.Expect.text;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.core.run.RunResult;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.read.ResultSchemas;
import io.heaplab.reports.schema.Expect;
import io.heaplab.studies.fits.FitsExperiment.Cell;
import io.heaplab.studies.fits.FitsExperiment.Measured;
import io.heaplab.studies.fits.FitsExperiment.Results;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.StudyJson;
import java.util.List;

/**
 * The result file of the fits study (schema 1), written here and read back by {@link FitsSection}: parameters, a
 * cell per load and type with each strategy's measures, its samples and the report's figures, the failed
 * strategies and the claims. Deterministic when {@code repeats} is 0; otherwise the {@code timing} objects hold
 * this machine's times, and only they differ from one run to the next.
 */
final class FitsJson {

    /** The experiment name the file carries, which finds its reader. */
    static final String EXPERIMENT = "fits";
    static final String SOURCE = "C. Zhang, Operating Systems Principles: Segmented Memory Allocator (RMIT COSC1114"
            + " report): first, best and worst fit under three loads";

    /** What {@link #toJson} writes, as {@link FitsSection} checks a file before reading it. */
    static final Expect SCHEMA = ResultSchemas.experiment(object()
            .required("parameters", object().required("pageSize", count()).required("loads", arrayOf(count()))
                    .required("types", arrayOf(text())).required("repeats", count()).required("words", text())
                    .required("strategies", arrayOf(object().required("key", text()).required("title", text())
                            .required("allocator", text()).required("reported", bool()))))
            .required("cells", arrayOf(object().required("load", count()).required("type", text())
                    .required("workload", text())
                    .required("strategies", mapOf(object()
                            .optional("published", object().required("rssKB", atLeast(0)).required("ms", atLeast(0)))
                            .required("measured", object().required("residentKB", atLeast(0))
                                    .required("heapKB", atLeast(0)).required("pagesTouched", count())
                                    .required("virtualPages", count()).required("references", count())
                                    .required("allocatorReferences", count()).required("allocations", count())
                                    .required("frees", count()).required("searches", countOrUncounted())
                                    .required("searchesPerCall", atLeast(0).orNotFinite())
                                    .required("peakLiveBytes", count())
                                    .optional("fragmentation", ResultSchemas.FRAGMENTATION)
                                    .optional("timeline", ResultSchemas.TIMELINE))
                            // the time at each of the timeline's samples, drawn against its heap
                            .optional("timing", object().required("meanMs", atLeast(0))
                                    .required("sampleMs", arrayOf(atLeast(0))))))).nonEmpty()));

    private FitsJson() {
    }

    static byte[] toJson(Results results, List<Claim> claims) {
        ObjectNode root = StudyJson.document(EXPERIMENT, SOURCE);
        ObjectNode parameters = root.putObject("parameters");
        parameters.put("pageSize", FitsExperiment.PAGE_SIZE);
        ArrayNode loads = parameters.putArray("loads");
        results.config().loads().forEach(loads::add);
        ArrayNode types = parameters.putArray("types");
        results.config().types().forEach(types::add);
        parameters.put("repeats", results.config().repeats());
        parameters.put("words", "SCOWL british-english-large, words of 2-15 letters a-z, in list order");
        ArrayNode strategies = parameters.putArray("strategies");
        for (FitsStrategy strategy : FitsStrategy.values()) {
            strategies.addObject().put("key", strategy.key).put("title", strategy.title)
                    .put("allocator", strategy.allocator).put("reported", strategy.reported());
        }
        ArrayNode cells = root.putArray("cells");
        for (Cell cell : results.cells()) {
            ObjectNode c = cells.addObject();
            c.put("load", cell.load());
            c.put("type", cell.type());
            c.put("workload", FitsExperiment.workload(cell.load(), cell.type()));
            ObjectNode strategiesNode = c.putObject("strategies");
            cell.measured().forEach((strategy, m) -> {
                ObjectNode s = strategiesNode.putObject(strategy.key);
                FitsPaper.Figures paper = strategy.reported()
                        ? results.paper().figures(cell.load(), cell.type(), strategy.key) : null;
                if (paper != null) {
                    s.putObject("published").put("rssKB", paper.rssKB()).put("ms", paper.ms());
                }
                s.set("measured", measured(m));
                if (m.timing() != null) {
                    ObjectNode timing = s.putObject("timing");
                    timing.put("meanMs", m.timing().meanMs());
                    ArrayNode sampleMs = timing.putArray("sampleMs");
                    for (double ms : m.timing().sampleMs()) {
                        sampleMs.add(ms);
                    }
                }
            });
        }
        return StudyJson.finish(root, results.failed(), claims);
    }

    private static ObjectNode measured(Measured m) {
        RunResult run = m.run();
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("residentKB", m.residentKB());
        node.put("heapKB", m.heapKB());
        node.put("pagesTouched", run.pagesTouched());
        node.put("virtualPages", run.virtualPages());
        node.put("references", run.references());
        node.put("allocatorReferences", run.allocatorReferences());
        node.put("allocations", run.allocations());
        node.put("frees", run.frees());
        node.put("searches", run.space().searches());
        node.put("searchesPerCall", m.searchesPerCall());
        node.put("peakLiveBytes", run.peakLiveBytes());
        JsonResults.putFragmentation(node, run.fragmentation());
        JsonResults.putTimeline(node, run.timeline());
        return node;
    }
}
