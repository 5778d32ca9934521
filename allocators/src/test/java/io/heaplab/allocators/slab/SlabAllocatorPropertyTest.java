package io.heaplab.allocators.slab;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.testkit.LiveBlocks;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.constraints.IntRange;

/**
 * Random sequences of allocations and frees on pages of 64 bytes to 8 KB, bounded or growable, either treatment of
 * complete slabs, checked after every step against Bonwick's rule for the next buffer, {@link LiveBlocks} and
 * {@code verify()}.
 *
 * <p>The rule, predicted before each request from the cache's state: when the freelist pointer names a slab, the
 * buffer is the head of that slab's free list (so a partial slab serves before a complete one, and a freed buffer
 * comes back first); when it names the null slab, a new slab is made and its last buffer comes back. An operation
 * is one int: a free of a live block (40%), or a request of up to 600 bytes (75%), up to twice the largest class
 * (20%), or of up to eight pages (5%).
 */
class SlabAllocatorPropertyTest {

    private static final int[] PAGE_SIZES = {64, 256, 512, 4096, 8192};
    private static final int[] LARGEST = {64, 512, 4096, 16384};

    @Provide
    Arbitrary<List<Integer>> ops() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).withDistribution(RandomDistribution.uniform())
                .list().ofMaxSize(300).withSizeDistribution(RandomDistribution.uniform());
    }

    @Property(tries = 200)
    void everyRequestTakesTheFreelistSlabsHeadOrANewSlabsLastBuffer(
            @ForAll @IntRange(min = 0, max = 4) int geometry,
            @ForAll @IntRange(min = 0, max = 3) int largestIndex,
            @ForAll boolean release,
            @ForAll boolean bounded,
            @ForAll @IntRange(min = 40, max = 120) int boundPages,
            @ForAll("ops") List<Integer> ops) {
        int pageSize = PAGE_SIZES[geometry];
        long capacity = bounded ? (long) boundPages * pageSize : Heap.GROWABLE;
        try (Heap heap = new Heap(pageSize, capacity, new ReferenceRecorder(List.of()), true)) {
            SlabAllocator allocator = new SlabAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED),
                    LARGEST[largestIndex], release);
            LiveBlocks live = new LiveBlocks(heap);
            long requested = 0;
            for (int op : ops) {
                if (live.size() > 0 && op % 10 < 4) {
                    long address = live.addressAt((op >>> 4) % live.size());
                    long size = live.sizeOf(address);
                    live.removeAt((op >>> 4) % live.size());
                    allocator.free(address, size);
                    requested -= size;
                } else {
                    long size = size(op, allocator.largestClass(), pageSize);
                    long expected = predict(allocator, size);
                    long searches = allocator.searches();
                    long address = allocator.allocate(size);
                    if (address == Allocator.NO_FIT) {
                        assertThat(bounded).as("a growable heap rejected %d bytes", size).isTrue();
                    } else {
                        if (expected != -1) {
                            assertThat(address).as("%d bytes: the freelist slab's head", size).isEqualTo(expected);
                        } else if (size <= allocator.largestClass()) {
                            int k = allocator.cacheOf(size);
                            long[] slabs = allocator.slabs(k);
                            long made = slabs[slabs.length - 1];
                            long base = (long) allocator.firstPage(made) * pageSize + allocator.colour(made);
                            assertThat(address).as("%d bytes: a new slab's last buffer", size)
                                    .isEqualTo(base + (long) (allocator.buffers(made) - 1) * allocator.chunkOf(k));
                        }
                        assertThat(allocator.searches()).isGreaterThan(searches);
                        live.add(address, size);
                        requested += size;
                    }
                }
                allocator.verify();
                assertThat(allocator.heldBytes()).isGreaterThanOrEqualTo(requested);
            }
            live.checkAll();
            while (live.size() > 0) {
                long address = live.addressAt(0);
                long size = live.sizeOf(address);
                live.removeAt(0);
                allocator.free(address, size);
            }
            allocator.verify();
            assertThat(allocator.heldBytes()).isZero();
        }
    }

    /** The buffer Bonwick's rule gives a request of {@code size} bytes, or -1 when a new slab (or pages) serve it. */
    private static long predict(SlabAllocator allocator, long size) {
        if (size > allocator.largestClass()) {
            return -1;
        }
        int k = allocator.cacheOf(size);
        long slab = allocator.freelist(k);
        return slab == -1 ? -1 : allocator.freeBuffers(k, slab)[0];
    }

    private static long size(int op, int largest, int pageSize) {
        int draw = op >>> 8;
        int kind = op & 0xFF;
        if (kind < 192) {
            return draw % 601;
        }
        if (kind < 243) {
            return draw % (2L * largest) + 1;
        }
        return draw % (8L * pageSize) + 1;
    }
}
