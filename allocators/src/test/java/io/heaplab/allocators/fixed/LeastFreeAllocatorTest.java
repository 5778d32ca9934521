package io.heaplab.allocators.fixed;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.AllocatorSetup;
import org.junit.jupiter.api.Test;

class LeastFreeAllocatorTest extends CurrentPageAllocatorContract {

    @Override
    protected CurrentPageAllocator create(AllocatorSetup setup) {
        return new LeastFreeAllocator(setup);
    }

    @Override
    protected String shortName() {
        return "least-free";
    }

    /** The fewest free blocks; among equals, the page freed into most recently. */
    @Override
    protected boolean prefers(PageModel model, int a, int b) {
        return model.free(a) < model.free(b)
                || model.free(a) == model.free(b) && model.lastFree(a) > model.lastFree(b);
    }

    @Test
    void picksTheFullestPartlyFreePage() {
        assertThat(nextPageAfterFrees(new int[] {0, 1, 2}, new int[] {3, 1, 2})).isEqualTo(1);
        assertThat(nextPageAfterFrees(new int[] {1, 2, 0}, new int[] {2, 5, 1})).isZero();
        // not the page freed into last, as MRU would
        assertThat(nextPageAfterFrees(new int[] {0, 2}, new int[] {1, 4})).isZero();
    }

    @Test
    void amongTheFullestPicksThePageFreedIntoLast() {
        assertThat(nextPageAfterFrees(new int[] {0, 1, 2}, new int[] {2, 2, 3})).isEqualTo(1);
        assertThat(nextPageAfterFrees(new int[] {1, 0, 2}, new int[] {2, 2, 3})).isZero();
    }

    @Test
    void anEmptiedPageWaitsOnS2WhileAPartlyFreeOneRemains() {
        // page 0 entirely free (S2), page 2 with 7 of 8 free (S3): S3 first, however empty
        assertThat(nextPageAfterFrees(new int[] {0, 2}, new int[] {8, 7})).isEqualTo(2);
    }
}
