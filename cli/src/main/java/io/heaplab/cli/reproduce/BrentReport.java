package io.heaplab.cli.reproduce;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.cli.reproduce.BrentClaims.Claim;
import io.heaplab.cli.reproduce.BrentStudy.Results;
import io.heaplab.cli.reproduce.BrentStudy.Row;
import io.heaplab.cli.reproduce.BrentStudy.Table;
import io.heaplab.cli.reproduce.BrentStudy.TableResult;
import io.heaplab.core.run.RunResult;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.Summary;
import io.heaplab.reports.TextTable;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Brent's Tables 3.1-3.3 with published and measured figures side by side, as text and as JSON. */
public final class BrentReport {

    private static final String NONE = "-";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private BrentReport() {
    }

    /** Prints every table, then the paper's claims as this run judges them. */
    public static void print(Results results, List<Claim> claims, PrintWriter out) {
        out.println("Brent, \"The Most-Recently-Used Strategy for Dynamic Storage Allocation on a Computer with"
                + " Virtual Memory\", Tables 3.1-3.3");
        out.println(BrentStudy.PAGE_SIZE + "-byte pages, strict LRU, the strategies' own references not paged; "
                + seedsLine(results.config().seeds()));
        if (!results.config().fullSize()) {
            out.println("scaled down from the paper's TRIDIAG n=" + BrentStudy.FULL_N + " and PQSIM "
                    + BrentStudy.FULL_SECONDS + " s: the paper's figures are shown for reference only");
        }
        for (TableResult table : results.tables()) {
            out.println();
            printTable(table, out);
        }
        results.failed().forEach((strategy, failure) -> out.println("FAILED " + strategy + ": " + failure));
        out.println();
        out.println("The paper's claims (section 3.4), checked against the measured means:");
        for (Claim claim : claims) {
            out.printf(Locale.ROOT, "  %-9s  %s: %s%n", claim.holds() ? "agrees" : "DISAGREES", claim.claim(),
                    claim.evidence());
        }
        out.flush();
    }

    private static String seedsLine(List<Long> seeds) {
        return seeds.size() == 1 ? "seed " + seeds.getFirst()
                : seeds.size() + " seeds " + seeds.getFirst() + ".." + seeds.getLast() + ", measured as mean ± sd";
    }

    private static void printTable(TableResult result, PrintWriter out) {
        Table table = result.table();
        out.println("Table " + table.id + ": " + table.title + " (" + result.workload() + "), " + table.about);
        List<String> groups = new ArrayList<>(List.of("", "virtual size", ""));
        List<String> sides = new ArrayList<>(List.of("strategy", "paper", "measured"));
        for (int i = 0; i < result.frames().size(); i++) {
            int f = result.frames().get(i);
            int p = result.paperFrames().get(i);
            groups.addAll(List.of("faults, " + f + " frames" + (f == p ? "" : " (paper: " + p + ")"), "",
                    "normalized", ""));
            sides.addAll(List.of("paper", "measured", "paper", "measured"));
        }
        if (table == Table.PQSIM_DOUBLED) {
            groups.addAll(List.of("ratio to normal load", ""));
            sides.addAll(List.of("paper", "measured"));
        }
        TextTable text = new TextTable().header(groups).header(sides);
        for (Row row : result.rows()) {
            BrentPaper.Row paper = row.published();
            List<String> cells = new ArrayList<>(List.of(BrentClaims.upper(row.strategy()),
                    paper == null || paper.virtualPages() < 0 ? NONE : Long.toString(paper.virtualPages()),
                    row.virtualPages().format(0)));
            for (int i = 0; i < result.frames().size(); i++) {
                int f = result.frames().get(i);
                Long faults = paper == null ? null : paper.faults().get(result.paperFrames().get(i));
                Double normalized = paper == null ? null : paper.normalized().get(result.paperFrames().get(i));
                cells.add(faults == null ? NONE : Long.toString(faults));
                cells.add(row.faults().get(f).format(0));
                cells.add(normalized == null ? NONE : String.format(Locale.ROOT, "%.3f", normalized));
                cells.add(row.normalized().get(f).format(3));
            }
            if (table == Table.PQSIM_DOUBLED) {
                cells.add(paper == null || Double.isNaN(paper.ratioToNormalLoad()) ? NONE
                        : String.format(Locale.ROOT, "%.2f", paper.ratioToNormalLoad()));
                cells.add(row.ratioToNormalLoad().format(2));
            }
            text.row(cells);
        }
        text.print(out);
    }

    /** The results as a JSON document (schema 1): deterministic for the seeds, wall time left out. */
    public static byte[] toJson(Results results, List<Claim> claims) {
        ObjectNode root = JsonResults.document();
        root.put("experiment", "brent");
        root.put("source", "R. P. Brent, The Most-Recently-Used Strategy for Dynamic Storage Allocation on a"
                + " Computer with Virtual Memory, Tables 3.1-3.3");
        ObjectNode parameters = root.putObject("parameters");
        parameters.put("pageSize", BrentStudy.PAGE_SIZE);
        parameters.put("policy", BrentStudy.CURVE_POLICY);
        parameters.put("normalizedTo", BrentStudy.BASELINE);
        parameters.put("tridiagN", results.config().tridiagN());
        parameters.put("pqsimSeconds", results.config().pqsimSeconds());
        ArrayNode seeds = parameters.putArray("seeds");
        results.config().seeds().forEach(seeds::add);
        ArrayNode strategies = parameters.putArray("strategies");
        results.config().strategies().forEach(strategies::add);
        ArrayNode tables = root.putArray("tables");
        for (TableResult table : results.tables()) {
            tables.add(tableTree(table));
        }
        if (!results.failed().isEmpty()) {
            ArrayNode failed = root.putArray("failed");
            results.failed().forEach((strategy, failure) -> failed.addObject().put("strategy", strategy)
                    .put("failure", failure));
        }
        ArrayNode claimNodes = root.putArray("claims");
        for (Claim claim : claims) {
            ObjectNode node = claimNodes.addObject();
            node.put("claim", claim.claim());
            node.put("holds", claim.holds());
            node.put("evidence", claim.evidence());
        }
        return JsonResults.render(root);
    }

    private static ObjectNode tableTree(TableResult table) {
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
        return node;
    }

    private static ObjectNode byFrames(Map<Integer, Summary> summaries) {
        ObjectNode node = NODES.objectNode();
        summaries.forEach((f, s) -> node.set(Integer.toString(f), JsonResults.summary(s)));
        return node;
    }
}
