package io.heaplab.cli;

import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.Fragmentation;
import io.heaplab.reports.CallTime;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The table {@code heaplab malloc replay} prints beside the run table: per strategy the time per call of warmed,
 * unrecorded replays, the heap against the live bytes, and Johnstone &amp; Wilson's fragmentation measures, those at
 * the peaks first, every one in percent.
 */
final class MallocTable {

    private static final String ROW = "%-24s %8s %15s %10s %10s %10s %s %9s %7s%n";
    /** Johnstone &amp; Wilson's five columns, those at the peaks first, as both malloc tables print them. */
    private static final String FRAGMENTATION = "%8s %8s %8s %9s %8s";

    /** Johnstone &amp; Wilson's warning about measure 1, printed under every table that shows it. */
    static final String CAVEAT = "frag 1 averages over every call, the ramp and the drain included, when little is live"
            + " (Johnstone & Wilson: \"can be very misleading\"); frag 1 near peak averages over the calls with at"
            + " least half the peak live";

    private MallocTable() {
    }

    /**
     * {@code timed} maps a strategy to its replays' time per call; a strategy without one shows "-", and with none
     * timed the note on the times is left out.
     */
    static void print(List<RunResult> results, Map<String, CallTime> timed, PrintWriter out) {
        out.printf(Locale.ROOT, ROW, "strategy", "ns/call", "(fastest-slowest)", "heap KB", "touched KB", "live KB",
                FRAGMENTATION_HEADER, "searches", "failed");
        for (RunResult run : results) {
            Fragmentation f = run.fragmentation();
            CallTime time = timed.get(run.allocator());
            out.printf(Locale.ROOT, ROW, run.allocator(),
                    time == null ? "-" : String.format(Locale.ROOT, "%.0f", time.nanosPerCall()),
                    time == null ? "" : String.format(Locale.ROOT, "(%.0f-%.0f)", time.fastest(), time.slowest()),
                    kb(f.peakHeapBytes()), kb(run.pagesTouched() * run.pageSize()), kb(f.peakLiveBytes()),
                    fragmentation(f),
                    Double.isNaN(run.meanSearches()) ? "-" : String.format(Locale.ROOT, "%.2f", run.meanSearches()),
                    run.rejections());
        }
        out.println("frag 1-4: Johnstone & Wilson's measures, the heap over the live bytes less one: 4, the largest heap"
                + " over the most live; 3, at the largest heap; 2, at the most live; 1, averaged over every call");
        out.println(CAVEAT);
        out.println("heap KB: the largest break of the heap; touched KB: the pages the replay touched, to compare with"
                + " a real allocator's peak KB in malloc native; searches: per allocation request");
        if (!timed.isEmpty()) {
            out.println("ns/call: the median of the timed replays' wall time over their calls (unrecorded, after one"
                    + " to warm the JVM), the strategy with heaplab's heap around it, not a real allocator's time");
        }
    }

    /** Bytes as KB to one decimal, as both malloc tables print them. */
    static String kb(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / 1024.0);
    }

    /** The header of the {@link #fragmentation} columns. */
    static final String FRAGMENTATION_HEADER = String.format(Locale.ROOT, FRAGMENTATION, "frag 4", "frag 3", "frag 2",
            "near peak", "frag 1");

    /** Johnstone &amp; Wilson's measures 4, 3, 2, 1 near the peak and 1, in percent, as columns. */
    static String fragmentation(Fragmentation f) {
        return String.format(Locale.ROOT, FRAGMENTATION, percent(f.peakOverPeak()), percent(f.atPeakHeap()),
                percent(f.atPeakLive()), percent(f.averagedNearPeak()), percent(f.averagedOverTime()));
    }

    /** A fraction as a percentage to one decimal, "-" when unknown: the one unit of every fragmentation measure. */
    static String percent(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }
}
