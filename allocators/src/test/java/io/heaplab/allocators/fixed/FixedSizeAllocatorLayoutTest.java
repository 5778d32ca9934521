package io.heaplab.allocators.fixed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The page arithmetic of {@link FixedSizeAllocator}, with and without metadata pages. */
class FixedSizeAllocatorLayoutTest {

    /** Exposes the layout of a strategy with {@code h} bytes of metadata per data page. */
    private static final class Probe extends FixedSizeAllocator {

        Probe(Heap heap, int blockSize, int metadataBytes) {
            super("probe", new AllocatorSetup(heap, blockSize), metadataBytes);
        }

        @Override
        public long allocate(long size) {
            return NO_FIT;
        }

        @Override
        public void free(long address, long size) {
        }
    }

    private static Heap newHeap(int pageSize, long capacity) {
        return new Heap(pageSize, capacity, new ReferenceRecorder(List.of()), false);
    }

    @Test
    void withoutMetadataDataPageDIsHeapPageD() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Probe probe = new Probe(heap, 6, 0);
            int c = 10;
            for (int block = 0; block < 100; block++) {
                long address = (long) (block / c) * 64 + (block % c) * 6;
                assertThat(probe.addressOf(block)).isEqualTo(address);
                assertThat(probe.blockOf(address, 10)).isEqualTo(block);
            }
            assertThat(probe.heapPagesFor(7)).isEqualTo(7);
            assertThat(probe.isMetadataPage(0)).isFalse();
            assertThat(probe.dataPageOf(3 * 64 + 5)).isEqualTo(3);
            for (long d = 0; d < 3; d++) {
                assertThat(probe.growPage(d)).isEqualTo(d * 64);
            }
            assertThat(probe.dataPages()).isEqualTo(3);
            probe.verifyHeapHolds(3);
        }
    }

    /**
     * For every {@code h} and page: metadata of data page {@code d} in heap page {@code (d / H) * (H + 1)} at
     * {@code (d % H) * h}, data page {@code d} in heap page {@code d + d / H + 1}, and the reverse mapping.
     */
    @Property(tries = 300)
    void metadataAndDataPagesInterleaveInGroups(
            @ForAll @IntRange(min = 1, max = 64) int metadataBytes,
            @ForAll @IntRange(min = 4, max = 64) int blockSize,
            @ForAll @IntRange(min = 0, max = 500) int dataPage) {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Probe probe = new Probe(heap, blockSize, metadataBytes);
            int groupPages = 64 / metadataBytes;
            int c = 64 / blockSize;
            long heapPage = dataPage + dataPage / groupPages + 1;
            assertThat(probe.dataPageAddress(dataPage)).isEqualTo(heapPage * 64);
            assertThat(probe.metadataAddress(dataPage)).isEqualTo(
                    (long) (dataPage / groupPages) * (groupPages + 1) * 64 + (dataPage % groupPages) * metadataBytes);
            assertThat(probe.metadataAddress(dataPage) % 64 + metadataBytes).as("metadata within its page")
                    .isLessThanOrEqualTo(64);
            assertThat(probe.isMetadataPage(probe.metadataAddress(dataPage) >>> 6)).isTrue();
            assertThat(probe.isMetadataPage(heapPage)).isFalse();
            assertThat(probe.dataPageOf(probe.metadataAddress(dataPage))).isEqualTo(-1);
            for (int slot = 0; slot < c; slot++) {
                int block = dataPage * c + slot;
                long address = probe.addressOf(block);
                assertThat(address).isEqualTo(heapPage * 64 + slot * blockSize);
                assertThat(probe.dataPageOf(address)).isEqualTo(dataPage);
                assertThat(probe.blockOf(address, dataPage + 1)).isEqualTo(block);
            }
            assertThatThrownBy(() -> probe.blockOf(probe.metadataAddress(dataPage), dataPage + 1))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("expected: the start of a block");
            assertThatThrownBy(() -> probe.blockOf(heapPage * 64, dataPage))
                    .as("a page not obtained yet").isInstanceOf(IllegalArgumentException.class);
            // the heap pages of dataPage + 1 data pages: each data page, and a metadata page per group begun
            assertThat(probe.heapPagesFor(dataPage + 1)).isEqualTo(heapPage + 1);
        }
    }

    @Test
    void growingTheFirstPageOfAGroupGrowsItsMetadataPageToo() {
        // h = 16: H = 4 data pages per metadata page
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Probe probe = new Probe(heap, 8, 16);
            long[] expected = {64, 128, 192, 256, 384, 448};
            for (int d = 0; d < expected.length; d++) {
                assertThat(probe.growPage(d)).isEqualTo(expected[d]);
                assertThat(probe.dataPages()).isEqualTo(d + 1);
                probe.verifyHeapHolds(d + 1);
            }
            assertThat(heap.size()).isEqualTo(8 * 64);
            assertThat(probe.isMetadataPage(0)).isTrue();
            assertThat(probe.isMetadataPage(5)).isTrue();
            assertThat(probe.isMetadataPage(4)).isFalse();
        }
    }

    @Test
    void aBoundedHeapWithRoomForTheMetadataPageAloneIsLeftAsItWas() {
        // one group (1 + 4 pages) and one page more: enough for the next metadata page, not its data page
        try (Heap heap = newHeap(64, 6 * 64)) {
            Probe probe = new Probe(heap, 8, 16);
            for (int d = 0; d < 4; d++) {
                assertThat(probe.growPage(d)).isNotEqualTo(Heap.NO_ROOM);
            }
            assertThat(probe.growPage(4)).isEqualTo(Heap.NO_ROOM);
            assertThat(heap.size()).isEqualTo(5 * 64);
            assertThat(probe.dataPages()).isEqualTo(4);
            probe.verifyHeapHolds(4);
        }
    }

    @Test
    void verifyHeapHoldsCountsTheMetadataPages() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Probe probe = new Probe(heap, 8, 32);
            probe.growPage(0);
            assertThatThrownBy(() -> probe.verifyHeapHolds(2)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("probe: heap holds 128 bytes, but 2 pages of 64 were obtained with 1 metadata"
                            + " pages");
        }
    }

    @Test
    void aHeapGrownBySomeoneElseIsNoticed() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            Probe probe = new Probe(heap, 8, 16);
            heap.grow(64);
            assertThatThrownBy(() -> probe.growPage(0)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("heap must belong to this allocator alone");
        }
    }

    @Test
    void metadataLargerThanAPageIsAStrategyBug() {
        try (Heap heap = newHeap(64, Heap.GROWABLE)) {
            assertThatThrownBy(() -> new Probe(heap, 8, 65)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("probe: metadataBytes 65 (expected: 0 .. 64 bytes per data page, the page size)");
            assertThat(new Probe(heap, 8, 64).heapPagesFor(3)).isEqualTo(6);
        }
    }
}
