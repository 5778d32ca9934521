package io.heaplab.paging.clock;

import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.paging.PagingSimulatorContract;

/** The contract again with a window longer than any test trace: every scan is an overcommitment. */
class WsClockWideWindowTest extends PagingSimulatorContract {

    @Override
    protected PagingSimulator create(int frames) {
        return new WsClock(frames, Long.MAX_VALUE);
    }
}
