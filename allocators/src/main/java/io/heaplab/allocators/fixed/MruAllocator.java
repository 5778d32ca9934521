package io.heaplab.allocators.fixed;

import io.heaplab.core.spi.AllocatorSetup;

/**
 * Brent's MRU strategy (section 2.5): when the current page is full, the next one is the page of {@code S3} in
 * which a block was freed most recently.
 *
 * <h2>Layout</h2>
 *
 * {@code S3} is one doubly-linked list of page headers (see {@link CurrentPageAllocator}), its head a field.
 * Pages enter it at the head and move to the head, so it is ordered by the time of each page's last free, most
 * recent first:
 *
 * <pre>
 *  head = 7 (a field)
 *     |      header of page 7          header of page 2          header of page 9
 *     +---> +----+----+------+------+  +----+----+------+------+  +----+----+------+------+
 *           |phi |free|prev  |next=2|  |phi |free|prev=7|next=9|  |phi |free|prev=2|next  |
 *           |    |    |  =-1 |      |  |    |    |      |      |  |    |    |      |  =-1 |
 *           +----+----+------+------+  +----+----+------+------+  +----+----+------+------+
 *           freed into last            before that                longest ago
 * </pre>
 *
 * <h2>Operations</h2>
 *
 * A free in a page of {@code S4} links it in at the head; a free in a page of {@code S3} moves it to the head,
 * or unlinks it when {@code phi} reaches {@code c} (it goes on the {@code S2} stack). When the current page is
 * full the head is unlinked and becomes current. Every step touches at most three headers: allocate and free
 * are O(1), as Brent promises; a fresh page costs O(c) once, O(1) amortized.
 *
 * <p>The rationale is Brent's: a page a block was recently freed in was recently referenced, so it is likely
 * still in real memory.
 */
public final class MruAllocator extends CurrentPageAllocator {

    /** The page of {@code S3} freed into most recently, or {@link #NO_PAGE}. */
    private int head = NO_PAGE;

    /** Fails with a one-line {@link io.heaplab.core.spi.SpecException} for a setup MRU cannot serve. */
    public MruAllocator(AllocatorSetup setup) {
        super(MruAllocatorProvider.NAME, setup);
    }

    @Override
    protected void s3Insert(int page, int phi) {
        head = pushFront(head, page);
    }

    @Override
    protected void s3Freed(int page, int oldPhi) {
        if (page != head) {
            head = pushFront(unlink(head, page), page);
        }
    }

    @Override
    protected void s3Remove(int page, int oldPhi) {
        head = unlink(head, page);
    }

    @Override
    protected int takeFromS3() {
        int page = head;
        if (page != NO_PAGE) {
            head = unlink(head, page);
        }
        return page;
    }

    @Override
    protected int s3Lists() {
        return 1;
    }

    @Override
    protected int s3Head(int list) {
        return head;
    }

    @Override
    protected boolean s3Admits(int list, int phi) {
        return true;
    }
}
