package io.heaplab.allocators.mimalloc;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.testkit.LiveBlocks;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;

/**
 * Random requests and frees with mimalloc's real sizes, checked after every step: each small request takes the head
 * of its direct page's {@code free} list, or when that is empty the head of its {@code local_free} list; the bytes
 * held are the sum of the block sizes the bins and page rules give; the heap never shrinks; every block lies in the
 * heap apart from the others; and {@code verify()} holds.
 */
class MimallocAllocatorPropertyTest {

    /** A few sizes, so that pages of 4 KiB slices fill, go to the full queue and come back, and are retired. */
    private static final long[] FEW = {16, 48, 200, 1000, 3000, 9000};

    @Provide
    Arbitrary<List<Integer>> operations() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).withDistribution(RandomDistribution.uniform())
                .list().ofMaxSize(600).withSizeDistribution(RandomDistribution.uniform());
    }

    /**
     * With mimalloc's slices, mostly small requests, some medium, now and then a large one, rarely a huge one;
     * with 4 KiB slices, a few sizes from small to large.
     */
    private static long size(int op, long slice) {
        if (slice < 1 << 16) {
            return FEW[(op >>> 4) % FEW.length];
        }
        int kind = op % 100;
        int draw = op >>> 7;
        long mediumMax = 2 * slice;
        if (kind < 80) {
            return draw % 1025;
        } else if (kind < 95) {
            return 1025 + draw % (mediumMax - 1024);
        } else if (kind < 99) {
            return mediumMax + 1 + draw % (2L << 20);
        }
        return 256 * slice + 1 + draw % (4L << 20);
    }

    /** The block a request of {@code size} bytes holds, by the bins, the page rules and the good-size rounding. */
    private static long held(MimallocAllocator a, long size) {
        long slice = a.slice();
        long mediumPage = 8 * slice;
        if (size <= mediumPage / 4) {
            return a.binBlockSize(a.bin(size));
        }
        long good = Geometry.goodAllocSize(size);
        if (good <= 256 * slice) {
            return io.heaplab.core.heap.Bytes.alignUp(good, good > mediumPage ? mediumPage : slice);
        }
        // huge: the segment's slices after the info, which takes 45056 bytes rounded to slices
        long info = io.heaplab.core.heap.Bytes.alignUp(45056, slice);
        return io.heaplab.core.heap.Bytes.alignUp(good + info, slice) - info;
    }

    @Property(tries = 80)
    void smallRequestsPopFreeThenLocalFreeAndTheCountsHold(@ForAll("operations") List<Integer> operations,
            @ForAll boolean smallSlices) {
        try (Heap heap = new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), false)) {
            MimallocAllocator a = new MimallocAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED),
                    smallSlices ? 4096 : 1 << 16);
            LiveBlocks live = new LiveBlocks(heap);
            List<long[]> blocks = new ArrayList<>();
            long held = 0;
            for (int op : operations) {
                if (!blocks.isEmpty() && op % 10 < 4) {
                    int index = (op >>> 4) % blocks.size();
                    long[] block = blocks.get(index);
                    blocks.set(index, blocks.getLast());
                    blocks.removeLast();
                    for (int i = 0; i < live.size(); i++) {
                        if (live.addressAt(i) == block[0]) {
                            live.removeAt(i);
                            break;
                        }
                    }
                    a.free(block[0], block[1]);
                    held -= held(a, block[1]);
                } else {
                    long request = size(op, a.slice());
                    long expected = -1;
                    if (request <= 1024 && heap.size() > 0) { // the static area comes with the first request
                        long page = a.direct(Bins.wsize(request));
                        if (page != 0) {
                            long[] free = a.freeList(page);
                            long[] local = a.localFreeList(page);
                            expected = free.length > 0 ? free[0] : local.length > 0 ? local[0] : -1;
                        }
                    }
                    long address = a.allocate(request);
                    if (expected != -1) {
                        assertThat(address).as("%d bytes from the direct page", request).isEqualTo(expected);
                    }
                    live.add(address, Math.max(1, request));
                    blocks.add(new long[] {address, request});
                    held += held(a, request);
                }
                assertThat(a.heldBytes()).isEqualTo(held);
                a.verify();
            }
            live.checkAll();
            for (long[] block : blocks) {
                a.free(block[0], block[1]);
            }
            a.verify();
            assertThat(a.heldBytes()).isZero();
        }
    }
}
