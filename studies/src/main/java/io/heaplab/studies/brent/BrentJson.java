package io.heaplab.studies.brent;

import static io.heaplab.reports.schema.Expect.arrayOf;
import static io.heaplab.reports.schema.Expect.atLeast;
import static io.heaplab.reports.schema.Expect.bool;
import static io.heaplab.reports.schema.Expect.count;
import static io.heaplab.reports.schema.Expect.mapOf;
import static io.heaplab.reports.schema.Expect.object;
import static io.heaplab.reports.schema.Expect.text;
import static io.heaplab.reports.schema.Expect.whole;
import static io.heaplab.reports.schema.Expect.wholeFrom;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.core.run.RunResult;
import io.heaplab.reports.DiagnosticsJson;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.Summary;
import io.heaplab.reports.read.ResultSchemas;
import io.heaplab.reports.schema.Expect;
import io.heaplab.reports.schema.Fields;
import io.heaplab.studies.brent.BrentExperiment.Results;
import io.heaplab.studies.brent.BrentExperiment.Row;
import io.heaplab.studies.brent.BrentExperiment.TableResult;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.StudyJson;
import java.util.List;
import java.util.Map;

/**
 * The result file of Brent's study (schema 1), written here and read back by {@link BrentSection}: parameters, per
 * table its memory sizes and a row per strategy (published figures, measured mean ± sd, the runs, the whole LRU
 * curve), the failed strategies, and the claims.
 */
final class BrentJson {

    /** The experiment name the file carries, which finds its reader. */
    static final String EXPERIMENT = "brent";
    static final String SOURCE = "R. P. Brent, The Most-Recently-Used Strategy for Dynamic Storage Allocation on a"
            + " Computer with Virtual Memory, Tables 3.1-3.3";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Per memory size (the frames as a field name), faults over seeds, or their quotient by RANDOM's. */
    private static final Fields COUNTS_BY_FRAMES = mapOf(ResultSchemas.summary(atLeast(0)));
    private static final Fields RATIOS_BY_FRAMES = mapOf(ResultSchemas.summary(atLeast(0).orNotFinite()));
    /** Faults less the pages touched, which count the allocator's records too: of either sign. */
    private static final Fields DIFFERENCES_BY_FRAMES = mapOf(ResultSchemas.summary());

    /** What {@link #toJson} writes, as {@link BrentSection} checks a file before reading it. */
    static final Expect SCHEMA = ResultSchemas.experiment(object()
            .required("parameters", object().required("pageSize", count()).required("policy", text())
                    .required("normalizedTo", text()).required("tridiagN", count())
                    .required("tridiagModel", text()).required("pqsimSeconds", count())
                    .required("seeds", arrayOf(whole()).nonEmpty()).required("strategies", arrayOf(text())))
            .required("tables", arrayOf(object().required("table", text()).required("title", text())
                    .required("workload", text())
                    .required("frames", arrayOf(wholeFrom(1)).nonEmpty())
                    .required("paperFrames", arrayOf(wholeFrom(1)))
                    .sameLength("frames", "paperFrames")
                    .required("rows", arrayOf(object().required("strategy", text())
                            .required("published", object().optional("virtualPages", count())
                                    .required("faults", mapOf(count()))
                                    .required("normalized", mapOf(atLeast(0)))
                                    .optional("ratioToNormalLoad", atLeast(0)).optional("estimated", bool())
                                    .orNull())
                            .required("measured", object()
                                    .required("virtualPages", ResultSchemas.summary(atLeast(0)))
                                    .required("faults", COUNTS_BY_FRAMES).required("normalized", RATIOS_BY_FRAMES)
                                    .optional("faultsBeyondFirstTouch", DIFFERENCES_BY_FRAMES)
                                    .optional("normalizedBeyondFirstTouch", DIFFERENCES_BY_FRAMES)
                                    .optional("faultsDisposePaged", COUNTS_BY_FRAMES)
                                    .optional("normalizedDisposePaged", RATIOS_BY_FRAMES)
                                    .optional("ratioToNormalLoad", ResultSchemas.summary(atLeast(0).orNotFinite())))
                            .required("runs", arrayOf(object().required("seed", whole())
                                    .required("references", count()).required("measuredFrom", count())
                                    .required("pagesTouched", count()).required("virtualPages", count())
                                    .required("allocations", count()).required("frees", count())
                                    .required("peakLiveBlocks", count())
                                    .optional("diagnostics", ResultSchemas.DIAGNOSTICS)))
                            .optional("paperFaultsReachedAtFrames", wholeFrom(1))
                            .required("lruCurve", arrayOf(count()))))).nonEmpty()));

    private BrentJson() {
    }

    /** The results as a JSON document (schema 1): deterministic for the seeds, wall time left out. */
    static byte[] toJson(Results results, List<Claim> claims) {
        ObjectNode root = StudyJson.document(EXPERIMENT, SOURCE);
        ObjectNode parameters = root.putObject("parameters");
        parameters.put("pageSize", BrentExperiment.PAGE_SIZE);
        parameters.put("policy", BrentExperiment.CURVE_POLICY);
        parameters.put("normalizedTo", BrentExperiment.BASELINE);
        parameters.put("tridiagN", results.config().tridiagN());
        parameters.put("tridiagModel", results.config().tridiagModel());
        parameters.put("pqsimSeconds", results.config().pqsimSeconds());
        StudyJson.seeds(parameters, results.config().seeds());
        ArrayNode strategies = parameters.putArray("strategies");
        results.config().strategies().forEach(strategies::add);
        ArrayNode tables = root.putArray("tables");
        for (TableResult table : results.tables()) {
            tables.add(tableTree(table, results.config().pqsimSeconds() / (double) BrentExperiment.FULL_SECONDS));
        }
        return StudyJson.finish(root, results.failed(), claims);
    }

    private static ObjectNode tableTree(TableResult table, double pqsimScale) {
        ObjectNode node = NODES.objectNode();
        node.put("table", table.table().id);
        node.put("title", table.table().title);
        node.put("workload", table.workload());
        ArrayNode frames = node.putArray("frames");
        table.frames().forEach(frames::add);
        ArrayNode paperFrames = node.putArray("paperFrames");
        table.paperFrames().forEach(paperFrames::add);
        ArrayNode rows = node.putArray("rows");
        for (Row row : table.rows()) {
            ObjectNode r = rows.addObject();
            r.put("strategy", row.strategy());
            r.set("published", published(row.published()));
            ObjectNode measured = r.putObject("measured");
            measured.set("virtualPages", JsonResults.summary(row.virtualPages()));
            measured.set("faults", byFrames(row.faults()));
            measured.set("normalized", byFrames(row.normalized()));
            if (!row.beyondFirstTouch().isEmpty()) {
                measured.set("faultsBeyondFirstTouch", byFrames(row.beyondFirstTouch().faults()));
                measured.set("normalizedBeyondFirstTouch", byFrames(row.beyondFirstTouch().normalized()));
            }
            if (!row.disposePaged().isEmpty()) {
                measured.set("faultsDisposePaged", byFrames(row.disposePaged().faults()));
                measured.set("normalizedDisposePaged", byFrames(row.disposePaged().normalized()));
            }
            if (row.ratioToNormalLoad() != null) {
                measured.set("ratioToNormalLoad", JsonResults.summary(row.ratioToNormalLoad()));
            }
            ArrayNode runs = r.putArray("runs");
            for (RunResult run : row.runs()) {
                ObjectNode n = runs.addObject();
                n.put("seed", run.seed());
                n.put("references", run.references());
                n.put("measuredFrom", run.measuredFrom());
                n.put("pagesTouched", run.pagesTouched());
                n.put("virtualPages", run.virtualPages());
                n.put("allocations", run.allocations());
                n.put("frees", run.frees());
                n.put("peakLiveBlocks", run.peakLiveBlocks());
                if (run.diagnostics() != null) {
                    n.set("diagnostics", DiagnosticsJson.toTree(run));
                }
            }
            if (table.table() != BrentExperiment.Table.TRIDIAG && row.published() != null) {
                Long published = row.published().faults().get(table.paperFrames().getFirst());
                if (published != null) {
                    // the paper's count, scaled to this run's measured length, where the measured curve reaches it
                    r.put("paperFaultsReachedAtFrames", BrentExperiment.framesReaching(row.curve(),
                            Math.round(published * pqsimScale)));
                }
            }
            ArrayNode curve = r.putArray("lruCurve");
            for (long faults : row.curve()) {
                curve.add(faults);
            }
        }
        return node;
    }

    private static ObjectNode published(BrentPaper.Row row) {
        if (row == null) {
            return null;
        }
        ObjectNode node = NODES.objectNode();
        if (row.virtualPages() >= 0) {
            node.put("virtualPages", row.virtualPages());
        }
        ObjectNode faults = node.putObject("faults");
        row.faults().forEach((f, v) -> faults.put(Integer.toString(f), v));
        ObjectNode normalized = node.putObject("normalized");
        row.normalized().forEach((f, v) -> normalized.put(Integer.toString(f), v));
        if (!Double.isNaN(row.ratioToNormalLoad())) {
            node.put("ratioToNormalLoad", row.ratioToNormalLoad());
        }
        if (row.estimated()) {
            node.put("estimated", true);
        }
        return node;
    }

    private static ObjectNode byFrames(Map<Integer, Summary> summaries) {
        ObjectNode node = NODES.objectNode();
        summaries.forEach((f, s) -> node.set(Integer.toString(f), JsonResults.summary(s)));
        return node;
    }
}
