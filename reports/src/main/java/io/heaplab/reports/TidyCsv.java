package io.heaplab.reports;

import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Runs as a tidy CSV table: a row per (run, policy, memory size), the run's measures repeated on each, so files of
 * several runs concatenate into one data frame (pandas, R). A curve gives a row per point; a run with no policy one
 * row with the paging columns empty.
 */
public final class TidyCsv {

    /** The header, the same for every file. */
    public static final String HEADER = "workload,allocator,seed,pageSize,references,measuredFrom,pagesTouched,"
            + "virtualPages,firstTouches,allocatorReferences,allocations,frees,rejections,peakLiveBlocks,"
            + "peakLiveBytes,meanSearches,policy,axis,size,faults,missRatio,writeBacks,meanResident\n";

    private TidyCsv() {
    }

    public static byte[] toCsv(List<RunResult> runs) {
        StringBuilder csv = new StringBuilder(HEADER);
        for (RunResult run : runs) {
            String prefix = String.join(",", quote(run.workload()), quote(run.allocator()), Long.toString(run.seed()),
                    Integer.toString(run.pageSize()), Long.toString(run.references()),
                    Long.toString(run.measuredFrom()), Long.toString(run.pagesTouched()),
                    Long.toString(run.virtualPages()), Long.toString(run.firstTouches()),
                    Long.toString(run.allocatorReferences()), Long.toString(run.allocations()),
                    Long.toString(run.frees()), Long.toString(run.rejections()), Long.toString(run.peakLiveBlocks()),
                    Long.toString(run.peakLiveBytes()), number(run.meanSearches()));
            long measured = run.references() - run.measuredFrom();
            if (run.paging().isEmpty()) {
                csv.append(prefix).append(",,,,,,,\n");
            }
            run.paging().forEach((policy, outcome) -> {
                switch (outcome) {
                    case PagingOutcome.Faults f -> {
                        String[] size = size(policy);
                        Number writeBacks = f.measures().get(PagingOutcome.WRITE_BACKS);
                        Number resident = f.measures().get("meanResident");
                        csv.append(prefix).append(',').append(quote(policy)).append(',').append(size[0]).append(',')
                                .append(size[1]).append(',').append(f.faults()).append(',')
                                .append(measured == 0 ? "" : number((double) f.faults() / measured)).append(',')
                                .append(writeBacks == null ? "" : writeBacks).append(',')
                                .append(resident == null ? "" : number(resident.doubleValue())).append('\n');
                    }
                    case PagingOutcome.Curve c -> {
                        double[] miss = c.missRatio();
                        for (int i = 0; i < c.points(); i++) {
                            csv.append(prefix).append(',').append(quote(policy)).append(',')
                                    .append(c.axis().label()).append(',').append(c.sizes()[i]).append(',')
                                    .append(c.faults()[i]).append(',').append(number(miss[i])).append(',')
                                    .append(c.writeBacks()[i]).append(',').append(number(c.meanResident()[i]))
                                    .append('\n');
                        }
                    }
                }
            });
        }
        return csv.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The axis and size a single-size policy spec names ({@code frames=25}, {@code theta=1000}), or blanks. */
    private static String[] size(String policy) {
        try {
            Map<String, String> options = Spec.parse(policy).options();
            if (options.containsKey("frames")) {
                return new String[] {"frames", options.get("frames")};
            }
            if (options.containsKey("theta")) {
                return new String[] {"window", options.get("theta")};
            }
        } catch (SpecException e) {
            // a key heaplab did not write itself: no size to tell
        }
        return new String[] {"", ""};
    }

    private static String number(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "" : Double.toString(value);
    }

    /** A field as CSV wants it: specs have commas, so every text field is quoted, quotes doubled. */
    private static String quote(String text) {
        return '"' + text.replace("\"", "\"\"") + '"';
    }
}
