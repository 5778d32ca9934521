package io.heaplab.core.diagnostics;

import java.util.Arrays;

/**
 * A distribution of non-negative counts in power-of-two buckets, 0, 1, 2-3, 4-7, ...: wide enough for the gap
 * between two blocks' allocations or a block's age, whether a few or a million allocations.
 *
 * @param buckets how many values fell in each bucket, up to the last one used
 * @param count   the number of values
 * @param sum     their sum
 */
public record Histogram(long[] buckets, long count, long sum) {

    /** No values at all. */
    public static final Histogram EMPTY = new Histogram(new long[0], 0, 0);

    public Histogram {
        buckets = buckets.clone();
    }

    /** The bucket {@code value} falls in: 0 for 0, b for values from 2^(b-1) to 2^b - 1. */
    public static int bucket(long value) {
        return value == 0 ? 0 : Long.SIZE - Long.numberOfLeadingZeros(value);
    }

    /** The least value of {@code bucket}. */
    public static long lower(int bucket) {
        return bucket == 0 ? 0 : 1L << (bucket - 1);
    }

    /** The greatest value of {@code bucket}. */
    public static long upper(int bucket) {
        return bucket == 0 ? 0 : bucket == Long.SIZE ? Long.MAX_VALUE : (1L << bucket) - 1;
    }

    /** The mean value; NaN when there are none. */
    public double mean() {
        return count == 0 ? Double.NaN : (double) sum / count;
    }

    /** The bucket holding the median value; -1 when there are none. */
    public int medianBucket() {
        long seen = 0;
        for (int b = 0; b < buckets.length; b++) {
            seen += buckets[b];
            if (2 * seen >= count && count > 0) {
                return b;
            }
        }
        return -1;
    }

    @Override
    public long[] buckets() {
        return buckets.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Histogram h && count == h.count && sum == h.sum && Arrays.equals(buckets, h.buckets);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(buckets) * 31 + Long.hashCode(sum);
    }

    @Override
    public String toString() {
        return "Histogram" + Arrays.toString(buckets);
    }

    /** Counts values as they come; {@link #snapshot()} gives the record. */
    static final class Tally {
        private final long[] buckets = new long[Long.SIZE + 1];
        private long count;
        private long sum;

        void add(long value) {
            buckets[bucket(value)]++;
            count++;
            sum += value;
        }

        void reset() {
            Arrays.fill(buckets, 0);
            count = 0;
            sum = 0;
        }

        Histogram snapshot() {
            int used = buckets.length;
            while (used > 0 && buckets[used - 1] == 0) {
                used--;
            }
            return new Histogram(Arrays.copyOf(buckets, used), count, sum);
        }
    }
}
