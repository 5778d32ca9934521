package io.heaplab.allocators.fixed;

import io.heaplab.core.spi.AllocatorSetup;
import java.util.Arrays;

/**
 * The common part of the LEAST-FREE and MOST-FREE strategies of Brent's report (named in section 2.4 of the MRU
 * paper): current-page strategies that choose the page of {@code S3} by its number of free blocks, {@code phi}.
 *
 * <h2>Layout</h2>
 *
 * {@code S3} is kept as buckets by {@code phi}: bucket {@code k} ({@code 1 <= k < c}) is a doubly-linked list of
 * the headers of the pages with {@code phi = k} (see {@link CurrentPageAllocator}), and a bitmap has bit
 * {@code k} set when bucket {@code k} is not empty. The bucket heads and the bitmap are {@code c + 1} ints and
 * {@code c / 64 + 1} longs of fields, global roots like the head of STACK's list; everything per page is in the
 * heap. With {@code c = 6}:
 *
 * <pre>
 *  nonEmpty  = 0b010110         bit k: bucket k has a page
 *  heads[1]  = 4  ---> [page 4] <--> [page 0]
 *  heads[2]  = 8  ---> [page 8]
 *  heads[3]  = -1
 *  heads[4]  = 3  ---> [page 3] <--> [page 6] <--> [page 1]    most recently freed into first
 * </pre>
 *
 * <h2>Operations</h2>
 *
 * A free moves its page from bucket {@code phi} to the head of bucket {@code phi + 1} (or onto the {@code S2}
 * stack once {@code phi = c}), setting and clearing bits as buckets fill and empty: O(1). Choosing a new current
 * page scans the bitmap for the lowest (LEAST-FREE) or highest (MOST-FREE) nonempty bucket: O(c / 64) words, a
 * handful ({@code c = 85} for Brent's 6-byte blocks in 512-byte pages: 2 words), and then O(1) to unlink the
 * bucket's head. Allocating from the current page is O(1).
 *
 * <h2>Ties</h2>
 *
 * Within a bucket the page taken is the head, the one inserted last. A page of {@code S3} changes bucket only
 * when a block of it is freed (only the current page, on no list, hands out blocks), so that is the page, among
 * those tied on {@code phi}, in which a block was freed most recently: MRU's rule among equals, with MRU's
 * rationale that it is the likeliest to be in real memory.
 */
public abstract class FreeCountAllocator extends CurrentPageAllocator {

    /** {@code heads[k]}: the first page with {@code phi = k}, or {@link #NO_PAGE}; 0 and {@code c} stay empty. */
    private final int[] heads;
    /** Bit {@code k} is set when bucket {@code k} is not empty. */
    private final long[] nonEmpty;

    /**
     * Fails with a one-line {@link io.heaplab.core.spi.SpecException} for a setup the strategy cannot serve.
     *
     * @param name the strategy's short name, which starts every error message
     */
    protected FreeCountAllocator(String name, AllocatorSetup setup) {
        super(name, setup);
        this.heads = new int[blocksPerPage + 1];
        Arrays.fill(heads, NO_PAGE);
        this.nonEmpty = new long[(blocksPerPage >>> 6) + 1];
    }

    /** The bucket whose head becomes current: a {@code phi} whose bit is set in the bitmap, or -1 if none is. */
    protected abstract int chooseBucket();

    /** The lowest nonempty bucket, or -1: O(c / 64). */
    protected final int lowestNonEmptyBucket() {
        for (int w = 0; w < nonEmpty.length; w++) {
            if (nonEmpty[w] != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(nonEmpty[w]);
            }
        }
        return -1;
    }

    /** The highest nonempty bucket, or -1: O(c / 64). */
    protected final int highestNonEmptyBucket() {
        for (int w = nonEmpty.length - 1; w >= 0; w--) {
            if (nonEmpty[w] != 0) {
                return (w << 6) + 63 - Long.numberOfLeadingZeros(nonEmpty[w]);
            }
        }
        return -1;
    }

    @Override
    protected final void s3Insert(int page, int phi) {
        add(page, phi);
    }

    @Override
    protected final void s3Freed(int page, int oldPhi) {
        remove(page, oldPhi);
        add(page, oldPhi + 1);
    }

    @Override
    protected final void s3Remove(int page, int oldPhi) {
        remove(page, oldPhi);
    }

    @Override
    protected final int takeFromS3() {
        int bucket = chooseBucket();
        if (bucket < 0) {
            return NO_PAGE;
        }
        int page = heads[bucket];
        remove(page, bucket);
        return page;
    }

    private void add(int page, int phi) {
        heads[phi] = pushFront(heads[phi], page);
        nonEmpty[phi >>> 6] |= 1L << phi;
    }

    private void remove(int page, int phi) {
        int head = unlink(heads[phi], page);
        heads[phi] = head;
        if (head == NO_PAGE) {
            nonEmpty[phi >>> 6] &= ~(1L << phi);
        }
    }

    @Override
    protected final int s3Lists() {
        return heads.length;
    }

    @Override
    protected final int s3Head(int list) {
        return heads[list];
    }

    @Override
    protected final boolean s3Admits(int list, int phi) {
        return phi == list;
    }

    @Override
    protected final void verifyS3Index() {
        for (int k = 0; k < heads.length; k++) {
            boolean bit = (nonEmpty[k >>> 6] & 1L << k) != 0;
            if (bit != (heads[k] != NO_PAGE)) {
                throw new IllegalStateException(name + ": bit " + k + " of the bitmap is " + (bit ? 1 : 0)
                        + " but bucket " + k + (bit ? " is empty" : " holds page " + heads[k]));
            }
        }
        for (int k = heads.length; k < nonEmpty.length << 6; k++) {
            if ((nonEmpty[k >>> 6] & 1L << k) != 0) {
                throw new IllegalStateException(name + ": bit " + k + " of the bitmap is set, beyond bucket "
                        + (heads.length - 1));
            }
        }
    }
}
