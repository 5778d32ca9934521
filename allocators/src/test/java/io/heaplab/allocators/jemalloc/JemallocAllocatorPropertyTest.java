package io.heaplab.allocators.jemalloc;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Random requests and frees against two references: for one small class without the thread cache, the rule that
 * follows from the bin's (the lowest free region of all the class's slabs, a fresh slab only when none is free, an
 * emptied slab gone); for any sizes with the cache, {@code verify()} after every step and the held bytes summed by
 * hand.
 */
class JemallocAllocatorPropertyTest {

    private static Heap heap() {
        return new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), true);
    }

    @Property(tries = 60)
    void oneClassWithoutTheCacheAlwaysGetsTheLowestFreeRegionOfItsSlabs(
            @ForAll @IntRange(min = 0, max = 20) int classIndex,
            @ForAll @Size(max = 400) List<@IntRange(min = 0, max = 999) Integer> operations) {
        try (Heap heap = heap()) {
            JemallocAllocator je = new JemallocAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED, 1), false);
            SizeClasses sc = je.sizeClasses();
            long size = sc.size(classIndex);
            int nregs = sc.nregs(classIndex);
            TreeSet<Long> free = new TreeSet<>();
            Map<Long, Integer> inUse = new HashMap<>(); // slab -> regions in use
            List<Long> live = new ArrayList<>();
            for (int op : operations) {
                if (!live.isEmpty() && op < 450) {
                    long block = live.remove(op % live.size());
                    je.free(block, size);
                    long slab = je.extentOf(block)[0];
                    free.add(block);
                    if (inUse.merge(slab, -1, Integer::sum) == 0) {
                        // the slab went back to the extents: its regions are no longer the bin's
                        inUse.remove(slab);
                        free.subSet(slab, slab + (long) sc.slabPages(classIndex) * 4096).clear();
                    }
                } else {
                    long block = je.allocate(size);
                    if (free.isEmpty()) {
                        long slab = je.extentOf(block)[0];
                        assertThat(block).as("the first region of a fresh slab").isEqualTo(slab);
                        for (int r = 1; r < nregs; r++) {
                            free.add(slab + r * size);
                        }
                        inUse.put(slab, 1);
                    } else {
                        assertThat(block).as("the lowest free region").isEqualTo(free.first());
                        free.pollFirst();
                        inUse.merge(je.extentOf(block)[0], 1, Integer::sum);
                    }
                    live.add(block);
                }
                je.verify();
            }
        }
    }

    @Property(tries = 60)
    void anySizesWithTheCacheKeepEveryInvariantAndTheHeldBytes(
            @ForAll @Size(max = 300) List<@IntRange(min = 0, max = Integer.MAX_VALUE) Integer> operations) {
        try (Heap heap = heap()) {
            JemallocAllocator je = new JemallocAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED, 3), true);
            SizeClasses sc = je.sizeClasses();
            List<long[]> live = new ArrayList<>();
            long held = 0;
            for (int op : operations) {
                if (!live.isEmpty() && op % 100 < 45) {
                    long[] block = live.remove(op % live.size());
                    je.free(block[0], block[1]);
                    held -= block[2];
                } else {
                    // mostly small, now and then large up to 96 KiB, rarely beyond the cache's 32 KiB
                    int draw = op >>> 8;
                    long size = op % 100 < 90 ? draw % 2000 : draw % (96 << 10);
                    long block = je.allocate(size);
                    int ind = sc.index(size);
                    long bytes = sc.size(ind) + (ind < sc.nbins() ? 0 : 4096);
                    live.add(new long[] {block, size, bytes});
                    held += bytes;
                }
                assertThat(je.heldBytes()).isEqualTo(held);
                je.verify();
            }
            for (long[] block : live) {
                je.free(block[0], block[1]);
            }
            assertThat(je.heldBytes()).isZero();
            je.verify();
        }
    }
}
