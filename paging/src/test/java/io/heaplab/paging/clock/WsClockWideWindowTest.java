package io.heaplab.paging.clock;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.testkit.PagingSimulatorContract;
import org.junit.jupiter.api.Test;

/** The contract again with a window longer than any test trace: every scan is an overcommitment. */
class WsClockWideWindowTest extends PagingSimulatorContract {

    @Override
    protected PagingSimulator create(int frames) {
        return new WsClock(frames, Long.MAX_VALUE);
    }

    @Test
    void everyScanIsAnOvercommitment() {
        // a loop over 5 pages in 3 frames: 3 faults fill memory, every later reference faults and scans
        long[] runs = new long[20];
        for (int i = 0; i < runs.length; i++) {
            runs[i] = PageRun.pack(i % 5, 1, false);
        }
        PagingSimulator wsclock = create(3);
        wsclock.accept(runs, runs.length);
        wsclock.finish();
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) wsclock.outcome();
        assertThat(outcome.faults()).isEqualTo(20);
        assertThat(outcome.measures().get("overcommitments")).isEqualTo(17L);
    }
}
