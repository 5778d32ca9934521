package io.heaplab.testplugins;

import io.heaplab.core.spi.SpiVersion;

/** Calls {@code Runtime.halt(7)} in the middle of a run, inside a {@code catch (Exception)} that would hide a throw. */
@SpiVersion(SpiVersion.CURRENT)
public final class HaltingProvider extends TestAllocatorProvider {

    public HaltingProvider() {
        super("halting", setup -> new Bump(setup.heap()) {
            private int requests;

            @Override
            public long allocate(long size) {
                if (++requests == 100) {
                    try {
                        Runtime.getRuntime().halt(7);
                    } catch (Exception e) {
                        return NO_FIT;
                    }
                }
                return super.allocate(size);
            }
        });
    }
}
