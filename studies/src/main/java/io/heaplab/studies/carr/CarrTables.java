package io.heaplab.studies.carr;

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

    static void print(Results results, List<Claim> claims, PrintWriter out) {
        CarrExperiment.Config config = results.config();
        out.println("Carr & Hennessy, \"WSCLOCK - A Simple and Effective Algorithm for Virtual Memory Management\""
                + " (SOSP 1981), Figures 3-5 and Table 2");
        out.printf(Locale.ROOT, "%d tasks drawn from %s, frames %s times the paper's; %s%n", config.tasks(),
                results.programs().equals(Prototypes.shippedNames())
                        ? "the eight shipped programs" : String.join(", ", results.programs()),
                io.heaplab.core.spi.Spec.number(results.framesScale()), config.seeds().describe());
        if (config.deviceScale() != 1) {
            out.printf(Locale.ROOT, "paging-device access times %s times Table 1's%n",
                    io.heaplab.core.spi.Spec.number(config.deviceScale()));
        }
        if (config.tasks() != CarrStudy.FULL_TASKS) {
            StudyText.scaledDown(CarrStudy.FULL_TASKS + " tasks", out);
        }
        for (char c : config.configurations()) {
            out.println();
            out.printf(Locale.ROOT, "Configuration %c (%d frames): processor utilization against theta%n", c,
                    results.curve(c, CarrPolicy.WS).frames());
            List<String> header = new ArrayList<>(List.of("theta"));
            for (CarrPolicy policy : config.policies()) {
                header.add(policy.title);
            }
            TextTable table = new TextTable().header(header);
            for (int i = 0; i < config.thetas().size(); i++) {
                List<String> row = new ArrayList<>(List.of(Long.toString(config.thetas().get(i))));
                for (CarrPolicy policy : config.policies()) {
                    row.add(results.curve(c, policy).points().get(i).utilization().format(3));
                }
                table.row(row);
            }
            table.print(out);
        }
        out.println();
        out.println("Table 2: peak performance (WS is WS with LT/RT), paper beside measured");
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
        out.println();
        StudyText.claims("The paper's claims, checked against the measured means (and, in brackets, the same test on"
                + " Table 2):", claims, out);
        out.flush();
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
