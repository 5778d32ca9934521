package io.heaplab.studies.fits;

import io.heaplab.studies.fits.FitsExperiment.Cell;
import io.heaplab.studies.fits.FitsExperiment.Measured;
import io.heaplab.studies.fits.FitsExperiment.Results;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.StudyText;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** The report's table beside heaplab's measures, then the enhancements, then the claims, as text. */
final class FitsTables {

    private static final String ROW = "%-7s %-7s %-16s %9s %8s  %9s %9s %10s %10s %9s%n";

    private FitsTables() {
    }

    static void print(Results results, List<Claim> claims, PrintWriter out) {
        int repeats = results.config().repeats();
        out.println("The course report's table (C. Zhang, RMIT COSC1114): its RSS and time, the mean of 3 runs, beside");
        out.println("heaplab's resident set (pages touched, the allocator's records included, 4 KB pages), heap (the");
        out.println("break), records examined per call, " + (repeats == 0 ? "no time (repeats=0)"
                : "wall time of " + repeats + " unrecorded run" + (repeats == 1 ? "" : "s") + " (mean)")
                + " and Johnstone & Wilson's fragmentation (largest heap over most live, less one)");
        out.println();
        header(out, "fit");
        for (Cell cell : results.cells()) {
            for (FitsStrategy strategy : FitsStrategy.values()) {
                if (strategy.reported()) {
                    row(results, cell, strategy, out);
                }
            }
        }
        out.println();
        out.println("The report's proposed enhancements, measured");
        header(out, "strategy");
        for (Cell cell : results.cells()) {
            for (FitsStrategy strategy : FitsStrategy.values()) {
                if (!strategy.reported()) {
                    row(results, cell, strategy, out);
                }
            }
        }
        out.println();
        StudyText.failed(results.failed(), out);
        StudyText.claims("The report's claims (measured cost: records examined per call; the report's: ms)", claims,
                out);
    }

    private static void header(PrintWriter out, String what) {
        out.printf(Locale.ROOT, ROW, "load", "type", what, "paper KB", "paper ms", "RSS KB", "heap KB",
                "searches", "ms", "frag");
    }

    private static void row(Results results, Cell cell, FitsStrategy strategy, PrintWriter out) {
        FitsPaper.Figures paper = strategy.reported()
                ? results.paper().figures(cell.load(), cell.type(), strategy.key) : null;
        Measured m = cell.measured().get(strategy);
        out.printf(Locale.ROOT, ROW, cell.load(), cell.type(), strategy.key,
                paper == null ? "-" : format(paper.rssKB(), 0), paper == null ? "-" : format(paper.ms(), 0),
                m == null ? "FAILED" : format(m.residentKB(), 0), m == null ? "-" : format(m.heapKB(), 0),
                m == null ? "-" : format(m.searchesPerCall(), 1),
                m == null || m.timing() == null ? "-" : format(m.timing().meanMs(), 0),
                m == null || Double.isNaN(m.fragmentation()) ? "-" : format(100 * m.fragmentation(), 1) + "%");
    }

    static String format(double value, int decimals) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
