package io.heaplab.studies.carr;

import io.heaplab.studies.carr.CarrExperiment.Curve;
import io.heaplab.studies.carr.CarrExperiment.Point;
import io.heaplab.studies.carr.CarrExperiment.Results;
import io.heaplab.system.SystemResult;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Carr &amp; Hennessy's study as one CSV table, a row per point and seed (configuration, policy, theta, seed) with
 * every measure the system takes (global CLOCK, which has no theta, repeats its one run at every theta, as the JSON
 * does), and with the IRIM check, a row per simulation on IRIM strings too: the long format pandas
 * and R read as they are.
 */
final class CarrCsv {

    static final String HEADER = "regime,configuration,policy,frames,theta,seed,strings,utilization,mean_mpl,"
            + "deactivations,slice_deactivations,activations,page_faults,reclaims,writes,free_frames,pointer_travel,"
            + "ws_scans,paging_busy,mean_response,references,time";

    private CarrCsv() {
    }

    static byte[] toCsv(CarrExperiment.Study study) {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (Results results : study.regimes()) {
            String regime = results.regime().key;
            rows(csv, regime, results.curves(), results.config().seeds().list(), "exact");
            results.irim().ifPresent(irim -> rows(csv, regime, irim.curves(), results.config().seeds().list(),
                    "irim"));
        }
        return csv.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A row per run of {@code curves}, simulated on {@code strings}: exact references or IRIM strings. */
    private static void rows(StringBuilder csv, String regime, List<Curve> curves, List<Long> seeds, String strings) {
        for (Curve curve : curves) {
            for (Point point : curve.points()) {
                for (int i = 0; i < point.runs().size(); i++) {
                    SystemResult run = point.runs().get(i);
                    csv.append(String.format(Locale.ROOT, "%s,%c,%s,%d,%d,%d,%s,%.6f,%.4f,%d,%d,%d,%d,%d,%d,%d,%s,%d,"
                                    + "%.6f,%.1f,%d,%d\n", regime, curve.configuration(), curve.policy().name(),
                            curve.frames(), point.theta(), seeds.get(i), strings, run.utilization(), run.meanMpl(),
                            run.deactivations(), run.sliceDeactivations(), run.activations(), run.faults(),
                            run.reclaims(), run.writes(), run.freeFrames(),
                            Double.isNaN(run.pointerTravel()) ? ""
                                    : String.format(Locale.ROOT, "%.3f", run.pointerTravel()),
                            run.wsScans(), run.pagingBusy(), run.meanResponse(), run.references(), run.time()));
                }
            }
        }
    }
}
