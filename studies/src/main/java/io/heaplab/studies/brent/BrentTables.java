package io.heaplab.studies.brent;

import io.heaplab.core.diagnostics.Diagnostics;
import io.heaplab.core.run.RunResult;
import io.heaplab.reports.DiagnosticsText;
import io.heaplab.reports.Summary;
import io.heaplab.workloads.brent.PqsimWorkload;
import io.heaplab.reports.TextTable;
import io.heaplab.studies.brent.BrentExperiment.Results;
import io.heaplab.studies.brent.BrentExperiment.Row;
import io.heaplab.studies.brent.BrentExperiment.Table;
import io.heaplab.studies.brent.BrentExperiment.TableResult;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.StudyText;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** Brent's Tables 3.1-3.3 as text, published and measured figures side by side, then his claims judged. */
final class BrentTables {

    private static final String NONE = "-";

    private BrentTables() {
    }

    /** Prints every table, then the paper's claims as this run judges them. */
    static void print(Results results, List<Claim> claims, PrintWriter out) {
        out.println("Brent, \"The Most-Recently-Used Strategy for Dynamic Storage Allocation on a Computer with"
                + " Virtual Memory\", Tables 3.1-3.3");
        out.println(BrentExperiment.PAGE_SIZE + "-byte pages, strict LRU, the strategies' own references not paged; "
                + results.config().seeds().describe());
        if (!results.config().fullSize()) {
            StudyText.scaledDown("TRIDIAG n=" + BrentExperiment.FULL_N + " and PQSIM " + BrentExperiment.FULL_SECONDS
                    + " s", out);
        }
        for (TableResult table : results.tables()) {
            out.println();
            printTable(table, results.config().pqsimSeconds() / (double) BrentExperiment.FULL_SECONDS, out);
        }
        StudyText.failed(results.failed(), out);
        out.println();
        StudyText.claims("The paper's claims (section 3.4), checked against the measured means (and, in brackets,"
                + " the same test on the paper's figures):", claims, out);
        out.flush();
    }

    /** Marks a published figure Brent estimated. */
    private static final String ESTIMATE = "*";

    private static void printTable(TableResult result, double pqsimScale, PrintWriter out) {
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
            List<String> cells = new ArrayList<>(List.of(BrentFigures.upper(row.strategy()),
                    paper == null || paper.virtualPages() < 0 ? NONE : Long.toString(paper.virtualPages()),
                    row.virtualPages().format(0)));
            for (int i = 0; i < result.frames().size(); i++) {
                int f = result.frames().get(i);
                Long faults = paper == null ? null : paper.faults().get(result.paperFrames().get(i));
                Double normalized = paper == null ? null : paper.normalized().get(result.paperFrames().get(i));
                cells.add(faults == null ? NONE : faults + (paper.estimated() ? ESTIMATE : ""));
                cells.add(row.faults().get(f).format(0));
                cells.add(normalized == null ? NONE : String.format(Locale.ROOT, "%.3f", normalized));
                Summary measured = row.normalized().get(f);
                cells.add(measured == null ? NONE : measured.format(3)); // none when RANDOM failed
            }
            if (table == Table.PQSIM_DOUBLED) {
                cells.add(paper == null || Double.isNaN(paper.ratioToNormalLoad()) ? NONE
                        : String.format(Locale.ROOT, "%.2f", paper.ratioToNormalLoad()));
                cells.add(row.ratioToNormalLoad().format(2));
            }
            text.row(cells);
        }
        text.print(out);
        if (result.rows().stream().anyMatch(r -> r.published() != null && r.published().estimated())) {
            out.println(ESTIMATE + " Brent's estimate, not a measurement (\"due to paging file quota restrictions\")");
        }
        if (result.rows().stream().anyMatch(r -> !r.beyondFirstTouch().isEmpty())) {
            printRecount(result, "without first-touch faults (each page's first reference, a fault under any"
                    + " policy, not counted)", Row::beyondFirstTouch, out);
        }
        if (result.rows().stream().anyMatch(r -> !r.disposePaged().isEmpty())) {
            printRecount(result, "with the strategies' own references made while disposing a block paged too (the"
                    + " link STACK and the current-page strategies write into it; NOFREE makes none)",
                    Row::disposePaged, out);
        }
        printDiagnostics(result, pqsimScale, out);
    }

    /**
     * What the program did, from the diagnostics of each strategy's first run: the links it followed and the ages
     * of the blocks it read (the program's own, the same under every strategy that refuses nothing), faults per
     * allocation, and for PQSIM the faults of its phases and where the paper's counts sit on the measured curve.
     */
    private static void printDiagnostics(TableResult result, double pqsimScale, PrintWriter out) {
        if (result.rows().isEmpty() || result.rows().getFirst().runs().getFirst().diagnostics() == null) {
            return;
        }
        RunResult first = result.rows().getFirst().runs().getFirst();
        Diagnostics program = first.diagnostics();
        out.println();
        out.println("Diagnostics of " + result.table().title + " (the program's, seed " + first.seed()
                + ", over the measured references):");
        out.printf(Locale.ROOT, "  links followed: %d, %.1f%% between blocks allocated less than a page (%d blocks)"
                + " apart%n", program.links(), BrentFigures.percent(program.linksWithinPage(), program.links()),
                program.blocksPerPage());
        if (program.links() > 0) {
            out.println("    gap in allocations  " + DiagnosticsText.line(program.linkGaps()));
        }
        out.printf(Locale.ROOT, "  blocks read: %d%n", program.visits());
        if (program.visits() > 0) {
            out.println("    age in allocations  " + DiagnosticsText.line(program.ages()));
        }
        boolean phased = result.table() != Table.TRIDIAG;
        String policy = BrentExperiment.phasePolicy(result.frames().getFirst());
        List<String> header = new ArrayList<>(List.of("strategy"));
        result.frames().forEach(f -> header.add("faults/allocation, " + f + " frames"));
        if (phased) {
            header.addAll(List.of("faults/insert", "faults/delete-min", "distance reads' share",
                    "paper's count reached at"));
        }
        TextTable text = new TextTable().header(header);
        for (Row row : result.rows()) {
            RunResult run = row.runs().getFirst();
            Diagnostics d = run.diagnostics();
            List<String> cells = new ArrayList<>(List.of(BrentFigures.upper(row.strategy())));
            for (int f : result.frames()) {
                cells.add(String.format(Locale.ROOT, "%.3f", run.curve(BrentExperiment.CURVE_POLICY).faultsAt(f)
                        / (double) d.allocations()));
            }
            if (phased) {
                Diagnostics.Phase insert = phase(d, PqsimWorkload.INSERT);
                Diagnostics.Phase delete = phase(d, PqsimWorkload.DELETE_MIN);
                Diagnostics.Phase distance = phase(d, PqsimWorkload.DISTANCE_READS);
                long all = d.phases().stream().mapToLong(p -> p.faults().get(policy)).sum();
                cells.add(String.format(Locale.ROOT, "%.3f", insert.faults().get(policy) / (double) insert.entries()));
                cells.add(String.format(Locale.ROOT, "%.3f", delete.faults().get(policy) / (double) delete.entries()));
                cells.add(String.format(Locale.ROOT, "%.1f%%", BrentFigures.percent(distance.faults().get(policy),
                        all)));
                Long published = row.published() == null ? null
                        : row.published().faults().get(result.paperFrames().getFirst());
                cells.add(published == null ? NONE : BrentExperiment.framesReaching(row.curve(),
                        Math.round(published * pqsimScale)) + " frames");
            }
            text.row(cells);
        }
        text.print(out);
        if (phased) {
            out.println("  (faults at " + result.frames().getFirst() + " frames by phase: an insert's and a"
                    + " delete-min's own, without the reads of the children's dist fields in their merges, whose"
                    + " share of all faults is given apart; the paper's count is reached where our LRU curve falls"
                    + " to it" + (pqsimScale == 1 ? "" : String.format(Locale.ROOT, ", scaled by %.2f to this run's"
                    + " measured length", pqsimScale)) + ")");
        }
    }

    private static Diagnostics.Phase phase(Diagnostics d, String name) {
        return d.phases().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow(
                () -> new IllegalStateException("PQSIM's diagnostics lack the phase '" + name + "'"));
    }

    /**
     * Table 3.1 counted another way ({@code how}): without first touches, which Brent may not have counted (his
     * NOFREE faults barely more often than it has pages), or with the strategies' disposal references paged; the
     * paper's figures beside.
     */
    private static void printRecount(TableResult result, String how, Function<Row, BrentExperiment.Recount> recount,
                                     PrintWriter out) {
        out.println();
        out.println("Table " + result.table().id + " " + how);
        List<String> groups = new ArrayList<>(List.of(""));
        List<String> sides = new ArrayList<>(List.of("strategy"));
        for (int i = 0; i < result.frames().size(); i++) {
            groups.addAll(List.of("faults, " + result.frames().get(i) + " frames", "", "normalized", ""));
            sides.addAll(List.of("paper", "measured", "paper", "measured"));
        }
        TextTable text = new TextTable().header(groups).header(sides);
        for (Row row : result.rows()) {
            BrentPaper.Row paper = row.published();
            BrentExperiment.Recount counted = recount.apply(row);
            List<String> cells = new ArrayList<>(List.of(BrentFigures.upper(row.strategy())));
            for (int i = 0; i < result.frames().size(); i++) {
                int f = result.frames().get(i);
                Long faults = paper == null ? null : paper.faults().get(result.paperFrames().get(i));
                Double normalized = paper == null ? null : paper.normalized().get(result.paperFrames().get(i));
                cells.add(faults == null ? NONE : Long.toString(faults));
                Summary measured = counted.faults().get(f);
                cells.add(measured == null ? NONE : measured.format(0));
                cells.add(normalized == null ? NONE : String.format(Locale.ROOT, "%.3f", normalized));
                Summary measuredNormalized = counted.normalized().get(f);
                cells.add(measuredNormalized == null ? NONE : measuredNormalized.format(3));
            }
            text.row(cells);
        }
        text.print(out);
    }
}
