package io.heaplab.allocators.slab;

import io.heaplab.core.spi.SpecException;
import java.util.ArrayList;
import java.util.List;

/**
 * The buffer sizes of the caches behind {@code kmem_alloc}, as in the table {@code kmem_alloc_sizes} of illumos's
 * {@code kmem.c} (Bonwick, "The Slab Allocator", USENIX Summer 1994, on {@code kmem_alloc}: "about 30 caches
 * ranging from 8 bytes to 9K in roughly 10-20% increments").
 *
 * <p>Every multiple of 8 up to 64, then four classes to each doubling up to the largest class {@code L}, a power
 * of two (illumos's table has the same shape up to 896 bytes, then six fractions of 8 KB):
 *
 * <pre>
 *  8 16 24 32 40 48 56 64 | 80 96 112 128 | 160 192 224 256 | 320 384 448 512 | 640 ... | ... L
 *  +8                     | +16           | +32             | +64             | +128    |
 * </pre>
 *
 * A request of {@code r} bytes goes to the smallest class {@code >= r} (a request of 0 to the 8-byte class, as
 * {@code malloc(0)} must still return a block), which wastes less than 8 bytes up to 64 and less than a quarter of
 * the request above. {@link #indexOf} is arithmetic, as illumos's {@code kmem_alloc_table} lookup is one load.
 */
final class CacheSizes {

    /** Every buffer address is a multiple of this ({@code KMEM_ALIGN}). */
    static final int ALIGN = 8;
    /** The smallest largest class: the last multiple of 8 before the classes space out. */
    static final int MIN_LARGEST = 64;
    /** The largest largest class an option may ask for. */
    static final int MAX_LARGEST = 1 << 20;
    /** The largest class of illumos's {@code kmem_alloc_sizes}, {@code KMEM_MAXBUF}. */
    static final int DEFAULT_LARGEST = 4096;
    /** Every value {@code largest} may take: the powers of two from 64 to 1 MiB. */
    static final List<Integer> LARGEST_VALUES = largestValues();

    /** Classes up to 64 bytes: one for each multiple of 8. */
    private static final int LINEAR = MIN_LARGEST / ALIGN;
    private static final int LOG2_MIN_LARGEST = 6;

    private final int[] sizes;

    /** @param largest the largest class, a power of two from 64 to 1 MiB */
    CacheSizes(int largest) {
        if (!LARGEST_VALUES.contains(largest)) {
            throw new SpecException(SlabAllocatorProvider.NAME + ": largest=" + largest + " (expected: a power of 2"
                    + " from " + MIN_LARGEST + " to " + MAX_LARGEST + " bytes)");
        }
        int log2 = Integer.numberOfTrailingZeros(largest);
        this.sizes = new int[LINEAR + 4 * (log2 - LOG2_MIN_LARGEST)];
        for (int k = 0; k < LINEAR; k++) {
            sizes[k] = (k + 1) * ALIGN;
        }
        for (int k = LINEAR; k < sizes.length; k++) {
            int e = LOG2_MIN_LARGEST + (k - LINEAR) / 4;
            sizes[k] = (1 << e) + ((k - LINEAR) % 4 + 1) * (1 << (e - 2));
        }
    }

    private static List<Integer> largestValues() {
        List<Integer> values = new ArrayList<>();
        for (int v = MIN_LARGEST; v <= MAX_LARGEST; v <<= 1) {
            values.add(v);
        }
        return List.copyOf(values);
    }

    /** How many classes there are. */
    int count() {
        return sizes.length;
    }

    /** The buffer size of class {@code k}. */
    int size(int k) {
        return sizes[k];
    }

    /** The largest class: requests above it take whole pages. */
    int largest() {
        return sizes[sizes.length - 1];
    }

    /** The class of a request of {@code size} bytes, {@code 0 <= size <= largest()}: the smallest that holds it. */
    int indexOf(long size) {
        if (size <= MIN_LARGEST) {
            return size == 0 ? 0 : (int) ((size - 1) >>> 3);
        }
        // size lies in (2^e, 2^(e+1)], whose four classes are 2^e + j 2^(e-2), j = 1..4
        int e = 63 - Long.numberOfLeadingZeros(size - 1);
        int j = (int) ((size - (1L << e) + (1L << (e - 2)) - 1) >>> (e - 2));
        return LINEAR - 1 + 4 * (e - LOG2_MIN_LARGEST) + j;
    }
}
