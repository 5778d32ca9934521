package io.heaplab.testplugins;

import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;

/** A replacement policy that throws in the middle of the reference stream. */
@SpiVersion(SpiVersion.CURRENT)
public final class ThrowingPolicyProvider implements ReplacementPolicyProvider {

    @Override
    public String name() {
        return "throwing-policy";
    }

    @Override
    public String description() {
        return "A test plugin that is wrong on purpose: " + getClass().getSimpleName() + ".";
    }

    @Override
    public PagingSimulator create(Options options) {
        return new PagingSimulator() {
            private long runs;

            @Override
            public void accept(long[] batch, int length) {
                runs += length;
                if (runs > 100) {
                    throw new IllegalStateException("frame table corrupted after " + runs + " runs");
                }
            }

            @Override
            public void startMeasuring() {
            }

            @Override
            public void finish() {
            }

            @Override
            public PagingOutcome outcome() {
                throw new IllegalStateException("no outcome: the simulator failed before the end");
            }
        };
    }
}
