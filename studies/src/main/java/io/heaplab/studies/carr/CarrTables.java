package io.heaplab.studies.carr;

import io.heaplab.core.spi.Spec;
import io.heaplab.reports.TextTable;
import io.heaplab.studies.carr.CarrExperiment.Curve;
import io.heaplab.studies.carr.CarrExperiment.Point;
import io.heaplab.studies.carr.CarrExperiment.Results;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.StudyText;
import io.heaplab.system.Prototypes;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** Carr &amp; Hennessy's Figures 3-5 as tables of utilization against theta, and Table 2 beside the published. */
final class CarrTables {

    private static final String NONE = "-";

    private CarrTables() {
    }

    static void print(CarrExperiment.Study study, List<Claim> claims, PrintWriter out) {
        out.println("Carr & Hennessy, \"WSCLOCK - A Simple and Effective Algorithm for Virtual Memory Management\""
                + " (SOSP 1981), Figures 3-5 and Table 2");
        for (Results results : study.regimes()) {
            out.println();
            regime(results, out);
        }
        out.println();
        StudyText.claims("The paper's claims, checked against the measured means (and, in brackets, the same test on"
                + " Table 2), in each regime:", claims, out);
        out.flush();
    }

    private static void regime(Results results, PrintWriter out) {
        CarrExperiment.Config config = results.config();
        CarrExperiment.Setting setting = results.setting();
        out.printf(Locale.ROOT, "== Regime %s: %s%n", results.regime().key, results.regime().description);
        out.printf(Locale.ROOT, "%d tasks drawn from %s, frames %s times the paper's, paging device %s times Table"
                        + " 1's, %s; %s%n", config.tasks(), programs(results), Spec.number(results.framesScale()),
                Spec.number(setting.deviceScale()), Double.isNaN(setting.ioInterval())
                        ? "each program's own I/O" : "an I/O request every " + Spec.number(setting.ioInterval())
                        + " references on average", config.seeds().describe());
        if (config.tasks() != CarrStudy.FULL_TASKS) {
            StudyText.scaledDown(CarrStudy.FULL_TASKS + " tasks", out);
        }
        setting.calibration().ifPresent(calibration -> calibration(calibration, results.paper(), out));
        tasks(results, out);
        for (char c : config.configurations()) {
            out.println();
            out.printf(Locale.ROOT, "Configuration %c (%d frames): processor utilization against theta%n", c,
                    results.curve(c, CarrPolicy.WS).frames());
            List<String> header = new ArrayList<>(List.of("theta"));
            for (CarrPolicy policy : config.policies()) {
                header.add(policy.title);
            }
            header.add("paging busy (WS with LT/RT)");
            TextTable table = new TextTable().header(header);
            for (int i = 0; i < config.thetas().size(); i++) {
                List<String> row = new ArrayList<>(List.of(Long.toString(config.thetas().get(i))));
                for (CarrPolicy policy : config.policies()) {
                    row.add(results.curve(c, policy).points().get(i).utilization().format(3));
                }
                Point ltrt = results.curve(c, CarrPolicy.WS_LTRT).points().get(i);
                row.add(String.format(Locale.ROOT, "%.2f", ltrt.runs().stream()
                        .mapToDouble(io.heaplab.system.SystemResult::pagingBusy).average().orElse(Double.NaN)));
                table.row(row);
            }
            table.print(out);
        }
        out.println();
        out.printf(Locale.ROOT, "Table 2 (%s): peak performance (WS is WS with LT/RT), paper beside measured%n",
                results.regime().key);
        List<String> groups = new ArrayList<>(List.of(""));
        List<String> sides = new ArrayList<>(List.of("measure"));
        for (char c : config.configurations()) {
            for (CarrPolicy policy : List.of(CarrPolicy.WS_LTRT, CarrPolicy.WSCLOCK)) {
                groups.addAll(List.of(c + " " + (policy == CarrPolicy.WSCLOCK ? "WSCLOCK" : "WS"), ""));
                sides.addAll(List.of("paper", "measured"));
            }
        }
        TextTable table2 = new TextTable().header(groups).header(sides);
        row(table2, results, "theta", p -> (double) p.theta(), p -> (double) p.theta(), 0);
        row(table2, results, "utilization", CarrPaper.Peak::utilization, p -> p.utilization().mean(), 3);
        row(table2, results, "mean MPL", CarrPaper.Peak::meanMpl, p -> p.meanMpl().mean(), 2);
        row(table2, results, "deactivations", CarrPaper.Peak::deactivations, p -> p.deactivations().mean(), 0);
        row(table2, results, "page faults", CarrPaper.Peak::faults, p -> p.faults().mean(), 0);
        row(table2, results, "pointer travel", CarrPaper.Peak::pointerTravel, p -> p.pointerTravel().mean(), 1);
        row(table2, results, "WS-scans", CarrPaper.Peak::wsScans, p -> p.wsScans().mean(), 0);
        table2.print(out);
        results.irim().ifPresent(irim -> irim(irim, results, out));
    }

    private static String programs(Results results) {
        return results.programs().equals(Prototypes.shippedNames()) ? (results.regime() == CarrRegime.BALANCED
                ? "the eight shipped programs' steady state" : "the eight shipped programs")
                : String.join(", ", results.programs());
    }

    private static void calibration(CarrCalibration calibration, CarrPaper paper, PrintWriter out) {
        out.println();
        out.printf(Locale.ROOT, "Calibration (%s): frames scale %s, device scale %s, an I/O request every %s references"
                        + " (--calibration %s); %s%n", calibration.probes() == 0 ? "given" : "searched, "
                        + calibration.probes() + " probes", Spec.number(calibration.framesScale()),
                Spec.number(calibration.deviceScale()), Spec.number(calibration.ioInterval()), calibration.factors(),
                calibration.reached(paper) ? "Table 2's operating point reached (utilization within 0.03, mean MPL"
                        + " within 1, deactivations)" : "Table 2's operating point NOT reached everywhere"
                        + " (utilization within 0.03, mean MPL within 1, deactivations): see below");
        TextTable table = new TextTable().header(List.of("", "", "", "utilization", "", "mean MPL", "",
                "deactivations", "", "faults a task", "", "in Carr's pages", "device reading", "", "busy"))
                .header(List.of("configuration", "theta", "frames", "paper", "measured", "paper", "measured", "paper",
                        "measured", "paper", "measured", "measured", "paper", "measured", "measured"));
        for (CarrCalibration.Observed o : calibration.observed()) {
            CarrPaper.Peak p = paper.peak(o.configuration(), CarrPolicy.WS_LTRT);
            table.row(List.of(String.valueOf(o.configuration()), Long.toString(o.theta()), Integer.toString(o.frames()),
                    number(p.utilization(), 3), number(o.utilization(), 3), number(p.meanMpl(), 2),
                    number(o.meanMpl(), 2), number(p.deactivations(), 0), Long.toString(o.deactivations()),
                    number(p.faults() / CarrStudy.FULL_TASKS, 0), number(o.faultsPerTask(), 0),
                    number(o.faultsPerTask() / calibration.framesScale(), 0),
                    number(CarrCalibration.paperReadBusy(paper, o.configuration()), 2), number(o.readBusy(), 2),
                    number(o.pagingBusy(), 2)));
        }
        table.print(out);
        out.println("(faults in Carr's pages: ours over the frames scale, as a page of 1981 held that many of ours;"
                + " device reading: the share of its time the paging device spent reading pages, the paper's"
                + " implied by Table 2's faults and Table 1's mean access; busy: reading and cleaning)");
    }

    private static void tasks(Results results, PrintWriter out) {
        out.println();
        out.println("The tasks: each program beside what Table 2 implies of Carr's (working sets in pages at Table 2's"
                + " thetas; Carr's: frames per active task at the peak, which bounds them)");
        List<String> header = new ArrayList<>(List.of("program", "pages"));
        CarrTasks.THETAS.forEach(t -> header.add("W(" + Spec.number(t / 1000.0) + "k)"));
        header.add("references per I/O");
        results.config().configurations().forEach(c -> header.add("faults a task, " + c));
        TextTable table = new TextTable().header(header);
        List<CarrTasks.Row> rows = new ArrayList<>(results.tasks());
        rows.add(CarrTasks.paper(results.paper(), results.config().configurations()));
        for (CarrTasks.Row row : rows) {
            List<String> cells = new ArrayList<>(List.of(row.program(), number(row.pages(), 0)));
            row.workingSets().forEach(w -> cells.add(number(w, 1)));
            cells.add(Double.isInfinite(row.ioInterval()) ? "none" : number(row.ioInterval(), 0));
            results.config().configurations().forEach(c -> cells.add(number(row.faultsPerTask()
                    .getOrDefault(c, Double.NaN), 0)));
            table.row(cells);
        }
        table.print(out);
    }

    private static void irim(CarrIrim irim, Results results, PrintWriter out) {
        out.println();
        out.printf(Locale.ROOT, "IRIM (omega %d) against the exact simulation: strings %.0f times shorter;"
                + " simulations took %.1f s exact, %.1f s on IRIM strings (processor time)%n", irim.omega(),
                irim.compaction(), irim.exactSeconds(), irim.irimSeconds());
        TextTable table = new TextTable().header(List.of("configuration", "policy", "utilization error, mean",
                "largest", "page faults error, largest"));
        for (CarrIrim.Error e : irim.errors(results.curves())) {
            table.row(List.of(String.valueOf(e.configuration()), e.policy().title, percent(e.meanUtilization()),
                    percent(e.maxUtilization()), percent(e.maxFaults())));
        }
        table.print(out);
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * fraction);
    }

    private static void row(TextTable table, Results results, String measure,
                            Function<CarrPaper.Peak, Double> published, Function<Point, Double> measured,
                            int decimals) {
        List<String> cells = new ArrayList<>(List.of(measure));
        for (char c : results.config().configurations()) {
            for (CarrPolicy policy : List.of(CarrPolicy.WS_LTRT, CarrPolicy.WSCLOCK)) {
                CarrPaper.Peak paper = results.paper().peak(c, policy);
                Curve curve = results.curve(c, policy);
                cells.add(paper == null ? NONE : number(published.apply(paper), decimals));
                cells.add(number(measured.apply(curve.peak()), decimals));
            }
        }
        table.row(cells);
    }

    private static String number(double value, int decimals) {
        return Double.isNaN(value) ? NONE : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
