package io.heaplab.reports;

import io.heaplab.core.diagnostics.Diagnostics;
import io.heaplab.core.diagnostics.Histogram;
import io.heaplab.core.run.RunResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A run's {@link Diagnostics} for the terminal, below its table. */
public final class DiagnosticsText {

    private DiagnosticsText() {
    }

    /** Prints the diagnostics of {@code run}, which gathered them. */
    public static void print(RunResult run, PrintWriter out) {
        Diagnostics d = run.diagnostics();
        out.printf(Locale.ROOT, "%s diagnostics, over the measured phase: %d allocations%s%n", run.allocator(),
                d.allocations(), d.blocksPerPage() > 0 ? ", " + d.blocksPerPage() + " blocks to a page" : "");
        run.faultsPerAllocation().forEach((policy, value) ->
                out.printf(Locale.ROOT, "  faults per allocation under %s: %.4f%n", policy, value));
        out.printf(Locale.ROOT, "  links followed: %d%s%s%n", d.links(), d.blocksPerPage() > 0 && d.links() > 0
                        ? String.format(Locale.ROOT, ", %.1f%% between blocks allocated less than a page apart",
                        100.0 * d.linksWithinPage() / d.links()) : "",
                d.linksUnresolved() > 0 ? ", " + d.linksUnresolved() + " to or from no live block's start" : "");
        if (d.links() > 0) {
            out.println("    gap in allocations  " + line(d.linkGaps()));
        }
        out.printf(Locale.ROOT, "  blocks visited: %d%n", d.visits());
        if (d.visits() > 0) {
            out.println("    age in allocations  " + line(d.ages()));
        }
        List<Diagnostics.Phase> phases = d.phases().stream()
                .filter(p -> p.entries() > 0 || p.references() > 0).toList();
        if (phases.size() > 1) {
            List<String> policies = List.copyOf(phases.getFirst().faults().keySet());
            List<String> header = new ArrayList<>(List.of("phase", "entries", "references"));
            policies.forEach(p -> header.add("faults " + p));
            out.println("  by phase of the program:");
            TextTable table = new TextTable().header(header);
            for (Diagnostics.Phase phase : phases) {
                List<String> row = new ArrayList<>(List.of(phase.name(), Long.toString(phase.entries()),
                        Long.toString(phase.references())));
                policies.forEach(p -> row.add(Long.toString(phase.faults().get(p))));
                table.row(row);
            }
            table.print(out);
        }
    }

    /** The buckets of {@code h} as from-to:count, with the mean and the bucket of the median. */
    public static String line(Histogram h) {
        long[] counts = h.buckets();
        List<String> parts = new ArrayList<>();
        for (int b = 0; b < counts.length; b++) {
            if (counts[b] > 0) {
                parts.add(bounds(b) + ":" + counts[b]);
            }
        }
        return String.join(" ", parts) + String.format(Locale.ROOT, " (mean %.1f, median %s)", h.mean(),
                bounds(h.medianBucket()));
    }

    private static String bounds(int bucket) {
        long from = Histogram.lower(bucket);
        long to = Histogram.upper(bucket);
        return from == to ? Long.toString(from) : from + "-" + to;
    }
}
