package io.heaplab.studies.carr;

import static io.heaplab.reports.schema.Expect.arrayOf;
import static io.heaplab.reports.schema.Expect.atLeast;
import static io.heaplab.reports.schema.Expect.count;
import static io.heaplab.reports.schema.Expect.number;
import static io.heaplab.reports.schema.Expect.object;
import static io.heaplab.reports.schema.Expect.ratio;
import static io.heaplab.reports.schema.Expect.text;
import static io.heaplab.reports.schema.Expect.whole;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.read.ResultSchemas;
import io.heaplab.reports.schema.Expect;
import io.heaplab.reports.schema.Fields;
import io.heaplab.studies.carr.CarrExperiment.Curve;
import io.heaplab.studies.carr.CarrExperiment.Point;
import io.heaplab.studies.carr.CarrExperiment.Results;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.StudyJson;
import io.heaplab.system.SystemResult;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The result file of Carr &amp; Hennessy's study (schema 1), written here and read back by {@link CarrSection}:
 * parameters, a curve per configuration and policy (every theta's measures as mean and sd, and each run's), the
 * published Table 2, and the claims.
 */
final class CarrJson {

    /** The experiment name the file carries, which finds its reader. */
    static final String EXPERIMENT = "carr";

    /** A measure over seeds that counts something, or is a mean of counts. */
    private static final Fields MEASURE = ResultSchemas.summary(atLeast(0));

    /** What {@link #toJson} writes, as {@link CarrSection} checks a file before reading it. */
    static final Expect SCHEMA = ResultSchemas.experiment(object()
            .required("parameters", object().required("tasks", count()).required("framesScale", atLeast(0))
                    .required("deviceScale", atLeast(0)).required("programs", arrayOf(text()))
                    .required("policies", arrayOf(text())).required("configurations", arrayOf(text()))
                    .required("thetas", arrayOf(count())).required("seeds", arrayOf(whole()).nonEmpty()))
            .required("curves", arrayOf(object().required("configuration", text()).required("policy", text())
                    .required("title", text()).required("frames", count()).required("peakTheta", count())
                    .optional("published", object().required("theta", count()).required("utilization", ratio())
                            .required("meanMpl", atLeast(0)).required("deactivations", atLeast(0))
                            .required("pageFaults", atLeast(0)).optional("pointerTravel", atLeast(0))
                            .required("wsScans", atLeast(0)))
                    // a chart's line, and the peak the table shows is one of its points
                    .required("points", arrayOf(object().required("theta", count())
                            .required("utilization", ResultSchemas.summary(ratio()))
                            .required("meanMpl", MEASURE).required("deactivations", MEASURE)
                            .required("pageFaults", MEASURE).optional("pointerTravel", MEASURE)
                            .required("wsScans", MEASURE).required("meanResponse", MEASURE)
                            .required("runs", arrayOf(object().required("references", count())
                                    .required("time", count()).required("faults", count())
                                    .required("deactivations", count()).required("writes", count())
                                    .required("reclaims", count()).required("replacements", count())
                                    .required("freeFrames", count()).required("pagingBusy", atLeast(0))
                                    .required("meanResponse", atLeast(0))
                                    .required("responseTimes", arrayOf(count()))))).nonEmpty()))
                    .nonEmpty())
            .optional("irim", object().required("omega", count()).required("compaction", atLeast(0).orNotFinite())
                    .required("errors", arrayOf(object().required("configuration", text())
                            .required("policy", text()).required("meanUtilizationError", number().orNotFinite())
                            .required("maxUtilizationError", number().orNotFinite())
                            .required("maxFaultsError", number().orNotFinite())))
                    .required("utilization", arrayOf(object().required("configuration", text())
                            .required("policy", text()).required("points", arrayOf(object()
                                    .required("theta", count())
                                    .required("utilization", ResultSchemas.summary(ratio()))))))));

    private CarrJson() {
    }

    static byte[] toJson(Results results, List<Claim> claims) {
        ObjectNode root = StudyJson.document(EXPERIMENT, results.paper().source());
        ObjectNode parameters = root.putObject("parameters");
        parameters.put("tasks", results.config().tasks());
        parameters.put("framesScale", results.framesScale());
        parameters.put("deviceScale", results.config().deviceScale());
        ArrayNode programs = parameters.putArray("programs");
        results.programs().forEach(programs::add);
        ArrayNode policies = parameters.putArray("policies");
        results.config().policies().forEach(p -> policies.add(p.name()));
        ArrayNode configurations = parameters.putArray("configurations");
        results.config().configurations().forEach(c -> configurations.add(String.valueOf(c)));
        ArrayNode thetas = parameters.putArray("thetas");
        results.config().thetas().forEach(thetas::add);
        StudyJson.seeds(parameters, results.config().seeds());
        ArrayNode curves = root.putArray("curves");
        for (Curve curve : results.curves()) {
            ObjectNode node = curves.addObject();
            node.put("configuration", String.valueOf(curve.configuration()));
            node.put("policy", curve.policy().name());
            node.put("title", curve.policy().title);
            node.put("frames", curve.frames());
            node.put("peakTheta", curve.peak().theta());
            CarrPaper.Peak paper = results.paper().peak(curve.configuration(), curve.policy());
            if (paper != null) {
                ObjectNode published = node.putObject("published");
                published.put("theta", paper.theta());
                published.put("utilization", paper.utilization());
                published.put("meanMpl", paper.meanMpl());
                published.put("deactivations", paper.deactivations());
                published.put("pageFaults", paper.faults());
                if (!Double.isNaN(paper.pointerTravel())) {
                    published.put("pointerTravel", paper.pointerTravel());
                }
                published.put("wsScans", paper.wsScans());
            }
            ArrayNode points = node.putArray("points");
            for (Point point : curve.points()) {
                ObjectNode p = points.addObject();
                p.put("theta", point.theta());
                p.set("utilization", JsonResults.summary(point.utilization()));
                p.set("meanMpl", JsonResults.summary(point.meanMpl()));
                p.set("deactivations", JsonResults.summary(point.deactivations()));
                p.set("pageFaults", JsonResults.summary(point.faults()));
                if (!Double.isNaN(point.pointerTravel().mean())) {
                    p.set("pointerTravel", JsonResults.summary(point.pointerTravel()));
                }
                p.set("wsScans", JsonResults.summary(point.wsScans()));
                p.set("meanResponse", JsonResults.summary(point.meanResponse()));
                ArrayNode runs = p.putArray("runs");
                for (SystemResult run : point.runs()) {
                    ObjectNode r = runs.addObject().put("references", run.references()).put("time", run.time())
                            .put("faults", run.faults()).put("deactivations", run.deactivations())
                            .put("writes", run.writes()).put("reclaims", run.reclaims())
                            .put("replacements", run.replacements()).put("freeFrames", run.freeFrames())
                            .put("pagingBusy", run.pagingBusy()).put("meanResponse", run.meanResponse());
                    ArrayNode responses = r.putArray("responseTimes");
                    run.responseTimes().forEach(responses::add);
                }
            }
        }
        results.irim().ifPresent(irim -> {
            ObjectNode node = root.putObject("irim");
            node.put("omega", irim.omega());
            node.put("compaction", irim.compaction());
            ArrayNode errors = node.putArray("errors");
            for (CarrIrim.Error e : irim.errors(results.curves())) {
                errors.addObject().put("configuration", String.valueOf(e.configuration()))
                        .put("policy", e.policy().name()).put("meanUtilizationError", e.meanUtilization())
                        .put("maxUtilizationError", e.maxUtilization()).put("maxFaultsError", e.maxFaults());
            }
            ArrayNode utilization = node.putArray("utilization");
            for (Curve curve : irim.curves()) {
                ObjectNode c = utilization.addObject().put("configuration", String.valueOf(curve.configuration()))
                        .put("policy", curve.policy().name());
                ArrayNode points = c.putArray("points");
                for (Point point : curve.points()) {
                    points.addObject().put("theta", point.theta())
                            .set("utilization", JsonResults.summary(point.utilization()));
                }
            }
        });
        return StudyJson.finish(root, new LinkedHashMap<>(), claims);
    }
}
