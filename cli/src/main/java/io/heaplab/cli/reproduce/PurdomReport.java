package io.heaplab.cli.reproduce;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.cli.reproduce.PurdomClaims.Claim;
import io.heaplab.cli.reproduce.PurdomPaper.Figures;
import io.heaplab.cli.reproduce.PurdomPaper.Method;
import io.heaplab.cli.reproduce.PurdomStudy.Measured;
import io.heaplab.cli.reproduce.PurdomStudy.Results;
import io.heaplab.cli.reproduce.PurdomStudy.Row;
import io.heaplab.cli.reproduce.PurdomStudy.TableResult;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.Spec;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.Summary;
import io.heaplab.reports.TextTable;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/** Purdom, Stigler &amp; Cheam's Tables 1-3 with published and measured figures side by side, as text and JSON. */
public final class PurdomReport {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

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

    private PurdomReport() {
    }

    /** Prints both measures of every table, how far the runs are from the paper, and the paper's claims. */
    public static void print(Results results, List<Claim> claims, PrintWriter out) {
        out.println("Purdom, Stigler & Cheam, \"Statistical Investigation of Three Storage Allocation Algorithms\""
                + " (1970), Tables 1-3");
        out.printf(Locale.ROOT, "Poisson arrivals, geometric sizes of mean c cells, exponential lifetimes of mean 1;"
                + " runs of %d filled requests; %s%n", results.config().requests(), seedsLine(results.config()));
        if (!results.config().fullSize()) {
            out.println("scaled down from the paper's " + PurdomStudy.FULL_REQUESTS
                    + " filled requests: the paper's figures are shown for reference only");
        }
        out.println("first fit is played by " + results.config().firstFit() + "; the scan is damaged: "
                + results.paper().transcription());
        for (TableResult table : results.tables()) {
            for (Measure measure : Measure.values()) {
                out.println();
                printTable(table, measure, out);
            }
        }
        out.println();
        printAgreement(results, out);
        out.println();
        out.println("The paper's conclusions (section 4), checked against the measured means (and, in brackets, the"
                + " same test on the paper's figures):");
        for (Claim claim : claims) {
            out.printf(Locale.ROOT, "  %-9s  %s: %s [paper: %s]%n", claim.holds() ? "agrees" : "DISAGREES",
                    claim.claim(), claim.evidence(), claim.published());
        }
        out.flush();
    }

    private static String seedsLine(PurdomStudy.Config config) {
        List<Long> seeds = config.seeds();
        return seeds.size() == 1 ? "seed " + seeds.getFirst()
                : seeds.size() + " seeds " + seeds.getFirst() + ".." + seeds.getLast() + ", measured as mean ± sd";
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
                cells.add(measure.measured.apply(row.measured().get(method)).format(2));
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
        for (Method method : Method.values()) {
            List<String> cells = new ArrayList<>(List.of(method.title));
            for (Measure measure : Measure.values()) {
                cells.add(String.format(Locale.ROOT, "%.3f", distance(results, method, measure)));
            }
            text.row(cells);
        }
        text.print(out);
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

    /** The results as a JSON document (schema 1): deterministic for the seeds, wall time left out. */
    public static byte[] toJson(Results results, List<Claim> claims) {
        ObjectNode root = JsonResults.document();
        root.put("experiment", "purdom");
        root.put("source", results.paper().source());
        root.put("transcription", results.paper().transcription());
        ObjectNode parameters = root.putObject("parameters");
        parameters.put("requests", results.config().requests());
        parameters.put("cellBytes", 16);
        ArrayNode seeds = parameters.putArray("seeds");
        results.config().seeds().forEach(seeds::add);
        ObjectNode methods = parameters.putObject("methods");
        for (Method method : Method.values()) {
            methods.put(method.key, method == Method.FIRST_FIT ? results.config().firstFit() : method.allocator);
        }
        ArrayNode tables = root.putArray("tables");
        for (TableResult table : results.tables()) {
            tables.add(tableTree(table));
        }
        ArrayNode claimNodes = root.putArray("claims");
        for (Claim claim : claims) {
            ObjectNode node = claimNodes.addObject();
            node.put("claim", claim.claim());
            node.put("holds", claim.holds());
            node.put("evidence", claim.evidence());
            node.put("published", claim.published());
        }
        return JsonResults.render(root);
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
