package io.heaplab.allocators.fit;

import static io.heaplab.allocators.fit.Row.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.allocators.variable.CellAllocator;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The four fits side by side on the same holes, each taking a different one, and how every fit and order counts
 * searches (Purdom, Stigler &amp; Cheam's measure).
 */
class ListFitAllocatorTest {

    /** Free: 2@0, 6@3, 12@10, 4@23, 3@28, 7@249; next fit's rover on 7@249. */
    @ParameterizedTest(name = "{0} fit takes cell {1} after {2} searches")
    @CsvSource({"FIRST, 3, 2", "NEXT, 249, 1", "BEST, 23, 4", "WORST, 10, 6"})
    void eachFitTakesItsOwnHoleForTheSameRequest(Fit fit, int cell, int searches) {
        Row row = new Row(fit, Order.ADDRESS).carve();
        assertThat(row.allocator.searches()).as("one free block: one search a request").isEqualTo(
                Row.LAYOUT.length);
        row.freeHoles().expect(4, at(cell), searches);
    }

    @ParameterizedTest
    @EnumSource(Order.class)
    void aRequestThatNoBlockFitsCountsEveryBlockInTheList(Order order) {
        for (Fit fit : Fit.values()) {
            new Row(fit, order).carve().freeHoles().expect(13, Allocator.NO_FIT, 6).expect(13, Allocator.NO_FIT, 6);
        }
    }

    @ParameterizedTest
    @EnumSource(Order.class)
    void aRequestThatFindsTheListEmptyCountsOne(Order order) {
        for (Fit fit : Fit.values()) {
            Row row = new Row(fit, order).carve(Row.CELLS).expect(1, Allocator.NO_FIT, 1);
            row.free(0, Row.CELLS).expect(Row.CELLS, at(0), 1);
        }
    }

    @ParameterizedTest
    @EnumSource(Fit.class)
    void aGrowableHeapCountsTheSearchBeforeItGrows(Fit fit) {
        try (Heap heap = new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), true)) {
            ListFitAllocator allocator = new ListFitAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED), fit,
                    Order.ADDRESS);
            assertThat(allocator.allocate(Row.bytesFor(100))).isEqualTo(at(0));
            assertThat(allocator.allocate(Row.bytesFor(200))).isEqualTo(at(100));
            assertThat(allocator.searches()).isEqualTo(2);
            assertThat(heap.size()).isEqualTo(2 * 4096);
            allocator.verify();
        }
    }

    @Test
    void cellsOfThirtyTwoBytesHalveTheBlocks() {
        try (Heap heap = new Heap(4096, 4096, new ReferenceRecorder(List.of()), true)) {
            ListFitAllocator allocator = new ListFitAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED), 32,
                    Fit.FIRST, Order.ADDRESS);
            assertThat(allocator.cellSize()).isEqualTo(32);
            assertThat(allocator.arenaCells()).isEqualTo(128);
            assertThat(allocator.allocate(56)).isEqualTo(CellAllocator.HEADER);
            assertThat(allocator.allocate(1)).isEqualTo(64 + CellAllocator.HEADER);
            allocator.verify();
        }
    }

    @Test
    void verifyCatchesALinkTrampledInAFreeBlock() {
        Row row = new Row(Fit.FIRST, Order.ADDRESS).carve().freeHoles();
        row.heap.data().setInt(at(10) - CellAllocator.HEADER + 8, 23); // 12@10 now links back to 4@23
        assertThatThrownBy(row.allocator::verify).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("block 10 links back to 23");
    }
}
