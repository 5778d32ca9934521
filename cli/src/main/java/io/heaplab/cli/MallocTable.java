package io.heaplab.cli;

import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.Fragmentation;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The table {@code heaplab malloc replay} prints beside the run table: per strategy the time per call of an
 * unrecorded replay, the heap against the live bytes, and Johnstone &amp; Wilson's four fragmentation measures.
 */
final class MallocTable {

    private static final String ROW = "%-24s %9s %10s %10s %8s %8s %8s %8s %9s %7s%n";

    private MallocTable() {
    }

    /** {@code timed} maps a strategy to its unrecorded replay's nanoseconds; a strategy without one shows "-". */
    static void print(List<RunResult> results, Map<String, Long> timed, PrintWriter out) {
        out.printf(Locale.ROOT, ROW, "strategy", "ns/call", "heap KB", "live KB", "frag 1", "frag 2", "frag 3",
                "frag 4", "searches", "failed");
        for (RunResult run : results) {
            Fragmentation f = run.fragmentation();
            long calls = run.allocations() + run.frees() + run.rejections();
            Long nanos = timed.get(run.allocator());
            out.printf(Locale.ROOT, ROW, run.allocator(),
                    nanos == null || calls == 0 ? "-" : String.format(Locale.ROOT, "%.0f", (double) nanos / calls),
                    kb(f.peakHeapBytes()), kb(f.peakLiveBytes()), percent(f.averagedOverTime()),
                    percent(f.atPeakLive()), percent(f.atPeakHeap()), percent(f.peakOverPeak()),
                    Double.isNaN(run.meanSearches()) ? "-" : String.format(Locale.ROOT, "%.2f", run.meanSearches()),
                    run.rejections());
        }
        out.println("frag 1-4: Johnstone & Wilson's measures, the heap over the live bytes less one: averaged over"
                + " every call; at the most live; at the largest heap; the largest heap over the most live");
        out.println("ns/call: an unrecorded replay's wall time over its calls; searches: per allocation request");
    }

    private static String kb(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / 1024.0);
    }

    static String percent(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }
}
