package io.heaplab.workloads.fits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.Timeline;
import io.heaplab.core.spi.WorkloadContext;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.workloads.LifoTestAllocator;
import io.heaplab.workloads.OverlappingTestAllocator;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The report's three stages: the sizes asked for, in order, the data written and checked, the samples taken. */
class FitsWorkloadTest {

    /** What a run asked for, in order, and its context. */
    private record Run(LongArrayList sizes, LongArrayList frees, WorkloadContext context, Heap heap) {
    }

    private static Run run(FitsWorkload workload, Function<Heap, Allocator> factory) {
        Heap heap = new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), false);
        LongArrayList sizes = new LongArrayList();
        LongArrayList frees = new LongArrayList();
        Allocator inner = factory.apply(heap);
        Allocator watched = new Allocator() {
            @Override
            public long allocate(long size) {
                sizes.add(size);
                return inner.allocate(size);
            }

            @Override
            public void free(long address, long size) {
                frees.add(size);
                inner.free(address, size);
            }
        };
        WorkloadContext context = new WorkloadContext(heap.data(), watched, 1);
        workload.run(context);
        return new Run(sizes, frees, context, heap);
    }

    @Test
    void generatesFreeBlocksOfFiveToThirtyFourBytesByTheLoopIndexThenAllocatesAndFreesTheType() {
        int load = 70;
        Run run = run(new FitsWorkload(load, DataType.DOUBLE), LifoTestAllocator::new);
        assertThat(run.sizes().size()).isEqualTo(2 * load);
        for (int i = 0; i < load; i++) {
            assertThat(run.sizes().getLong(i)).as("free block %d", i).isEqualTo(5 + i % 30);
            assertThat(run.sizes().getLong(load + i)).isEqualTo(8);
        }
        assertThat(Arrays.copyOf(run.frees().toLongArray(), load)).as("generated blocks freed in order")
                .isEqualTo(Arrays.copyOf(run.sizes().toLongArray(), load));
        assertThat(run.context().allocations()).isEqualTo(2 * load);
        assertThat(run.context().frees()).isEqualTo(2 * load);
        run.heap().close();
    }

    @Test
    void stringsAreTheWordListsWordsWithTheirNulWrittenIntoTheHeap() {
        Heap[] kept = new Heap[1];
        LongArrayList addresses = new LongArrayList();
        Run run = run(new FitsWorkload(40, DataType.STRING), heap -> {
            kept[0] = heap;
            return new Allocator() {
                @Override
                public long allocate(long size) {
                    long address = heap.grow(size);
                    addresses.add(address);
                    return address;
                }

                @Override
                public void free(long address, long size) {
                }
            };
        });
        // the first words of the list: aa, aah, aalii
        assertThat(Arrays.copyOfRange(run.sizes().toLongArray(), 40, 43)).containsExactly(3L, 4L, 6L);
        long aah = addresses.getLong(41);
        byte[] bytes = new byte[4];
        for (int k = 0; k < 4; k++) {
            bytes[k] = run.heap().data().getByte(aah + k);
        }
        assertThat(new String(bytes, 0, 3, StandardCharsets.US_ASCII)).isEqualTo("aah");
        assertThat(bytes[3]).isZero();
        assertThat(Words.count()).isEqualTo(113_481);
        run.heap().close();
    }

    @Test
    void samplesEveryTenthOfEachStage() {
        int load = 50;
        Run run = run(new FitsWorkload(load, DataType.INT), LifoTestAllocator::new);
        Timeline timeline = run.context().timeline();
        assertThat(timeline.size()).isEqualTo(30);
        assertThat(timeline.requests()[0]).isEqualTo(10);       // a tenth of the 100 requests generating
        assertThat(timeline.requests()[9]).isEqualTo(100);
        assertThat(timeline.requests()[10]).isEqualTo(105);     // a tenth of the 50 allocations
        assertThat(timeline.requests()[19]).isEqualTo(150);
        assertThat(timeline.liveBytes()[19]).isEqualTo(4 * load);
        assertThat(timeline.requests()[29]).isEqualTo(200);
        assertThat(timeline.liveBytes()[29]).isZero();
        run.heap().close();
    }

    @Test
    void aBlockOverwrittenBeforeItIsFreedFailsTheRunNamingIt() {
        assertThatThrownBy(() -> run(new FitsWorkload(10, DataType.DOUBLE), heap -> new OverlappingTestAllocator(heap,
                4))).isInstanceOf(IllegalStateException.class).hasMessageContaining("the double allocated");
    }

    @Test
    void badOptionsAreRefused() {
        assertThatThrownBy(() -> DataType.parse("float")).isInstanceOf(SpecException.class)
                .hasMessage("type: float (expected: int, double or string)");
        assertThatThrownBy(() -> new FitsWorkload(0, DataType.INT)).hasMessage("load: 0 (expected: > 0)");
    }
}
