package io.heaplab.reports;

import io.heaplab.core.heap.Accounting;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.PagingOutcome;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** A plain-text table of runs, one row per run, for the terminal. */
public final class RunTable {

    private RunTable() {
    }

    /**
     * Prints one row per run with its counts and faults per policy; a whole curve shows its size, and is printed
     * below the table at frame counts that double, with any further policy measures.
     */
    public static void print(List<RunResult> runs, PrintWriter out) {
        if (runs.isEmpty()) {
            return;
        }
        List<String> header = new ArrayList<>(List.of("allocator", "references", "virtualPages", "pagesTouched",
                "allocations", "frees", "rejections", "peakLiveBlocks"));
        boolean searched = runs.stream().anyMatch(run -> run.space().searches() >= 0);
        if (searched) {
            header.add("meanSearches");
        }
        // fractions of the footprint give each allocator its own sizes: every policy of any run gets a column
        List<String> policies = runs.stream().flatMap(run -> run.paging().keySet().stream()).distinct().toList();
        header.addAll(policies);
        List<List<String>> rows = new ArrayList<>();
        for (RunResult run : runs) {
            List<String> row = new ArrayList<>(List.of(run.allocator(), num(run.references()),
                    num(run.virtualPages()), num(run.pagesTouched()), num(run.allocations()), num(run.frees()),
                    num(run.rejections()), num(run.peakLiveBlocks())));
            if (searched) {
                row.add(run.space().searches() < 0 ? "-" : String.format(Locale.ROOT, "%.2f", run.meanSearches()));
            }
            for (String policy : policies) {
                row.add(switch (run.paging().get(policy)) {
                    case null -> "-";
                    case PagingOutcome.Faults f -> num(f.faults());
                    case PagingOutcome.Curve c -> c.points() == 0 ? "curve" : "curve 1.." + c.sizes()[c.points() - 1];
                });
            }
            rows.add(row);
        }
        List<Long> seeds = runs.stream().map(RunResult::seed).distinct().toList();
        out.println("workload " + runs.getFirst().workload() + ", page size " + runs.getFirst().pageSize()
                + " B, seed" + (seeds.size() > 1 ? "s " : " ")
                + seeds.stream().map(String::valueOf).collect(Collectors.joining(", ")));
        // the runs of one command share their accounting
        runs.stream().map(RunTable::counted).filter(c -> !c.isEmpty()).findFirst().ifPresent(out::println);
        if (RunSummary.severalSeeds(runs)) {
            summaries(runs, searched, out);
        } else {
            TextTable table = new TextTable().header(header);
            rows.forEach(table::row);
            table.print(out);
        }
        for (RunResult run : runs) {
            String name = run.allocator() + (seeds.size() > 1 ? " seed " + run.seed() : "");
            run.paging().forEach((policy, outcome) -> {
                switch (outcome) {
                    case PagingOutcome.Curve c -> out.println(name + " " + policy + ": " + curveSample(c));
                    case PagingOutcome.Faults f when !f.measures().isEmpty() && seeds.size() == 1 ->
                            out.println(name + " " + policy + ": " + measures(f.measures()));
                    case PagingOutcome.Faults f -> { }
                }
            });
        }
        for (RunResult run : runs) {
            if (run.diagnostics() != null) {
                DiagnosticsText.print(run, out);
            }
        }
        out.flush();
    }

    /** A row per allocator: each measure's mean and standard deviation over the seeds it ran with. */
    private static void summaries(List<RunResult> runs, boolean searched, PrintWriter out) {
        List<RunSummary> summaries = RunSummary.of(runs, false);
        List<String> policies = summaries.stream().flatMap(s -> s.faults().keySet().stream()).distinct().toList();
        List<String> header = new ArrayList<>(List.of("allocator", "seeds", "references", "virtualPages",
                "pagesTouched", "allocations", "peakLiveBlocks"));
        if (searched) {
            header.add("meanSearches");
        }
        header.addAll(policies);
        TextTable table = new TextTable().header(header);
        for (RunSummary s : summaries) {
            List<String> row = new ArrayList<>(List.of(s.allocator(), Integer.toString(s.seeds().size()),
                    s.measures().get("references").format(0), s.measures().get("virtualPages").format(1),
                    s.measures().get("pagesTouched").format(1), s.measures().get("allocations").format(0),
                    s.measures().get("peakLiveBlocks").format(1)));
            if (searched) {
                Summary searches = s.measures().get("meanSearches");
                row.add(searches == null ? "-" : searches.format(2));
            }
            for (String policy : policies) {
                Summary faults = s.faults().get(policy);
                row.add(faults == null ? "-" : faults.format(1));
            }
            table.row(row);
        }
        out.println("mean ± standard deviation over the seeds (each run's own figures: --json or --csv)");
        table.print(out);
    }

    /** What the faults count beyond the workload's references, when it is not the default; else "". */
    static String counted(RunResult run) {
        Accounting accounting = run.accounting();
        List<String> parts = new ArrayList<>();
        switch (accounting.allocatorReferences()) {
            case NONE -> { }
            case ALLOCATE -> parts.add("the allocator's references made while allocating paged too");
            case DISPOSE -> parts.add("the allocator's references made while disposing paged too");
            case ALL -> parts.add("the allocator's references paged too");
        }
        if (!accounting.firstTouchCounted()) {
            parts.add("faults without the first touch of each page (" + run.firstTouches() + " pages)");
        }
        return parts.isEmpty() ? "" : "counted: " + String.join("; ", parts);
    }

    /** Points 1, 2, 4, 8... of the curve and its last one, as size:faults. */
    static String curveSample(PagingOutcome.Curve curve) {
        int n = curve.points();
        long[] sizes = curve.sizes();
        long[] faults = curve.faults();
        List<String> points = new ArrayList<>();
        for (int i = 0; i < n - 1; i = 2 * i + 1) {
            points.add(sizes[i] + ":" + faults[i]);
        }
        if (n > 0) {
            points.add(sizes[n - 1] + ":" + faults[n - 1]);
        }
        return "faults by " + curve.axis().label() + " " + String.join(" ", points);
    }

    static String measures(Map<String, Number> measures) {
        return measures.entrySet().stream()
                .map(e -> e.getKey() + " " + (e.getValue() instanceof Double d
                        ? String.format(Locale.ROOT, "%.2f", d) : num(e.getValue().longValue())))
                .collect(Collectors.joining(", "));
    }

    private static String num(long value) {
        return Long.toString(value);
    }
}
