package io.heaplab.reports;

import io.heaplab.core.spi.PagingOutcome;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A plain-text account of policies replayed over one reference stream: one row per policy. */
public final class ReplayTable {

    private ReplayTable() {
    }

    /**
     * Prints the stream's counts, then a row per policy with its faults and miss ratio; a curve is printed below
     * the table at sizes that double, and any further measures after it.
     */
    public static void print(ReferenceStream stream, Map<String, PagingOutcome> paging, PrintWriter out) {
        List<String> origin = new ArrayList<>();
        // the words trace info uses: a trace that does not say its page size (a generated or a libCacheSim one)
        // has none, not a page size of 0
        stream.origin().forEach((name, value) -> origin.add(!name.equals("pageSize") ? name + " " + value
                : Long.valueOf(0).equals(value) || Integer.valueOf(0).equals(value) ? "page size not given"
                : "page size " + value));
        out.printf(Locale.ROOT, "%s: %d references in %d reference runs to %d pages%s%n", String.join(", ", origin),
                stream.references(), stream.runs(), stream.distinctPages(),
                stream.measuredFrom() == 0 ? "" : ", measured from " + stream.measuredFrom());
        long measured = stream.references() - stream.measuredFrom();
        TextTable table = new TextTable().header(List.of("policy", "faults", "missRatio", "measures"));
        paging.forEach((policy, outcome) -> table.row(switch (outcome) {
            case PagingOutcome.Faults f -> List.of(policy, Long.toString(f.faults()),
                    measured == 0 ? "-" : String.format(Locale.ROOT, "%.5f", (double) f.faults() / measured),
                    f.measures().isEmpty() ? "-" : RunTable.measures(f.measures()));
            case PagingOutcome.Curve c -> List.of(policy, "curve", "-", c.points() + " points");
        }));
        table.print(out);
        paging.forEach((policy, outcome) -> {
            if (outcome instanceof PagingOutcome.Curve c) {
                out.println(policy + ": " + RunTable.curveSample(c));
            }
        });
        out.flush();
    }
}
