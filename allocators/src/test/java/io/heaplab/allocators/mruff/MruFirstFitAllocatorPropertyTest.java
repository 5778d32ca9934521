package io.heaplab.allocators.mruff;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
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
import net.jqwik.api.constraints.IntRange;

/**
 * Random sequences of allocations of random sizes and frees, checked against {@link LiveBlocks}: no two live blocks
 * overlap, every block lies inside the heap on an 8-byte boundary (and within one page when a size class serves
 * it), data written into a live block survives everything else, {@code verify()} passes after every step, a
 * bounded heap alone says NO_FIT, and the same sequence gives the same addresses, again and again.
 *
 * <p>An operation is one int: a free of a live block (40%), or an allocation whose size is small (up to half a
 * page, 75%), large (up to a group's worth of pages, 20%) or huge (whole groups, 5%).
 */
class MruFirstFitAllocatorPropertyTest {

    private static final int[] PAGE_SIZES = {64, 256, 512, 4096};

    /** Sequences of up to 300 operations, lengths and values uniform (jqwik's default favours short and small). */
    @Provide
    Arbitrary<List<Integer>> ops() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).withDistribution(RandomDistribution.uniform())
                .list().ofMaxSize(300).withSizeDistribution(RandomDistribution.uniform());
    }

    @Provide
    Arbitrary<Integer> steps() {
        return Arbitraries.of(1, 2, 4, 8, 16);
    }

    @Property(tries = 300)
    void randomSequencesKeepBlocksApartInsideTheHeapAndTheirDataIntact(
            @ForAll @IntRange(min = 0, max = 3) int geometry,
            @ForAll("steps") int steps,
            @ForAll boolean bounded,
            @ForAll @IntRange(min = 2, max = 60) int boundPages,
            @ForAll("ops") List<Integer> ops) {
        int pageSize = PAGE_SIZES[geometry];
        long capacity = bounded ? (long) boundPages * pageSize + (boundPages % 2) * (pageSize / 2) : Heap.GROWABLE;
        try (Heap heap = newHeap(pageSize, capacity)) {
            MruFirstFitAllocator allocator = new MruFirstFitAllocator(new AllocatorSetup(heap, 0), steps);
            LiveBlocks live = new LiveBlocks(heap);
            for (int op : ops) {
                step(allocator, heap, live, op, bounded);
                allocator.verify();
            }
            live.checkAll();
            freeAll(allocator, live);
            allocator.verify();
        }
    }

    /**
     * Freeing everything gives every page back to the page level, so playing the same sequence again finds the
     * same places: the same addresses, and the heap does not grow.
     */
    @Property(tries = 150)
    void afterFreeingEverythingTheSameSequenceReusesTheSameSpace(
            @ForAll @IntRange(min = 0, max = 3) int geometry,
            @ForAll("steps") int steps,
            @ForAll("ops") List<Integer> ops) {
        int pageSize = PAGE_SIZES[geometry];
        try (Heap heap = newHeap(pageSize, Heap.GROWABLE)) {
            MruFirstFitAllocator allocator = new MruFirstFitAllocator(new AllocatorSetup(heap, 0), steps);
            List<Long> first = play(allocator, heap, ops);
            long size = heap.size();
            List<Long> second = play(allocator, heap, ops);
            assertThat(second).isEqualTo(first);
            assertThat(heap.size()).as("the heap grew on the second pass").isEqualTo(size);
        }
    }

    @Property(tries = 50)
    void theSameSequenceGivesTheSameAddressesInAFreshHeap(
            @ForAll @IntRange(min = 0, max = 3) int geometry,
            @ForAll("ops") List<Integer> ops) {
        int pageSize = PAGE_SIZES[geometry];
        List<Long> first;
        List<Long> second;
        try (Heap heap = newHeap(pageSize, Heap.GROWABLE)) {
            first = play(new MruFirstFitAllocator(new AllocatorSetup(heap, 0)), heap, ops);
        }
        try (Heap heap = newHeap(pageSize, Heap.GROWABLE)) {
            second = play(new MruFirstFitAllocator(new AllocatorSetup(heap, 0)), heap, ops);
        }
        assertThat(second).isEqualTo(first);
    }

    /** Plays {@code ops} on a growable heap and frees what is left; returns every address handed out, in order. */
    private static List<Long> play(MruFirstFitAllocator allocator, Heap heap, List<Integer> ops) {
        LiveBlocks live = new LiveBlocks(heap);
        List<Long> addresses = new ArrayList<>();
        for (int op : ops) {
            long address = step(allocator, heap, live, op, false);
            if (address != Allocator.NO_FIT) {
                addresses.add(address);
            }
        }
        live.checkAll();
        freeAll(allocator, live);
        allocator.verify();
        return addresses;
    }

    /** Carries out one operation and checks it; returns the address of a block allocated, else NO_FIT. */
    private static long step(Allocator allocator, Heap heap, LiveBlocks live, int op, boolean bounded) {
        if (live.size() > 0 && op % 100 < 40) {
            int index = (op / 100) % live.size();
            long size = live.sizeOf(live.addressAt(index));
            allocator.free(live.removeAt(index), size);
            return Allocator.NO_FIT;
        }
        long size = sizeOf(op, heap.pageSize());
        long address = allocator.allocate(size);
        if (address == Allocator.NO_FIT) {
            assertThat(bounded).as("NO_FIT for %d bytes from a growable heap", size).isTrue();
            return Allocator.NO_FIT;
        }
        if (size <= heap.pageSize() / 2) {
            assertThat((address & (heap.pageSize() - 1)) + size).as("small block %d of %d bytes straddles a page",
                    address, size).isLessThanOrEqualTo(heap.pageSize());
        } else {
            assertThat(address & (heap.pageSize() - 1)).as("large block %d starts a page", address).isZero();
        }
        live.add(address, size);
        return address;
    }

    private static long sizeOf(int op, int pageSize) {
        int limit = pageSize / 2;
        int groupData = pageSize / PageRuns.DESCRIPTOR_SIZE;
        int kind = (op / 100) % 100;
        int spread = op >>> 14;
        if (kind < 75) {
            return 1 + spread % limit;
        }
        // up to a group's worth of pages (at most 24, so 4 KiB pages stay quick)
        long largest = (long) Math.min(groupData, 24) * pageSize;
        if (kind < 95) {
            return limit + 1 + spread % (largest - limit);
        }
        return (long) groupData * pageSize + 1 + spread % (2L * (groupData + 1) * Math.min(pageSize, 512));
    }

    private static void freeAll(Allocator allocator, LiveBlocks live) {
        while (live.size() > 0) {
            int index = live.size() - 1;
            long size = live.sizeOf(live.addressAt(index));
            allocator.free(live.removeAt(index), size);
        }
    }

    private static Heap newHeap(int pageSize, long capacity) {
        return new Heap(pageSize, capacity, new ReferenceRecorder(List.of()), false);
    }
}
