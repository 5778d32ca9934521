package io.heaplab.reports;

import io.heaplab.core.run.ByteMisses;
import io.heaplab.core.run.FaultWindows;
import io.heaplab.core.spi.PagingOutcome;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
        print(stream, paging, null, out);
    }

    /**
     * Prints as {@link #print(ReferenceStream, Map, PrintWriter)} does, with a byte miss ratio column when a
     * policy measured one, and then what {@code windows} (unless null) hold.
     */
    public static void print(ReferenceStream stream, Map<String, PagingOutcome> paging, FaultWindows windows,
                             PrintWriter out) {
        List<String> origin = new ArrayList<>();
        // the words trace info uses: a trace that does not say its page size (a generated or a libCacheSim one)
        // has none, not a page size of 0
        stream.origin().forEach((name, value) -> origin.add(!name.equals("pageSize") ? name + " " + value
                : Long.valueOf(0).equals(value) || Integer.valueOf(0).equals(value) ? "page size not given"
                : "page size " + value));
        out.printf(Locale.ROOT, "%s: %d references in %d reference runs to %d pages%s%n", String.join(", ", origin),
                stream.references(), stream.runs(), stream.distinctPages(), measured(stream));
        long measured = stream.references() - stream.measuredFrom();
        boolean bytes = paging.values().stream().anyMatch(o -> o instanceof PagingOutcome.Faults f
                && f.measures().containsKey(ByteMisses.BYTE_MISS_RATIO));
        TextTable table = new TextTable().header(bytes ? List.of("policy", "faults", "missRatio", "byteMissRatio",
                "measures") : List.of("policy", "faults", "missRatio", "measures"));
        paging.forEach((policy, outcome) -> {
            List<String> row = new ArrayList<>();
            row.add(policy);
            switch (outcome) {
                case PagingOutcome.Faults f -> {
                    Map<String, Number> measures = new LinkedHashMap<>(f.measures());
                    Number byteRatio = measures.remove(ByteMisses.BYTE_MISS_RATIO);
                    measures.remove(ByteMisses.BYTES_MISSED);
                    measures.remove(ByteMisses.BYTES_REQUESTED);
                    row.add(Long.toString(f.faults()));
                    row.add(measured == 0 ? "-" : String.format(Locale.ROOT, "%.5f", (double) f.faults() / measured));
                    if (bytes) {
                        row.add(byteRatio == null || Double.isNaN(byteRatio.doubleValue()) ? "-"
                                : String.format(Locale.ROOT, "%.5f", byteRatio.doubleValue()));
                    }
                    row.add(measures.isEmpty() ? "-" : RunTable.measures(measures));
                }
                case PagingOutcome.Curve c -> {
                    row.addAll(List.of("curve", "-"));
                    if (bytes) {
                        row.add("-");
                    }
                    row.add(c.points() + " points");
                }
            }
            table.row(row);
        });
        table.print(out);
        paging.forEach((policy, outcome) -> {
            if (outcome instanceof PagingOutcome.Curve c) {
                out.println(policy + ": " + RunTable.curveSample(c));
            }
        });
        if (bytes) {
            List<String> without = paging.entrySet().stream().filter(e -> !(e.getValue() instanceof
                    PagingOutcome.Faults f && f.measures().containsKey(ByteMisses.BYTE_MISS_RATIO)))
                    .map(Map.Entry::getKey).toList();
            if (!without.isEmpty()) {
                out.println("no byte miss ratio for " + String.join(", ", without)
                        + ": curves and OPT count their faults only at the end");
            }
        }
        if (windows != null) {
            out.printf(Locale.ROOT, "miss ratio over time: %d windows of %d references%s, in the result file%s%n",
                    windows.ends().length, windows.length(),
                    windows.ends()[windows.ends().length - 1] % windows.length() == 0 ? "" : " (the last shorter)",
                    windows.notWindowed().isEmpty() ? "" : "; not for " + String.join(", ", windows.notWindowed())
                            + ", which count their faults only at the end");
        }
        out.flush();
    }

    /** How much of the stream was measured, as the first line ends: nothing when all of it was. */
    private static String measured(ReferenceStream stream) {
        if (stream.warmup() > 0) {
            return stream.measuredFrom() == stream.warmup()
                    ? ", measured after a warm-up of " + stream.warmup() + " references"
                    : ", measured from " + stream.measuredFrom() + " (after a warm-up of " + stream.warmup()
                            + " references, then the trace's own measured phase)";
        }
        return stream.measuredFrom() == 0 ? "" : ", measured from " + stream.measuredFrom();
    }
}
