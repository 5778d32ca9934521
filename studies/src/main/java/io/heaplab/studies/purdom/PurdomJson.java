package io.heaplab.studies.purdom;

import static io.heaplab.reports.schema.Expect.arrayOf;
import static io.heaplab.reports.schema.Expect.atLeast;
import static io.heaplab.reports.schema.Expect.count;
import static io.heaplab.reports.schema.Expect.countOrUncounted;
import static io.heaplab.reports.schema.Expect.object;
import static io.heaplab.reports.schema.Expect.text;
import static io.heaplab.reports.schema.Expect.whole;
import static io.heaplab.reports.schema.Expect.wholeFrom;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.core.run.RunResult;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.read.ResultSchemas;
import io.heaplab.reports.schema.Expect;
import io.heaplab.reports.schema.Fields;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.StudyJson;
import io.heaplab.studies.purdom.PurdomExperiment.Measured;
import io.heaplab.studies.purdom.PurdomExperiment.Results;
import io.heaplab.studies.purdom.PurdomExperiment.Row;
import io.heaplab.studies.purdom.PurdomExperiment.TableResult;
import io.heaplab.studies.purdom.PurdomPaper.Figures;
import io.heaplab.studies.purdom.PurdomPaper.Method;
import java.util.List;

/**
 * The result file of Purdom, Stigler &amp; Cheam's study (schema 1), written here and read back by
 * {@link PurdomSection}: parameters, per table every cell with each method's published pair, measured mean ± sd
 * and runs, the failed strategies, and the claims.
 */
final class PurdomJson {

    /** The experiment name the file carries, which finds its reader. */
    static final String EXPERIMENT = "purdom";
    /** Purdom's memory is counted in cells of this many bytes. */
    static final int CELL_BYTES = 16;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** What {@link #toJson} writes, as {@link PurdomSection} checks a file before reading it. */
    static final Expect SCHEMA = ResultSchemas.experiment(object().required("transcription", text())
            .required("parameters", object().required("requests", count()).required("cellBytes", count())
                    .required("seeds", arrayOf(whole()).nonEmpty()).required("methods", byMethod(text())))
            .required("tables", arrayOf(object().required("table", wholeFrom(1)).required("memoryCells", count())
                    .required("cells", arrayOf(object().required("lambda", atLeast(0)).required("c", atLeast(0))
                            .required("workload", text()).with(byMethod(method()))).nonEmpty())
                    .required("unreadable", arrayOf(object().required("lambda", atLeast(0))
                            .required("c", atLeast(0))))).nonEmpty()));

    private PurdomJson() {
    }

    /** The results as a JSON document (schema 1): deterministic for the seeds, wall time left out. */
    static byte[] toJson(Results results, List<Claim> claims) {
        ObjectNode root = StudyJson.document(EXPERIMENT, results.paper().source());
        root.put("transcription", results.paper().transcription());
        ObjectNode parameters = root.putObject("parameters");
        parameters.put("requests", results.config().requests());
        parameters.put("cellBytes", CELL_BYTES);
        StudyJson.seeds(parameters, results.config().seeds());
        ObjectNode methods = parameters.putObject("methods");
        for (Method method : Method.values()) {
            methods.put(method.key, results.config().strategy(method));
        }
        ArrayNode tables = root.putArray("tables");
        for (TableResult table : results.tables()) {
            tables.add(tableTree(table));
        }
        StudyJson.notes(root, PurdomTables.notes(results));
        return StudyJson.finish(root, results.failed(), claims);
    }

    /** An object with a field per method, each {@code value}. */
    private static Fields byMethod(Expect value) {
        Fields methods = object();
        for (Method method : Method.values()) {
            methods = methods.required(method.key, value);
        }
        return methods;
    }

    /**
     * One method in one cell: the paper's pair, and unless its strategy failed the measured means (space
     * utilization is requests received over requests filled, so from 1; a mean of nothing is "NaN") and the runs.
     */
    private static Fields method() {
        return object()
                .required("published", object().required("ratio", atLeast(0)).required("searches", atLeast(0)))
                .optional("measured", object()
                        .required("ratio", ResultSchemas.summary(atLeast(1).orNotFinite()))
                        .required("searches", ResultSchemas.summary(atLeast(0).orNotFinite()))
                        .required("internalFragmentation", ResultSchemas.summary(Expect.ratio().orNotFinite()))
                        .required("externalFragmentation", ResultSchemas.summary(Expect.ratio().orNotFinite())))
                .optional("runs", arrayOf(object().required("seed", whole()).required("requests", count())
                        .required("filled", count()).required("searches", countOrUncounted())));
    }

    private static ObjectNode tableTree(TableResult result) {
        ObjectNode node = NODES.objectNode();
        node.put("table", result.table().number());
        node.put("memoryCells", result.table().memoryCells());
        ArrayNode cells = node.putArray("cells");
        for (Row row : result.rows()) {
            ObjectNode cell = cells.addObject();
            cell.put("lambda", row.cell().lambda());
            cell.put("c", row.cell().c());
            cell.put("workload", row.workload());
            for (Method method : Method.values()) {
                ObjectNode m = cell.putObject(method.key);
                Figures published = row.cell().published().get(method);
                m.putObject("published").put("ratio", published.ratio()).put("searches", published.searches());
                Measured measured = row.measured().get(method);
                if (measured == null) {
                    continue; // its strategy failed: the file's failed array says why
                }
                ObjectNode summary = m.putObject("measured");
                summary.set("ratio", JsonResults.summary(measured.ratio()));
                summary.set("searches", JsonResults.summary(measured.searches()));
                summary.set("internalFragmentation", JsonResults.summary(measured.internalFragmentation()));
                summary.set("externalFragmentation", JsonResults.summary(measured.externalFragmentation()));
                ArrayNode runs = m.putArray("runs");
                for (RunResult run : measured.runs()) {
                    runs.addObject().put("seed", run.seed()).put("requests", run.requests())
                            .put("filled", run.allocations()).put("searches", run.space().searches());
                }
            }
        }
        ArrayNode unreadable = node.putArray("unreadable");
        for (double[] lost : result.table().unreadable()) {
            unreadable.addObject().put("lambda", lost[0]).put("c", lost[1]);
        }
        return node;
    }
}
