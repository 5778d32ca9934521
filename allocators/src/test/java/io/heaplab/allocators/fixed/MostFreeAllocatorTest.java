package io.heaplab.allocators.fixed;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.AllocatorSetup;
import org.junit.jupiter.api.Test;

class MostFreeAllocatorTest extends CurrentPageAllocatorContract {

    @Override
    protected CurrentPageAllocator create(AllocatorSetup setup) {
        return new MostFreeAllocator(setup);
    }

    @Override
    protected String shortName() {
        return "most-free";
    }

    /** The most free blocks; among equals, the page freed into most recently. */
    @Override
    protected boolean prefers(PageModel model, int a, int b) {
        return model.free(a) > model.free(b)
                || model.free(a) == model.free(b) && model.lastFree(a) > model.lastFree(b);
    }

    @Test
    void picksTheEmptiestPartlyFreePage() {
        assertThat(nextPageAfterFrees(new int[] {0, 1, 2}, new int[] {3, 1, 2})).isZero();
        assertThat(nextPageAfterFrees(new int[] {1, 2, 0}, new int[] {2, 5, 1})).isEqualTo(2);
        // not the page freed into last, as MRU would
        assertThat(nextPageAfterFrees(new int[] {0, 2}, new int[] {4, 1})).isZero();
    }

    @Test
    void amongTheEmptiestPicksThePageFreedIntoLast() {
        assertThat(nextPageAfterFrees(new int[] {0, 1, 2}, new int[] {3, 3, 2})).isEqualTo(1);
        assertThat(nextPageAfterFrees(new int[] {1, 0, 2}, new int[] {3, 3, 2})).isZero();
    }

    @Test
    void anEmptiedPageIsNotPartlyFree() {
        // page 0 entirely free goes on S2; page 1 with 1 free is all S3 holds, and S3 comes first
        assertThat(nextPageAfterFrees(new int[] {0, 1}, new int[] {8, 1})).isEqualTo(1);
    }
}
