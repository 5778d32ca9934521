package io.heaplab.allocators.mruff;

import io.heaplab.core.spi.SpecException;
import java.util.Arrays;
import java.util.List;

/**
 * The size classes of {@link MruFirstFitAllocator}: the block sizes below half a page that Brent's MRU rule
 * serves ("The Most-Recently-Used Strategy for Dynamic Storage Allocation on a Computer with Virtual Memory",
 * sections 1 and 4), each carving a page into {@code c = floor(p / s)} blocks.
 *
 * <p>Classes are multiples of the 8-byte alignment, spaced {@code steps} to a doubling once that spacing is at
 * least 8 bytes, and 8 bytes apart below that. With {@code steps = 4}:
 *
 * <pre>
 *  8  16  24  32 | 40  48  56  64 | 80  96 112 128 | 160 192 224 256 | 320 ... | ... p/2
 *  linear, +8    | +8 (32/4)      | +16 (64/4)     | +32 (128/4)     | +64     |
 * </pre>
 *
 * A request of {@code r} bytes gets the smallest class {@code >= r}; above {@code 8 * steps} bytes that wastes
 * less than {@code r / steps} (under 25% with the default 4, 12.5% with 8), below it less than 8 bytes, the price
 * of alignment. Every power of two from 8 is a class, so the last class is exactly {@code p / 2}: a larger class
 * would hold one block a page, and a one-page run serves that as well without a class of its own.
 *
 * <p>{@link #indexOf} is arithmetic (a leading-zero count and a shift), not a table, so the hot path costs no
 * memory and the same code serves 64-byte and 1 MiB pages.
 */
final class SizeClasses {

    /** Every block address is a multiple of this; it is also the smallest class, room for a 4-byte link. */
    static final int ALIGNMENT = 8;
    private static final int ALIGNMENT_SHIFT = 3;
    /** The most classes per doubling an option may ask for. */
    static final int MAX_STEPS = 16;
    /** Every valid number of classes per doubling: the powers of two up to {@link #MAX_STEPS}. */
    static final List<Integer> STEPS = List.of(1, 2, 4, 8, MAX_STEPS);

    private final int steps;
    private final int stepShift;
    /** Classes up to here are every multiple of 8. */
    private final int linearLimit;
    private final int linearShift;
    private final int limit;
    private final int[] sizes;
    private final int[] blocksPerPage;

    /**
     * @param name  the strategy's short name, which starts every error message
     * @param steps classes per doubling: a power of two from 1 to {@link #MAX_STEPS}
     */
    SizeClasses(String name, int pageSize, int steps) {
        if (steps < 1 || steps > MAX_STEPS || Integer.bitCount(steps) != 1) {
            throw new SpecException(name + ": steps=" + steps + " (expected: 1, 2, 4, 8 or 16 size classes per"
                    + " doubling of the block size)");
        }
        this.steps = steps;
        this.stepShift = Integer.numberOfTrailingZeros(steps);
        this.linearLimit = ALIGNMENT * steps;
        this.linearShift = ALIGNMENT_SHIFT + stepShift;
        this.limit = pageSize / 2;
        int[] found = new int[64];
        int count = 0;
        for (int size = ALIGNMENT; size <= limit;
                size += Math.max(ALIGNMENT, Integer.highestOneBit(size) / steps)) {
            if (count == found.length) {
                found = Arrays.copyOf(found, 2 * count);
            }
            found[count++] = size;
        }
        this.sizes = Arrays.copyOf(found, count);
        this.blocksPerPage = new int[count];
        for (int k = 0; k < count; k++) {
            blocksPerPage[k] = pageSize / sizes[k];
        }
    }

    /** The class of a request of {@code size} bytes, {@code 1 <= size <= limit()}: the smallest one that holds it. */
    int indexOf(int size) {
        int aligned = (size + ALIGNMENT - 1) & -ALIGNMENT;
        if (aligned <= linearLimit) {
            return (aligned >>> ALIGNMENT_SHIFT) - 1;
        }
        int octave = 31 - Integer.numberOfLeadingZeros(aligned - 1); // 2^octave < aligned <= 2^(octave + 1)
        int gapShift = octave - stepShift;                            // classes here are 2^octave / steps apart
        int step = ((aligned - (1 << octave)) + (1 << gapShift) - 1) >>> gapShift; // 1 .. steps
        return steps + ((octave - linearShift) << stepShift) + step - 1;
    }

    /** Bytes per block of class {@code k}. */
    int size(int k) {
        return sizes[k];
    }

    /** {@code c = floor(p / s)}: blocks a page of class {@code k} holds. */
    int blocksPerPage(int k) {
        return blocksPerPage[k];
    }

    /** How many classes there are. */
    int count() {
        return sizes.length;
    }

    /** The largest request a class serves: half a page. */
    int limit() {
        return limit;
    }

    /** Classes per doubling. */
    int steps() {
        return steps;
    }
}
