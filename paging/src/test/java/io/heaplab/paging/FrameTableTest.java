package io.heaplab.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FrameTableTest {

    @Test
    void framesFillInOrderAndEachLoadIsAFault() {
        FrameTable table = new FrameTable(2);
        assertThat(table.frameOf(7)).isEqualTo(FrameTable.MISSING);
        assertThat(table.load(7)).isZero();
        assertThat(table.isFull()).isFalse();
        assertThat(table.load(3)).isEqualTo(1);
        assertThat(table.isFull()).isTrue();
        assertThat(table.frameOf(7)).isZero();
        assertThat(table.frameOf(3)).isEqualTo(1);
        assertThat(table.pageIn(1)).isEqualTo(3);
        assertThat(table.loaded()).isEqualTo(2);
        assertThat(table.faults()).isEqualTo(2);
        table.check();
    }

    @Test
    void replacingADirtyPageWritesItBackAndTheNewPageIsClean() {
        FrameTable table = new FrameTable(2);
        table.load(0);
        table.load(1);
        table.markDirty(0, true);
        table.markDirty(0, false); // a read leaves the page dirty
        table.markDirty(1, false);
        table.replace(0, 2);
        assertThat(table.frameOf(0)).isEqualTo(FrameTable.MISSING);
        assertThat(table.frameOf(2)).isZero();
        assertThat(table.isDirty(0)).isFalse();
        assertThat(table.writeBacks()).isEqualTo(1);
        table.replace(1, 0);
        assertThat(table.writeBacks()).as("page 1 left clean").isEqualTo(1);
        assertThat(table.faults()).isEqualTo(4);
        table.check();
    }

    @Test
    void aVacatedFrameHoldsNoPageUntilRefilledAndADirtyPageLeavingItIsWrittenBack() {
        FrameTable table = new FrameTable(2);
        table.load(0);
        table.load(1);
        table.markDirty(0, true);
        table.vacate(0);
        table.vacate(1);
        assertThat(table.frameOf(0)).isEqualTo(FrameTable.MISSING);
        assertThat(table.frameOf(1)).isEqualTo(FrameTable.MISSING);
        assertThat(table.writeBacks()).as("only page 0 was dirty").isEqualTo(1);
        assertThat(table.faults()).as("vacating loads nothing").isEqualTo(2);
        table.check();
        table.refill(1, 5);
        assertThat(table.frameOf(5)).isEqualTo(1);
        assertThat(table.isDirty(1)).isFalse();
        assertThat(table.faults()).isEqualTo(3);
        table.check();
    }

    @Test
    void cleaningWritesBackAndKeepsThePage() {
        FrameTable table = new FrameTable(1);
        table.load(4);
        table.markDirty(0, true);
        table.clean(0);
        assertThat(table.isDirty(0)).isFalse();
        assertThat(table.frameOf(4)).isZero();
        assertThat(table.writeBacks()).isEqualTo(1);
        table.replace(0, 5);
        assertThat(table.writeBacks()).as("cleaned, so not written again").isEqualTo(1);
    }

    @Test
    void measuringForgetsTheCountsButNotTheFrames() {
        FrameTable table = new FrameTable(1);
        table.load(0);
        table.markDirty(0, true);
        table.startMeasuring();
        assertThat(table.faults()).isZero();
        assertThat(table.frameOf(0)).isZero();
        table.replace(0, 1);
        assertThat(table.outcome()).isEqualTo(new PagingOutcome.Faults(1, Map.of(PagingOutcome.WRITE_BACKS, 1L)));
    }

    @Test
    void theOutcomeListsWriteBacksFirstThenTheExtraMeasuresInOrder() {
        FrameTable table = new FrameTable(3);
        table.load(0);
        PagingOutcome.Faults outcome = table.outcome(Map.entry("z", 2.5), Map.entry("a", 7L));
        assertThat(outcome.faults()).isEqualTo(1);
        assertThat(List.copyOf(outcome.measures().keySet())).containsExactly(PagingOutcome.WRITE_BACKS, "z", "a");
        assertThat(outcome.measures()).containsEntry("z", 2.5).containsEntry("a", 7L)
                .containsEntry(PagingOutcome.WRITE_BACKS, 0L);
        assertThatThrownBy(() -> table.outcome(Map.entry(PagingOutcome.WRITE_BACKS, 1)))
                .hasMessage("measure: writeBacks (expected: once)");
    }

    @Test
    void thePageTableGrowsForSparsePagesAndRejectsNegativeOnes() {
        FrameTable table = new FrameTable(2);
        assertThat(table.frameOf(5_000_000)).isEqualTo(FrameTable.MISSING);
        table.load(5_000_000);
        assertThat(table.frameOf(70_000)).isEqualTo(FrameTable.MISSING);
        assertThat(table.frameOf(5_000_000)).isZero();
        table.check();
        assertThatThrownBy(() -> table.frameOf(-2)).hasMessage("page: -2 (expected: >= 0)");
    }

    @Test
    void rejectsNoFrames() {
        assertThatThrownBy(() -> new FrameTable(0)).hasMessage("frames: 0 (expected: >= 1)");
    }

    @Test
    void checkFindsAPageMappedToAFrameNeverLoaded() {
        FrameTable table = new FrameTable(2);
        table.load(0);
        table.replace(1, 5); // a policy's bug: frame 1 was free
        assertThatThrownBy(table::check).isInstanceOf(IllegalStateException.class)
                .hasMessage("page 5 maps to frame 1 which holds nothing");
    }
}
