package io.heaplab.core.spi;

/**
 * How a strategy used its space and how hard it searched (Purdom, Stigler &amp; Cheam 1970; the split of
 * fragmentation follows Johnstone &amp; Wilson 1998).
 *
 * <p>The footprint is the highest byte ever handed out. At every request the footprint divides into what the
 * workload asked for, what its blocks hold beyond that (headers, rounding: internal fragmentation) and what is not
 * in any block (free space below the high-water mark: external fragmentation). Each fragmentation is the ratio of
 * its sum over requests to the sum of footprints, so a long steady state weighs more than a short peak.
 *
 * @param searches                list elements examined over all requests, or -1 when the strategy does not count
 * @param peakFootprint           the highest address ever handed out, plus its block's requested size, in bytes
 * @param internalFragmentation   held but not requested, as a fraction of the footprint; NaN when the strategy does
 *                                not report what it holds
 * @param externalFragmentation   below the footprint but not held, as a fraction of it; NaN likewise
 */
public record SpaceMeasures(long searches, long peakFootprint, double internalFragmentation,
                            double externalFragmentation) {

    /** Purdom's speed: the mean number of searches per request, accepted or rejected; NaN when not counted. */
    public double meanSearches(long requests) {
        return searches < 0 || requests == 0 ? Double.NaN : (double) searches / requests;
    }
}
