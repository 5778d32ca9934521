package io.heaplab.core.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeapTest {

    private final LongArrayList runs = new LongArrayList();
    private final ReferenceSink sink = (batch, length) -> runs.addElements(runs.size(), batch, 0, length);
    private final ReferenceRecorder recorder = new ReferenceRecorder(List.of(sink));

    @Test
    void storesTypedValuesOffHeapAndRecordsTheirPages() {
        try (Heap heap = new Heap(64, Heap.GROWABLE, recorder, false)) {
            assertThat(heap.grow(256)).isZero();
            HeapAccess data = heap.data();
            data.setLong(8, 0x1122334455667788L);
            data.setInt(70, -5);
            data.setShort(130, (short) 513);
            data.setByte(200, (byte) 9);
            assertThat(data.getLong(8)).isEqualTo(0x1122334455667788L);
            assertThat(data.getInt(70)).isEqualTo(-5);
            assertThat(data.getShort(130)).isEqualTo((short) 513);
            assertThat(data.getByte(200)).isEqualTo((byte) 9);
            assertThat(data.getByte(8)).isEqualTo((byte) 0x88); // little-endian
            recorder.flush();
            assertThat(runs.toLongArray()).containsExactly(
                    PageRun.pack(0, 1, true), PageRun.pack(1, 1, true), PageRun.pack(2, 1, true),
                    PageRun.pack(3, 1, true), PageRun.pack(0, 1, false), PageRun.pack(1, 1, false),
                    PageRun.pack(2, 1, false), PageRun.pack(3, 1, false), PageRun.pack(0, 1, false));
            assertThat(data.references()).isEqualTo(9);
        }
    }

    @Test
    void anAccessAcrossAPageBoundaryTouchesBothPages() {
        try (Heap heap = new Heap(64, Heap.GROWABLE, recorder, false)) {
            heap.grow(128);
            heap.data().setLong(60, -1L);
            assertThat(heap.data().getLong(60)).isEqualTo(-1L);
            recorder.flush();
            assertThat(runs.toLongArray()).containsExactly(
                    PageRun.pack(0, 1, true), PageRun.pack(1, 1, true),
                    PageRun.pack(0, 1, false), PageRun.pack(1, 1, false));
        }
    }

    @Test
    void valuesSpanningTwoChunksSurvive() {
        try (Heap heap = new Heap(4096, Heap.GROWABLE, recorder, false)) {
            heap.grow(3L << 20);
            long straddle = (1L << 20) - 3;
            heap.data().setLong(straddle, 0x0102030405060708L);
            heap.data().setInt((2L << 20) - 1, 0xCAFEBABE);
            assertThat(heap.data().getLong(straddle)).isEqualTo(0x0102030405060708L);
            assertThat(heap.data().getInt((2L << 20) - 1)).isEqualTo(0xCAFEBABE);
            assertThat(heap.data().getByte(1L << 20)).isEqualTo((byte) 0x05);
        }
    }

    @Test
    void bookkeepingIsRecordedOnlyWhenAsked() {
        try (Heap quiet = new Heap(64, Heap.GROWABLE, recorder, false)) {
            quiet.grow(64);
            quiet.bookkeeping().setInt(0, 1);
            recorder.flush();
            assertThat(runs.toLongArray()).isEmpty();
            assertThat(quiet.bookkeeping().references()).isEqualTo(1);
            assertThat(quiet.bookkeeping().source()).isEqualTo(Source.ALLOCATOR);
        }
        try (Heap counted = new Heap(64, Heap.GROWABLE, recorder, true)) {
            counted.grow(64);
            counted.bookkeeping().setInt(0, 1);
            recorder.flush();
            assertThat(runs.toLongArray()).containsExactly(PageRun.pack(0, 1, true));
        }
    }

    @Test
    void anUnrecordedHeapCountsItsReferencesButRecordsNone() {
        try (Heap heap = Heap.unrecorded(64, Heap.GROWABLE)) {
            heap.grow(128);
            heap.data().setLong(60, 7);
            heap.bookkeeping().setInt(0, 1);
            assertThat(heap.data().getLong(60)).isEqualTo(7);
            assertThat(heap.data().references()).isEqualTo(4);
            assertThat(heap.bookkeeping().references()).isEqualTo(1);
            assertThat(heap.startMeasuring()).isZero();
        }
    }

    @Test
    void touchRecordsEveryPageOfTheRange() {
        try (Heap heap = new Heap(64, Heap.GROWABLE, recorder, false)) {
            heap.grow(640);
            heap.data().touch(100, 200, true);
            recorder.flush();
            assertThat(runs.toLongArray()).containsExactly(PageRun.pack(1, 1, true), PageRun.pack(2, 1, true),
                    PageRun.pack(3, 1, true), PageRun.pack(4, 1, true));
        }
    }

    @Test
    void aHeapLargerThanTheMachineCostsOnlyTheChunksItsRunTouches() {
        long huge = 1L << 40; // a terabyte: taken at once, it could not be had
        try (Heap heap = new Heap(4096, huge, recorder, false)) {
            assertThat(heap.grow(huge)).isZero();
            heap.data().setLong(huge - 8, 42);
            assertThat(heap.data().getLong(huge - 8)).isEqualTo(42);
            assertThat(heap.data().getLong(huge / 2)).as("fresh memory reads as zeros").isZero();
        }
    }

    @Test
    void aValueAcrossTheEndOfTheReservedRangeSurvives() {
        long capacity = 2 * Heap.MAX_RESERVATION;
        try (Heap heap = new Heap(4096, capacity, recorder, false)) {
            heap.grow(capacity);
            long straddle = Heap.MAX_RESERVATION - 3;
            heap.data().setLong(straddle, 0x0102030405060708L);
            assertThat(heap.data().getLong(straddle)).isEqualTo(0x0102030405060708L);
            assertThat(heap.data().getByte(Heap.MAX_RESERVATION)).as("the first byte past it").isEqualTo((byte) 0x05);
            assertThat(heap.data().getInt(Heap.MAX_RESERVATION - 4)).isEqualTo(0x06070800);
        }
    }

    @Test
    void theLastBytesBelowTheBreakAreReachedAndNothingPastIt() {
        try (Heap heap = new Heap(64, Heap.GROWABLE, recorder, false)) {
            assertThatThrownBy(() -> heap.data().getByte(0)).as("an empty heap")
                    .isInstanceOf(IndexOutOfBoundsException.class);
            heap.grow(5);
            heap.data().setInt(1, 0x01020304);
            assertThat(heap.data().getByte(4)).isEqualTo((byte) 1);
            for (long address : new long[] {5, Long.MAX_VALUE, Long.MAX_VALUE - 7, Long.MIN_VALUE, -1}) {
                assertThatThrownBy(() -> heap.data().getByte(address)).as("at %d", address)
                        .isInstanceOf(IndexOutOfBoundsException.class);
            }
            assertThatThrownBy(() -> heap.data().getLong(0)).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @Test
    void anAccessToAClosedHeapFailsRatherThanReachingFreedMemory() {
        Heap heap = new Heap(4096, Heap.GROWABLE, recorder, false);
        heap.grow(4096);
        heap.data().setLong(8, 1);
        heap.close();
        assertThatThrownBy(() -> heap.data().getLong(8)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> heap.bookkeeping().setInt(0, 1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> heap.data().getByte(Long.MAX_VALUE)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void growingPastTheMemoryLimitIsAFailureNamingBothSizesNotARefusal() {
        try (Heap heap = new Heap(64, Heap.GROWABLE, recorder, false)) {
            heap.limitMemory(1 << 20);
            assertThat(heap.grow(1 << 20)).isZero();
            assertThatThrownBy(() -> heap.grow(1)).isInstanceOf(HeapMemoryException.class)
                    .hasMessage("the simulated heap would grow to 1,048,577 bytes, past the 1,048,576 its run may take"
                            + " (expected: a run that fits, or a larger --max-memory)");
            assertThat(heap.size()).isEqualTo(1 << 20);
        }
        try (Heap bounded = new Heap(64, 256, recorder, false)) {
            bounded.limitMemory(128);
            assertThat(bounded.grow(512)).as("past the capacity: no room, as always").isEqualTo(Heap.NO_ROOM);
        }
    }

    @Test
    void boundedHeapRefusesToGrowPastItsCapacity() {
        try (Heap heap = new Heap(64, 256, recorder, false)) {
            assertThat(heap.isBounded()).isTrue();
            assertThat(heap.grow(192)).isZero();
            assertThat(heap.grow(128)).isEqualTo(Heap.NO_ROOM);
            assertThat(heap.grow(64)).isEqualTo(192);
            assertThat(heap.grow(1)).isEqualTo(Heap.NO_ROOM);
            assertThat(heap.virtualPages()).isEqualTo(4);
        }
    }

    @Test
    void growToReachesAnEndOnlyWhenTheBreakIsShortOfItAndRefusesWhatABoundedHeapCannotHold() {
        try (Heap heap = new Heap(4096, 3 * 4096, recorder, false)) {
            assertThat(heap.growTo(100)).isTrue();
            assertThat(heap.size()).isEqualTo(100);
            assertThat(heap.growTo(50)).as("already past it").isTrue();
            assertThat(heap.size()).isEqualTo(100);
            assertThat(heap.growTo(3 * 4096 + 1)).isFalse();
            assertThat(heap.size()).as("nothing grown by a refusal").isEqualTo(100);
            assertThat(heap.growTo(3 * 4096)).isTrue();
            assertThat(heap.size()).isEqualTo(3 * 4096);
        }
        assertThat(Bytes.alignUp(0, 16)).isZero();
        assertThat(Bytes.alignUp(1, 16)).isEqualTo(16);
        assertThat(Bytes.alignUp(4096, 4096)).isEqualTo(4096);
        assertThat(Bytes.alignUp(4097, 4096)).isEqualTo(8192);
    }

    @Test
    void growableHeapCountsPagesAsHighWaterMark() {
        try (Heap heap = new Heap(4096, Heap.GROWABLE, recorder, false)) {
            assertThat(heap.isBounded()).isFalse();
            heap.grow(1);
            assertThat(heap.virtualPages()).isEqualTo(1);
            heap.grow(4096);
            assertThat(heap.virtualPages()).isEqualTo(2);
            assertThat(heap.pageOf(4096)).isEqualTo(1);
        }
    }

    @Test
    void accessOutsideTheHeapFailsAtOnce() {
        try (Heap heap = new Heap(64, Heap.GROWABLE, recorder, false)) {
            heap.grow(64);
            assertThatThrownBy(() -> heap.data().getLong(60))
                    .isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessage("WORKLOAD access of 8 bytes at 60 is outside the heap [0, 64)");
            assertThatThrownBy(() -> heap.data().getByte(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @Test
    void pageSizeMustBeAPowerOfTwoInRange() {
        assertThatThrownBy(() -> new Heap(100, Heap.GROWABLE, recorder, false))
                .hasMessage("pageSize: 100 (expected: a power of 2 from 64 to 1048576)");
        assertThatThrownBy(() -> new Heap(32, Heap.GROWABLE, recorder, false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Heap(2 << 20, Heap.GROWABLE, recorder, false)).isInstanceOf(IllegalArgumentException.class);
        new Heap(1 << 20, Heap.GROWABLE, recorder, false).close();
    }
}
