package io.heaplab.reports;

import io.heaplab.core.run.ByteMisses;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Results as a tidy CSV table, one header for {@code run}, {@code trace replay} and {@code curve}: a row per
 * (stream, policy, memory size), the stream's measures repeated on each, so files of several commands concatenate
 * into one data frame (pandas, R). A stream is a run (its workload, allocator and seed) or a trace file (its path);
 * the columns the other kind has stay empty. A curve gives a row per point; a run with no policy one row with the
 * paging columns empty. A trace replayed after a warm-up has it in {@code warmup}; a policy replayed on a sized
 * trace has the bytes of the requests in {@code bytesRequested}, those of the requests that missed in {@code
 * bytesMissed}, and their quotient in {@code byteMissRatio}.
 */
public final class TidyCsv {

    /** The header, the same for every file. */
    public static final String HEADER = "trace,workload,allocator,seed,pageSize,references,measuredFrom,warmup,"
            + "pagesTouched,virtualPages,firstTouches,allocatorReferences,allocations,frees,rejections,peakLiveBlocks,"
            + "peakLiveBytes,meanSearches,policy,axis,size,faults,missRatio,writeBacks,meanResident,lifetime,"
            + "bytesRequested,bytesMissed,byteMissRatio\n";

    /** The stream columns a trace has no value for: virtualPages to meanSearches. */
    private static final String NO_RUN = ",".repeat(9);

    private TidyCsv() {
    }

    /** The table of {@code runs}, in their order. */
    public static byte[] toCsv(List<RunResult> runs) {
        StringBuilder csv = new StringBuilder(HEADER);
        for (RunResult run : runs) {
            String prefix = String.join(",", "", quote(run.workload()), quote(run.allocator()),
                    Long.toString(run.seed()), Integer.toString(run.pageSize()), Long.toString(run.references()),
                    Long.toString(run.measuredFrom()), "", Long.toString(run.pagesTouched()),
                    Long.toString(run.virtualPages()), Long.toString(run.firstTouches()),
                    Long.toString(run.allocatorReferences()), Long.toString(run.allocations()),
                    Long.toString(run.frees()), Long.toString(run.rejections()), Long.toString(run.peakLiveBlocks()),
                    Long.toString(run.peakLiveBytes()), number(run.meanSearches()));
            rows(csv, prefix, run.references() - run.measuredFrom(), run.paging());
        }
        return csv.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The table of one stream of references, a trace's or a run's as a report names it, and its policies. */
    public static byte[] toCsv(ReferenceStream stream, Map<String, ? extends PagingOutcome> paging) {
        return toCsv(List.of(stream), List.of(paging));
    }

    /** The table of several streams, each with its policies' outcomes, in order. */
    public static byte[] toCsv(List<ReferenceStream> streams, List<? extends Map<String, ? extends PagingOutcome>> paging) {
        StringBuilder csv = new StringBuilder(HEADER);
        for (int s = 0; s < streams.size(); s++) {
            ReferenceStream stream = streams.get(s);
            Map<String, Object> origin = stream.origin();
            String prefix = String.join(",", text(origin.get("trace")), text(origin.get("workload")),
                    text(origin.get("allocator")), plain(origin.get("seed")), plain(origin.get("pageSize")),
                    Long.toString(stream.references()), Long.toString(stream.measuredFrom()),
                    Long.toString(stream.warmup()), Integer.toString(stream.distinctPages())) + NO_RUN;
            rows(csv, prefix, stream.references() - stream.measuredFrom(), paging.get(s));
        }
        return csv.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void rows(StringBuilder csv, String prefix, long measured,
                             Map<String, ? extends PagingOutcome> paging) {
        if (paging.isEmpty()) {
            csv.append(prefix).append(",,,,,,,,,,,\n");
        }
        paging.forEach((policy, outcome) -> {
            switch (outcome) {
                case PagingOutcome.Faults f -> {
                    String[] size = size(policy);
                    Number writeBacks = f.measures().get(PagingOutcome.WRITE_BACKS);
                    Number resident = f.measures().get("meanResident");
                    csv.append(prefix).append(',').append(quote(policy)).append(',').append(size[0]).append(',')
                            .append(size[1]).append(',').append(f.faults()).append(',')
                            .append(measured == 0 ? "" : number((double) f.faults() / measured)).append(',')
                            .append(writeBacks == null ? "" : writeBacks).append(',')
                            .append(resident == null ? "" : number(resident.doubleValue())).append(',')
                            .append(f.faults() == 0 ? "" : number((double) measured / f.faults()))
                            .append(bytes(f.measures())).append('\n');
                }
                case PagingOutcome.Curve c -> {
                    // each accessor copies its array: taken once, not once per point
                    long[] sizes = c.sizes();
                    long[] faults = c.faults();
                    long[] writeBacks = c.writeBacks();
                    double[] resident = c.meanResident();
                    double[] miss = c.missRatio();
                    double[] lifetime = c.lifetime();
                    String head = prefix + ',' + quote(policy) + ',' + c.axis().label() + ',';
                    for (int i = 0; i < sizes.length; i++) {
                        csv.append(head).append(sizes[i]).append(',').append(faults[i]).append(',')
                                .append(number(miss[i])).append(',').append(writeBacks[i]).append(',')
                                .append(number(resident[i])).append(',').append(number(lifetime[i])).append(",,,\n");
                    }
                }
            }
        });
    }

    /** The byte columns of a policy's measures, each after a comma: blank when the trace gave no sizes. */
    private static String bytes(Map<String, Number> measures) {
        Number requested = measures.get(ByteMisses.BYTES_REQUESTED);
        Number missed = measures.get(ByteMisses.BYTES_MISSED);
        Number ratio = measures.get(ByteMisses.BYTE_MISS_RATIO);
        return "," + (requested == null ? "" : requested) + "," + (missed == null ? "" : missed) + ","
                + (ratio == null ? "" : number(ratio.doubleValue()));
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

    private static String text(Object value) {
        return value == null ? "" : quote(value.toString());
    }

    private static String plain(Object value) {
        return value == null ? "" : value.toString();
    }

    /** A field as CSV wants it: specs have commas, so every text field is quoted, quotes doubled. */
    private static String quote(String text) {
        return '"' + text.replace("\"", "\"\"") + '"';
    }
}
