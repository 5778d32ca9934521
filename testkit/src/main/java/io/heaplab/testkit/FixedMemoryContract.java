package io.heaplab.testkit;

import static io.heaplab.testkit.PageTraces.distinctPages;
import static io.heaplab.testkit.PageTraces.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.trace.PageRun;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** What every demand-paging policy in a fixed number of frames must do, beyond the common contract. */
public abstract class FixedMemoryContract extends PagingSimulatorContract {

    @Property(tries = 200)
    void withAFrameForEveryPageOnlyFirstReferencesFaultAndNothingIsWrittenBack(
            @ForAll("traces") long[] runs, @ForAll @IntRange(min = 0, max = 3) int spare) {
        int frames = Math.max(1, distinctPages(runs) + spare);
        PagingOutcome outcome = run(create(frames), runs);
        assertThat(faults(outcome, frames)).isEqualTo(distinctPages(runs));
        assertThat(writeBacks(outcome, frames)).isZero();
    }

    @Property(tries = 200)
    void inOneFrameEveryChangeOfPageFaultsAndEveryWrittenPageIsWrittenBackWhenItLeaves(@ForAll("traces") long[] runs) {
        long changes = 0;
        long writtenBack = 0;
        boolean dirty = false;
        for (int i = 0; i < runs.length; i++) {
            boolean newPage = i == 0 || PageRun.page(runs[i]) != PageRun.page(runs[i - 1]);
            if (newPage) {
                changes++;
                writtenBack += dirty ? 1 : 0;
                dirty = false;
            }
            dirty |= PageRun.isWrite(runs[i]);
        }
        PagingOutcome outcome = run(create(1), runs);
        assertThat(faults(outcome, 1)).isEqualTo(changes);
        assertThat(writeBacks(outcome, 1)).isEqualTo(writtenBack);
    }
}
