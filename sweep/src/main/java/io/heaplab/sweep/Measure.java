package io.heaplab.sweep;

import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.PagingOutcome;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * A number a sweep keeps of each point's run, one column of its table; every one depends only on the point, never
 * on the clock, so a sweep's table is the same byte for byte wherever it ran. See docs/glossary.md for each.
 */
public enum Measure {
    FAULTS("faults", true, true, r -> faults(r).faults()),
    MISS_RATIO("missRatio", true, false, r -> {
        long measured = r.references() - r.measuredFrom();
        return measured == 0 ? Double.NaN : (double) faults(r).faults() / measured;
    }),
    WRITE_BACKS("writeBacks", true, true, r -> {
        Number writeBacks = faults(r).measures().get(PagingOutcome.WRITE_BACKS);
        return writeBacks == null ? Double.NaN : writeBacks.longValue();
    }),
    REFERENCES("references", false, true, RunResult::references),
    MEASURED_FROM("measuredFrom", false, true, RunResult::measuredFrom),
    ALLOCATOR_REFERENCES("allocatorReferences", false, true, RunResult::allocatorReferences),
    PAGES_TOUCHED("pagesTouched", false, true, RunResult::pagesTouched),
    VIRTUAL_PAGES("virtualPages", false, true, RunResult::virtualPages),
    FIRST_TOUCHES("firstTouches", false, true, RunResult::firstTouches),
    ALLOCATIONS("allocations", false, true, RunResult::allocations),
    FREES("frees", false, true, RunResult::frees),
    REJECTIONS("rejections", false, true, RunResult::rejections),
    PEAK_LIVE_BLOCKS("peakLiveBlocks", false, true, RunResult::peakLiveBlocks),
    PEAK_LIVE_BYTES("peakLiveBytes", false, true, RunResult::peakLiveBytes),
    MEAN_SEARCHES("meanSearches", false, false, RunResult::meanSearches),
    PEAK_FOOTPRINT("peakFootprint", false, true, r -> r.space().peakFootprint()),
    INTERNAL_FRAGMENTATION("internalFragmentation", false, false, r -> r.space().internalFragmentation()),
    EXTERNAL_FRAGMENTATION("externalFragmentation", false, false, r -> r.space().externalFragmentation()),
    MEAN_HEAP_OVER_LIVE("meanHeapOverLive", false, false, r -> r.fragmentation().meanHeapOverLive()),
    PEAK_HEAP_BYTES("peakHeapBytes", false, true, r -> r.fragmentation().peakHeapBytes());

    private final String label;
    private final boolean paged;
    private final boolean whole;
    // counts below 2^53 are exact as doubles, far beyond any run's references
    private final ToDoubleFunction<RunResult> value;

    Measure(String label, boolean paged, boolean whole, ToDoubleFunction<RunResult> value) {
        this.label = label;
        this.paged = paged;
        this.whole = whole;
        this.value = value;
    }

    /** The column's name, as a sweep file's {@code measures} names it. */
    public String label() {
        return label;
    }

    /** Whether it is the point's policy's: a sweep without a policy has none of these. */
    public boolean paged() {
        return paged;
    }

    /** Whether its values are whole numbers (counts), not fractions. */
    public boolean whole() {
        return whole;
    }

    /** This measure of {@code result} as the table writes it: a count, a fraction, or empty when it has none. */
    public String of(RunResult result) {
        double v = value.applyAsDouble(result);
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        return whole ? Long.toString((long) v) : Double.toString(v);
    }

    /** The measure labelled {@code label}, or null. */
    public static Measure of(String label) {
        return Arrays.stream(values()).filter(m -> m.label.equals(label)).findFirst().orElse(null);
    }

    /** Every label, for messages. */
    public static List<String> labels() {
        return Arrays.stream(values()).map(Measure::label).toList();
    }

    /** The one policy's faults of a sweep point's run. */
    private static PagingOutcome.Faults faults(RunResult result) {
        PagingOutcome outcome = result.paging().firstEntry().getValue();
        if (outcome instanceof PagingOutcome.Faults faults) {
            return faults;
        }
        throw new IllegalStateException("policy '" + result.paging().firstEntry().getKey() + "' gave a whole curve"
                + " (expected: a policy at one memory size, such as lru:frames=64)");
    }
}
