package io.heaplab.core.spi;

import java.util.Arrays;

/**
 * What a run looked like at the moments its workload asked for a sample ({@link WorkloadContext#sample}): the
 * course report recorded its process's size and time every tenth of a run; a trace replay samples its footprint.
 *
 * <p>Sample {@code i} of each array belongs together. Every array but {@link #nanos} is deterministic for a seed.
 *
 * @param requests  allocations, frees and rejections so far
 * @param liveBytes bytes live (requested, not freed)
 * @param heapBytes the heap's size: the break, everything the strategy took from the system
 * @param heldBytes bytes the live blocks hold, headers and rounding included; -1 when the strategy does not say
 * @param searches  the strategy's searches so far; -1 when it does not count
 * @param nanos     nanoseconds since the workload started: a machine's measure, not the seed's
 */
public record Timeline(long[] requests, long[] liveBytes, long[] heapBytes, long[] heldBytes, long[] searches,
                       long[] nanos) {

    /** No sample. */
    public static final Timeline EMPTY = new Timeline(new long[0], new long[0], new long[0], new long[0], new long[0],
            new long[0]);

    public Timeline {
        int n = requests.length;
        if (liveBytes.length != n || heapBytes.length != n || heldBytes.length != n || searches.length != n
                || nanos.length != n) {
            throw new IllegalArgumentException("timeline: arrays of different lengths (expected: one per sample)");
        }
    }

    public int size() {
        return requests.length;
    }

    public boolean isEmpty() {
        return requests.length == 0;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Timeline t && Arrays.equals(requests, t.requests)
                && Arrays.equals(liveBytes, t.liveBytes) && Arrays.equals(heapBytes, t.heapBytes)
                && Arrays.equals(heldBytes, t.heldBytes) && Arrays.equals(searches, t.searches)
                && Arrays.equals(nanos, t.nanos);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(requests) * 31 + Arrays.hashCode(heapBytes);
    }

    @Override
    public String toString() {
        return "Timeline[" + size() + " samples]";
    }

    /** Samples gathered one at a time. */
    static final class Builder {
        private long[][] columns = new long[6][16];
        private int size;

        void add(long requests, long liveBytes, long heapBytes, long heldBytes, long searches, long nanos) {
            if (size == columns[0].length) {
                for (int c = 0; c < columns.length; c++) {
                    columns[c] = Arrays.copyOf(columns[c], size * 2);
                }
            }
            long[] values = {requests, liveBytes, heapBytes, heldBytes, searches, nanos};
            for (int c = 0; c < columns.length; c++) {
                columns[c][size] = values[c];
            }
            size++;
        }

        Timeline build() {
            if (size == 0) {
                return EMPTY;
            }
            return new Timeline(Arrays.copyOf(columns[0], size), Arrays.copyOf(columns[1], size),
                    Arrays.copyOf(columns[2], size), Arrays.copyOf(columns[3], size), Arrays.copyOf(columns[4], size),
                    Arrays.copyOf(columns[5], size));
        }
    }
}
