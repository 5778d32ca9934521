package io.heaplab.core.trace;

/**
 * Starts the measured phase after the first {@code warmup} references, as libCacheSim's and Caffeine's simulators
 * warm a cache: the sinks see every reference, so the memory is warm, but count only those after. The stream is
 * cut at the boundary, so no sink compares anything per reference to know whether it counts.
 *
 * <p>A trace that marks a measured phase of its own still does: each start forgets the counts, so the later of the
 * two is where counting begins.
 */
public final class WarmupBoundary extends SplitAtBoundaries {

    /** Passes the stream to {@code next}, starting its measured phase after {@code warmup} references (>= 1). */
    public WarmupBoundary(ReferenceSink next, long warmup) {
        super(next, warmup);
    }

    @Override
    protected long atBoundary() {
        next.startMeasuring();
        return Long.MAX_VALUE;
    }
}
