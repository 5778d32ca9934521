package io.heaplab.studies.carr;

import static io.heaplab.reports.schema.Expect.arrayOf;
import static io.heaplab.reports.schema.Expect.atLeast;
import static io.heaplab.reports.schema.Expect.bool;
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
 * The result file of Carr &amp; Hennessy's study, written here and read back by {@link CarrSection}: parameters,
 * then each regime's setting, calibration, tasks' table and a curve per configuration and policy (every theta's
 * measures as mean and sd, and each run's, with the published Table 2 beside the peaks), and the claims.
 */
final class CarrJson {

    /** The experiment name the file carries, which finds its reader. */
    static final String EXPERIMENT = "carr";

    /** A measure over seeds that counts something, or is a mean of counts. */
    private static final Fields MEASURE = ResultSchemas.summary(atLeast(0));

    private static final Fields CURVE = object().required("configuration", text()).required("policy", text())
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
                            .required("deactivations", count()).required("activations", count())
                            .required("peakMpl", count()).required("writes", count())
                            .required("reclaims", count()).required("replacements", count())
                            .required("freeFrames", count()).required("pagingBusy", atLeast(0))
                            .required("readBusy", atLeast(0))
                            .required("meanResponse", atLeast(0))
                            .required("responseTimes", arrayOf(count()))
                            .required("taskFaults", arrayOf(count()))))).nonEmpty());

    private static final Fields OBSERVED = object().required("configuration", text()).required("theta", count())
            .required("frames", count()).required("utilization", ratio()).required("meanMpl", atLeast(0))
            .required("deactivations", count()).required("faultsPerTask", atLeast(0))
            .required("pagingBusy", atLeast(0)).required("readBusy", atLeast(0));

    /** What {@link #toJson} writes, as {@link CarrSection} checks a file before reading it. */
    static final Expect SCHEMA = ResultSchemas.experiment(object()
            .required("parameters", object().required("tasks", count()).required("regimes", arrayOf(text()))
                    .required("policies", arrayOf(text())).required("configurations", arrayOf(text()))
                    .required("thetas", arrayOf(count())).required("seeds", arrayOf(whole()).nonEmpty()))
            .required("regimes", arrayOf(object().required("regime", text()).required("description", text())
                    .required("framesScale", atLeast(0)).required("deviceScale", atLeast(0))
                    .optional("ioInterval", atLeast(0)).required("programs", arrayOf(text()))
                    .optional("calibration", object().required("framesScale", atLeast(0))
                            .required("deviceScale", atLeast(0)).required("ioInterval", atLeast(0))
                            .required("probes", count()).required("loss", atLeast(0))
                            .required("reached", bool()).required("observed", arrayOf(OBSERVED)))
                    .required("tasks", arrayOf(object().required("program", text())
                            .optional("pages", count()).required("workingSets", arrayOf(atLeast(0)))
                            .optional("ioInterval", atLeast(0))
                            .required("faultsPerTask", object().optional("A", atLeast(0).orNotFinite())
                                    .optional("B", atLeast(0).orNotFinite())
                                    .optional("C", atLeast(0).orNotFinite()))))
                    .required("curves", arrayOf(CURVE).nonEmpty())
                    .required("ablations", arrayOf(object().required("configuration", text())
                            .required("theta", count()).required("knownLocality", ratio())
                            .optional("undeferred", ratio())))
                    .optional("irim", object().required("omega", count())
                            .required("compaction", atLeast(0).orNotFinite())
                            .required("periodsPerThousand", atLeast(0)).required("writesPerThousand", atLeast(0))
                            .required("errors", arrayOf(object().required("configuration", text())
                                    .required("policy", text())
                                    .required("meanUtilizationError", number().orNotFinite())
                                    .required("maxUtilizationError", number().orNotFinite())
                                    .required("maxFaultsError", number().orNotFinite())))
                            .required("utilization", arrayOf(object().required("configuration", text())
                                    .required("policy", text()).required("points", arrayOf(object()
                                            .required("theta", count())
                                            .required("utilization", ResultSchemas.summary(ratio()))))))))
                    .nonEmpty()));

    private CarrJson() {
    }

    static byte[] toJson(CarrExperiment.Study study, List<Claim> claims) {
        Results first = study.regimes().getFirst();
        ObjectNode root = StudyJson.document(EXPERIMENT, first.paper().source());
        ObjectNode parameters = root.putObject("parameters");
        parameters.put("tasks", first.config().tasks());
        ArrayNode regimes = parameters.putArray("regimes");
        study.regimes().forEach(r -> regimes.add(r.regime().key));
        ArrayNode policies = parameters.putArray("policies");
        first.config().policies().forEach(p -> policies.add(p.name()));
        ArrayNode configurations = parameters.putArray("configurations");
        first.config().configurations().forEach(c -> configurations.add(String.valueOf(c)));
        ArrayNode thetas = parameters.putArray("thetas");
        first.config().thetas().forEach(thetas::add);
        StudyJson.seeds(parameters, first.config().seeds());
        ArrayNode array = root.putArray("regimes");
        for (Results results : study.regimes()) {
            regime(array.addObject(), results);
        }
        return StudyJson.finish(root, new LinkedHashMap<>(), claims);
    }

    private static void regime(ObjectNode node, Results results) {
        node.put("regime", results.regime().key);
        node.put("description", results.regime().description);
        node.put("framesScale", results.framesScale());
        node.put("deviceScale", results.setting().deviceScale());
        if (!Double.isNaN(results.setting().ioInterval())) {
            node.put("ioInterval", results.setting().ioInterval());
        }
        ArrayNode programs = node.putArray("programs");
        results.programs().forEach(programs::add);
        results.setting().calibration().ifPresent(calibration -> {
            ObjectNode c = node.putObject("calibration");
            c.put("framesScale", calibration.framesScale());
            c.put("deviceScale", calibration.deviceScale());
            c.put("ioInterval", calibration.ioInterval());
            c.put("probes", calibration.probes());
            c.put("loss", calibration.loss());
            c.put("reached", calibration.reached(results.paper()));
            ArrayNode observed = c.putArray("observed");
            for (CarrCalibration.Observed o : calibration.observed()) {
                observed.addObject().put("configuration", String.valueOf(o.configuration())).put("theta", o.theta())
                        .put("frames", o.frames()).put("utilization", o.utilization()).put("meanMpl", o.meanMpl())
                        .put("deactivations", o.deactivations()).put("faultsPerTask", o.faultsPerTask())
                        .put("pagingBusy", o.pagingBusy()).put("readBusy", o.readBusy());
            }
        });
        ArrayNode tasks = node.putArray("tasks");
        List<CarrTasks.Row> rows = new java.util.ArrayList<>(results.tasks());
        rows.add(CarrTasks.paper(results.paper(), results.config().configurations()));
        for (CarrTasks.Row row : rows) {
            ObjectNode t = tasks.addObject().put("program", row.program());
            if (!Double.isNaN(row.pages())) {
                t.put("pages", (long) row.pages());
            }
            ArrayNode sets = t.putArray("workingSets");
            row.workingSets().forEach(sets::add);
            if (Double.isFinite(row.ioInterval())) {
                t.put("ioInterval", row.ioInterval());
            }
            ObjectNode faults = t.putObject("faultsPerTask");
            row.faultsPerTask().forEach((c, f) -> faults.put(String.valueOf(c), f));
        }
        curves(node.putArray("curves"), results);
        ArrayNode ablations = node.putArray("ablations");
        for (CarrExperiment.Ablation a : results.ablations()) {
            ObjectNode n = ablations.addObject().put("configuration", String.valueOf(a.configuration()))
                    .put("theta", a.theta()).put("knownLocality", a.knownLocality().utilization());
            a.undeferred().ifPresent(u -> n.put("undeferred", u.utilization()));
        }
        results.irim().ifPresent(irim -> {
            ObjectNode i = node.putObject("irim");
            i.put("omega", irim.omega());
            i.put("compaction", irim.compaction());
            i.put("periodsPerThousand", irim.periods());
            i.put("writesPerThousand", irim.writes());
            ArrayNode errors = i.putArray("errors");
            for (CarrIrim.Error e : irim.errors(results.curves())) {
                errors.addObject().put("configuration", String.valueOf(e.configuration()))
                        .put("policy", e.policy().name()).put("meanUtilizationError", e.meanUtilization())
                        .put("maxUtilizationError", e.maxUtilization()).put("maxFaultsError", e.maxFaults());
            }
            ArrayNode utilization = i.putArray("utilization");
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
    }

    private static void curves(ArrayNode curves, Results results) {
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
                            .put("activations", run.activations()).put("peakMpl", run.peakMpl())
                            .put("writes", run.writes()).put("reclaims", run.reclaims())
                            .put("replacements", run.replacements()).put("freeFrames", run.freeFrames())
                            .put("pagingBusy", run.pagingBusy()).put("readBusy", run.readBusy())
                            .put("meanResponse", run.meanResponse());
                    ArrayNode responses = r.putArray("responseTimes");
                    run.responseTimes().forEach(responses::add);
                    ArrayNode faults = r.putArray("taskFaults");
                    run.taskFaults().forEach(faults::add);
                }
            }
        }
    }
}
