package io.heaplab.allocators.fixed;

/**
 * Division of a non-negative {@code int} by a divisor fixed when a strategy is made, as one multiplication
 * (Lemire, Kaser &amp; Kurz, "Faster remainder by direct computation", Software: Practice and Experience 49(6),
 * 2019): a page's blocks, a group's pages. A hardware division takes tens of cycles, and a fixed-size strategy
 * divides several times an allocate and free; the quotient is exact for every dividend, so nothing it computes
 * changes.
 */
final class Divisor {

    private final int divisor;
    /** {@code floor((2^64 - 1) / d) + 1}, or 0 for a power of two, which {@link #shift} divides by. */
    private final long magic;
    private final int shift;

    Divisor(int divisor) {
        if (divisor <= 0) {
            throw new IllegalArgumentException("divisor: " + divisor + " (expected: > 0)");
        }
        this.divisor = divisor;
        boolean power = Integer.bitCount(divisor) == 1;
        this.magic = power ? 0 : Long.divideUnsigned(-1L, divisor) + 1;
        this.shift = Integer.numberOfTrailingZeros(divisor);
    }

    /** {@code n / d}, for {@code n >= 0}. */
    int divide(int n) {
        return magic == 0 ? n >>> shift : (int) Math.unsignedMultiplyHigh(magic, n);
    }

    /** {@code n / d}, for {@code n >= 0}: a page number kept in a {@code long}, fast below {@code 2^31}. */
    long divide(long n) {
        return n == (int) n ? divide((int) n) : n / divisor;
    }

}
