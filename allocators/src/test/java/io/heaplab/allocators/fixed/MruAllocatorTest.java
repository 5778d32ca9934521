package io.heaplab.allocators.fixed;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;
import org.junit.jupiter.api.Test;

class MruAllocatorTest extends CurrentPageAllocatorContract {

    @Override
    protected CurrentPageAllocator create(AllocatorSetup setup) {
        return new MruAllocator(setup);
    }

    @Override
    protected String shortName() {
        return "mru";
    }

    /** Brent's 2.5: the page of S3 freed into most recently. */
    @Override
    protected boolean prefers(PageModel model, int a, int b) {
        return model.lastFree(a) > model.lastFree(b);
    }

    @Test
    void afterFreesInPagesAThenBThePageIsB() {
        assertThat(nextPageAfterFrees(new int[] {0, 1}, new int[] {1, 1})).isEqualTo(1);
        assertThat(nextPageAfterFrees(new int[] {1, 0}, new int[] {1, 1})).isEqualTo(0);
    }

    @Test
    void aFreeMovesItsPageToTheHeadWhateverItsFreeCount() {
        // page 0 gets 3 free blocks, page 2 then 1, then page 0 one more: page 0 is the most recent
        assertThat(nextPageAfterFrees(new int[] {0, 2, 0}, new int[] {3, 1, 1})).isZero();
        // and page 2 had the last free here
        assertThat(nextPageAfterFrees(new int[] {0, 1, 2}, new int[] {5, 1, 2})).isEqualTo(2);
    }

    @Test
    void theListIsOrderedByLastFreeMostRecentFirst() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            CurrentPageAllocator mru = create(new AllocatorSetup(heap, 8));
            long[] blocks = new long[8 * 5];
            for (int i = 0; i < blocks.length; i++) {
                blocks[i] = mru.allocate(8);
            }
            // frees in pages 2, 0, 3, 0: the list is 0 (2 free), 3, 2 (1 free each); page 4 is current and full
            freeIn(mru, blocks, new int[] {2, 0, 3, 0}, new int[] {1, 1, 1, 1});
            int[] pages = new int[5];
            for (int i = 0; i < pages.length; i++) {
                pages[i] = (int) mru.dataPageOf(mru.allocate(8));
            }
            assertThat(pages).containsExactly(0, 0, 3, 2, 5);
            mru.verify();
        }
    }
}
