package io.heaplab.allocators.dlmalloc;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Random sequences of malloc and free under random tunables, with {@link DlmallocAllocator#verify} (boundary tags,
 * bins, binmap, fastbins, tcache, held bytes) after every step; and the tcache's promise that a freed chunk whose
 * list had room is the next one of its size.
 */
class DlmallocPropertyTest {

    private static final long[] PADS = {0, 4096, 128 << 10};
    private static final long[] THRESHOLDS = {0, 8 << 10, 128 << 10};

    /** Mostly small requests, some up to a few pages, a few beyond the mmap threshold. */
    private static long size(int draw) {
        int kind = draw & 0xFF;
        int n = draw >>> 8;
        if (kind < 180) {
            return n % 200;
        }
        if (kind < 240) {
            return n % 5000;
        }
        return n % 300_000;
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void everyStepKeepsTheArenaSound(@ForAll @Size(max = 400) List<@IntRange(min = 0) Integer> ops,
                                     @ForAll @IntRange(min = 0, max = 8) int tcache,
                                     @ForAll @IntRange(min = 0, max = 160) int fast,
                                     @ForAll @IntRange(min = 0, max = 2) int pad,
                                     @ForAll @IntRange(min = 0, max = 2) int mmap,
                                     @ForAll boolean dynamic, @ForAll boolean touched,
                                     @ForAll @IntRange(min = 0, max = 2) int heapKind) {
        long capacity = heapKind == 0 ? Heap.GROWABLE : heapKind == 1 ? 64 << 10 : 1 << 20;
        try (Heap heap = new Heap(4096, capacity, new ReferenceRecorder(List.of()), false)) {
            DlmallocAllocator dl = new DlmallocAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED),
                    new Tunables(tcache, fast, PADS[pad], THRESHOLDS[mmap], dynamic, touched));
            List<long[]> live = new ArrayList<>();
            for (int op : ops) {
                if (!live.isEmpty() && op % 10 < 4) {
                    long[] block = live.remove((op >>> 4) % live.size());
                    dl.free(block[0], block[1]);
                } else {
                    long size = size(op);
                    long address = dl.allocate(size);
                    if (address == Allocator.NO_FIT) {
                        assertThat(heap.isBounded()).as("a growable heap refused %d bytes", size).isTrue();
                    } else {
                        assertThat(address % 16).as("16-byte alignment").isZero();
                        long chunk = dl.chunks().size(address - 16);
                        long nb = ChunkSizes.request2size(size);
                        assertThat(chunk).as("chunk for %d bytes", size).isGreaterThanOrEqualTo(nb);
                        live.add(new long[] {address, size});
                    }
                }
                dl.verify();
            }
            while (!live.isEmpty()) {
                long[] block = live.removeLast();
                dl.free(block[0], block[1]);
            }
            dl.verify();
            assertThat(dl.heldBytes()).isZero();
        }
    }

    @Property(tries = 100)
    void aFreedChunkWhoseTcacheListHadRoomIsTheNextOfItsSize(
            @ForAll @Size(min = 1, max = 200) List<@IntRange(min = 0, max = 1032) Integer> sizes,
            @ForAll @IntRange(min = 0, max = 199) int pick) {
        try (Heap heap = new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), false)) {
            DlmallocAllocator dl = new DlmallocAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED));
            long[] blocks = new long[sizes.size()];
            for (int i = 0; i < blocks.length; i++) {
                blocks[i] = dl.allocate(sizes.get(i));
            }
            for (int i = 0; i < blocks.length; i += 2) {
                dl.free(blocks[i], sizes.get(i));
            }
            int i = pick % blocks.length | 1;
            if (i >= blocks.length) {
                return;
            }
            int idx = (int) ChunkSizes.tcacheIndex(ChunkSizes.request2size(sizes.get(i)));
            boolean room = dl.tcache().count(idx) < 7;
            dl.free(blocks[i], sizes.get(i));
            long again = dl.allocate(sizes.get(i));
            if (room) {
                assertThat(again).isEqualTo(blocks[i]);
            } else {
                assertThat(again).as("the list was full: its head").isNotEqualTo(blocks[i]);
            }
            dl.verify();
        }
    }
}
