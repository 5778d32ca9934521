package io.heaplab.studies.purdom;

import io.heaplab.studies.purdom.PurdomPaper.Figures;
import io.heaplab.studies.purdom.PurdomPaper.Method;
import io.heaplab.studies.purdom.PurdomExperiment.Measured;
import io.heaplab.studies.purdom.PurdomExperiment.Results;
import io.heaplab.studies.purdom.PurdomExperiment.Row;
import io.heaplab.studies.purdom.PurdomExperiment.TableResult;
import io.heaplab.core.spi.Spec;
import io.heaplab.reports.Summary;
import io.heaplab.reports.TextTable;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.StudyText;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/** Purdom, Stigler &amp; Cheam's Tables 1-3 as text, published and measured figures side by side, then the claims. */
final class PurdomTables {

    /** What a cell of a method whose strategy failed shows. */
    private static final String FAILED = "failed";

    /** One of the paper's two measures: how to read it from the published pair and from the measured runs. */
    private enum Measure {
        RATIO("space utilization (requests received / requests filled)", Figures::ratio, Measured::ratio),
        SEARCHES("searches per request (list elements examined)", Figures::searches, Measured::searches);

        final String title;
        final ToDoubleFunction<Figures> published;
        final Function<Measured, Summary> measured;

        Measure(String title, ToDoubleFunction<Figures> published,
                Function<Measured, Summary> measured) {
            this.title = title;
            this.published = published;
            this.measured = measured;
        }
    }

    private PurdomTables() {
    }

    /** Prints both measures of every table, how far the runs are from the paper, and the paper's claims. */
    static void print(Results results, List<Claim> claims, PrintWriter out) {
        out.println("Purdom, Stigler & Cheam, \"Statistical Investigation of Three Storage Allocation Algorithms\""
                + " (1970), Tables 1-3");
        out.printf(Locale.ROOT, "Poisson arrivals, geometric sizes of mean c cells, exponential lifetimes of mean 1;"
                + " runs of %d filled requests; %s%n", results.config().requests(), results.config().seeds().describe());
        if (!results.config().fullSize()) {
            StudyText.scaledDown(PurdomExperiment.FULL_REQUESTS + " filled requests", out);
        }
        out.println("first fit is played by " + results.config().firstFit() + "; the scan is damaged: "
                + results.paper().transcription());
        for (TableResult table : results.tables()) {
            for (Measure measure : Measure.values()) {
                out.println();
                printTable(table, measure, out);
            }
        }
        StudyText.failed(results.failed(), out);
        out.println();
        printAgreement(results, out);
        out.println();
        StudyText.claims("The paper's conclusions (section 4), checked against the measured means (and, in brackets,"
                + " the same test on the paper's figures):", claims, out);
        out.flush();
    }

    private static void printTable(TableResult result, Measure measure, PrintWriter out) {
        PurdomPaper.Table table = result.table();
        out.printf(Locale.ROOT, "Table %d: memory of %d cells, %s%n", table.number(), table.memoryCells(),
                measure.title);
        List<String> groups = new ArrayList<>(List.of("", ""));
        List<String> sides = new ArrayList<>(List.of("lambda", "c"));
        for (Method method : Method.values()) {
            groups.addAll(List.of(method.title, ""));
            sides.addAll(List.of("paper", "measured"));
        }
        TextTable text = new TextTable().header(groups).header(sides);
        for (Row row : result.rows()) {
            List<String> cells = new ArrayList<>(List.of(Spec.number(row.cell().lambda()),
                    Spec.number(row.cell().c())));
            for (Method method : Method.values()) {
                cells.add(String.format(Locale.ROOT, "%.2f",
                        measure.published.applyAsDouble(row.cell().published().get(method))));
                Measured measured = row.measured().get(method);
                cells.add(measured == null ? FAILED : measure.measured.apply(measured).format(2));
            }
            text.row(cells);
        }
        text.print(out);
        if (!table.unreadable().isEmpty()) {
            List<String> lost = new ArrayList<>();
            for (double[] cell : table.unreadable()) {
                lost.add("lambda=" + Spec.number(cell[0]) + " c=" + Spec.number(cell[1]));
            }
            out.println("not run, unreadable in the scan: " + String.join(", ", lost));
        }
    }

    private static void printAgreement(Results results, PrintWriter out) {
        out.println("Distance from the paper: mean |measured - published| over every cell run");
        TextTable text = new TextTable().header(List.of("method", "ratio", "searches"));
        for (Method method : results.measured()) {
            List<String> cells = new ArrayList<>(List.of(method.title));
            for (Measure measure : Measure.values()) {
                cells.add(String.format(Locale.ROOT, "%.3f", distance(results, method, measure)));
            }
            text.row(cells);
        }
        text.print(out);
        for (String note : notes(results)) {
            out.println(note);
        }
    }

    /**
     * What the docs know of the runs' distance from the paper, in sentences the text and the result file carry:
     * first fit's searches depend on how its free list is kept, which the paper does not say.
     */
    static List<String> notes(Results results) {
        if (!results.measured().contains(Method.FIRST_FIT) || results.tables().isEmpty()) {
            return List.of();
        }
        DoubleSummaryStatistics measured = new DoubleSummaryStatistics();
        DoubleSummaryStatistics published = new DoubleSummaryStatistics();
        for (TableResult table : results.tables()) {
            for (Row row : table.rows()) {
                measured.accept(row.measured().get(Method.FIRST_FIT).searches().mean());
                published.accept(row.cell().published().get(Method.FIRST_FIT).searches());
            }
        }
        return List.of(String.format(Locale.ROOT, "First fit's searches are %.2f from the paper's on average: the"
                        + " paper does not say how its free list was kept, and %s makes %.2f to %.2f searches per"
                        + " request where the paper's first fit made %.2f to %.2f (--first-fit chooses another list).",
                distance(results, Method.FIRST_FIT, Measure.SEARCHES), results.config().firstFit(), measured.getMin(),
                measured.getMax(), published.getMin(), published.getMax()));
    }

    private static double distance(Results results, Method method, Measure measure) {
        double sum = 0;
        int n = 0;
        for (TableResult table : results.tables()) {
            for (Row row : table.rows()) {
                sum += Math.abs(measure.measured.apply(row.measured().get(method)).mean()
                        - measure.published.applyAsDouble(row.cell().published().get(method)));
                n++;
            }
        }
        return n == 0 ? 0 : sum / n;
    }
}
