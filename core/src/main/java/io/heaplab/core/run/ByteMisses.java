package io.heaplab.core.run;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.ObjectSizes;
import io.heaplab.core.trace.PageRun;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A fixed-memory policy's byte miss ratio on a sized trace, as libCacheSim reports it beside the object miss ratio:
 * the bytes of the requests that missed over the bytes of all requests, each request an object's size.
 *
 * <p>Which run missed is known only to the policy, so runs are handed to it one at a time and its {@link
 * PagingSimulator#faultsSoFar()} read after each: one call per run instead of one per batch, paid only when byte
 * measures are asked for. The sizes are an {@link ObjectSizes} table beside the stream, never objects per run.
 */
public final class ByteMisses implements PagingSimulator {

    /** The measures it adds to the policy's outcome. */
    public static final String BYTES_REQUESTED = "bytesRequested";
    public static final String BYTES_MISSED = "bytesMissed";
    public static final String BYTE_MISS_RATIO = "byteMissRatio";

    private final PagingSimulator policy;
    private final ObjectSizes sizes;
    private final long[] one = new long[1];
    private long faults;
    private long requested;
    private long missed;

    public ByteMisses(PagingSimulator policy, ObjectSizes sizes) {
        if (policy.faultsSoFar() < 0) {
            throw new IllegalArgumentException(policy + " counts its faults only at the end (expected: a policy "
                    + "with faultsSoFar())");
        }
        this.policy = policy;
        this.sizes = sizes;
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            one[0] = run;
            policy.accept(one, 1);
            long bytes = sizes.bytes(PageRun.page(run));
            requested += bytes * PageRun.count(run);
            long now = policy.faultsSoFar();
            // each fault the policy counts in the run misses the object's bytes once, as its faults count the misses
            missed += bytes * (now - faults);
            faults = now;
        }
    }

    @Override
    public void startMeasuring() {
        policy.startMeasuring();
        faults = policy.faultsSoFar();
        requested = 0;
        missed = 0;
    }

    @Override
    public void finish() {
        policy.finish();
    }

    @Override
    public long faultsSoFar() {
        return policy.faultsSoFar();
    }

    /** The policy's outcome with the byte measures after its own. */
    @Override
    public PagingOutcome outcome() {
        PagingOutcome.Faults own = (PagingOutcome.Faults) policy.outcome();
        Map<String, Number> measures = new LinkedHashMap<>(own.measures());
        measures.put(BYTES_REQUESTED, requested);
        measures.put(BYTES_MISSED, missed);
        measures.put(BYTE_MISS_RATIO, requested == 0 ? Double.NaN : (double) missed / requested);
        return new PagingOutcome.Faults(own.faults(), measures);
    }

    public long bytesRequested() {
        return requested;
    }

    public long bytesMissed() {
        return missed;
    }
}
