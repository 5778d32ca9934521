package io.heaplab.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A sound workload, {@link Churn}, keeps the contract; each broken one below is it with one fault, and the
 * contract must fail it in the test that names that fault. The broken workloads' tests are nested classes, which
 * the build does not run on its own.
 */
class WorkloadContractCatchesBrokenWorkloadsTest {

    /**
     * Keeps up to 30 blocks live, each replaced by one of a random size; writes a word into each block and reads
     * it back before freeing it. The faults are switched on by the subclasses.
     */
    static class Churn implements Workload {
        private final long blockSize;

        Churn(long blockSize) {
            this.blockSize = blockSize;
        }

        @Override
        public long blockSize() {
            return blockSize;
        }

        /** The random source the run draws from. */
        SplittableRandom random(WorkloadContext context) {
            return context.random();
        }

        /** The size of a request, given the one drawn. */
        long size(long drawn) {
            return blockSize == AllocatorSetup.VARIED ? drawn : blockSize;
        }

        /** Frees a block; a fault may free it otherwise. */
        void free(WorkloadContext context, long address, long size) {
            context.free(address, size);
        }

        /** What to do with a refused request: nothing. */
        void refused(WorkloadContext context, long size) {
        }

        @Override
        public void run(WorkloadContext context) {
            SplittableRandom random = random(context);
            long[] addresses = new long[30];
            long[] sizes = new long[30];
            int live = 0;
            for (int i = 0; i < 400; i++) {
                if (live == addresses.length || (live > 0 && random.nextBoolean())) {
                    int k = random.nextInt(live);
                    if (context.heap().getLong(addresses[k]) != addresses[k]) {
                        throw new IllegalStateException("block " + addresses[k] + " changed");
                    }
                    free(context, addresses[k], sizes[k]);
                    live--;
                    addresses[k] = addresses[live];
                    sizes[k] = sizes[live];
                } else {
                    long size = size(8 + random.nextInt(120));
                    long address = context.allocate(size);
                    if (address == Allocator.NO_FIT) {
                        refused(context, size);
                        continue;
                    }
                    context.heap().setLong(address, address);
                    addresses[live] = address;
                    sizes[live] = size;
                    live++;
                }
            }
        }
    }

    /** The sound workload, asking for blocks of varied sizes. */
    static class Sound extends WorkloadContract {
        @Override
        protected Workload create() {
            return new Churn(AllocatorSetup.VARIED);
        }
    }

    /** The same, asking for blocks of one size. */
    static class SoundFixed extends WorkloadContract {
        @Override
        protected Workload create() {
            return new Churn(16);
        }
    }

    /** Declares blocks of 16 bytes and now and then asks for 24. */
    static class AsksForAnotherSize extends WorkloadContract {
        @Override
        protected Workload create() {
            return new Churn(16) {
                @Override
                long size(long drawn) {
                    return drawn % 5 == 0 ? 24 : 16;
                }
            };
        }
    }

    /** Frees a block twice now and then. */
    static class FreesTwice extends WorkloadContract {
        @Override
        protected Workload create() {
            return new Churn(AllocatorSetup.VARIED) {
                long frees;

                @Override
                void free(WorkloadContext context, long address, long size) {
                    context.free(address, size);
                    if (++frees % 10 == 0) {
                        context.free(address, size);
                    }
                }
            };
        }
    }

    /** Frees with a size rounded up to 8 bytes, not the one it asked for. */
    static class FreesWithAnotherSize extends WorkloadContract {
        @Override
        protected Workload create() {
            return new Churn(AllocatorSetup.VARIED) {
                @Override
                void free(WorkloadContext context, long address, long size) {
                    context.free(address, (size + 7) & -8);
                }
            };
        }
    }

    /** Fails as soon as a request is refused. */
    static class FailsWhenRefused extends WorkloadContract {
        @Override
        protected Workload create() {
            return new Churn(AllocatorSetup.VARIED) {
                @Override
                void refused(WorkloadContext context, long size) {
                    throw new IllegalStateException("no room for " + size + " bytes");
                }
            };
        }
    }

    /** Draws from a source of its own, seeded anew for every run: another seed changes nothing. */
    static class IgnoresTheSeed extends WorkloadContract {
        @Override
        protected Workload create() {
            return new Churn(AllocatorSetup.VARIED) {
                @Override
                SplittableRandom random(WorkloadContext context) {
                    return new SplittableRandom(99);
                }
            };
        }
    }

    /** Draws from a source shared by every run: the same seed gives another run. */
    static class DependsOnMoreThanTheSeed extends WorkloadContract {
        private static final AtomicLong RUNS = new AtomicLong();

        @Override
        protected Workload create() {
            return new Churn(AllocatorSetup.VARIED) {
                @Override
                SplittableRandom random(WorkloadContext context) {
                    return new SplittableRandom(RUNS.incrementAndGet());
                }
            };
        }
    }

    @Test
    void aSoundWorkloadKeepsTheContract() {
        assertThat(Contracts.failures(Sound.class)).isEmpty();
        assertThat(Contracts.failures(SoundFixed.class)).isEmpty();
    }

    @Test
    void aRequestOfAnotherSizeThanDeclaredFails() {
        assertThat(Contracts.failures(AsksForAnotherSize.class)).contains("aFixedSizeWorkloadAsksOnlyForItsBlockSize");
    }

    @Test
    void aDoubleFreeFails() {
        assertThat(Contracts.failures(FreesTwice.class))
                .contains("itFreesOnlyBlocksItWasGivenOnceAndWithTheSizeItAskedFor");
    }

    @Test
    void aFreeOfAnotherSizeFails() {
        assertThat(Contracts.failures(FreesWithAnotherSize.class))
                .contains("itFreesOnlyBlocksItWasGivenOnceAndWithTheSizeItAskedFor");
    }

    @Test
    void failingOnARefusedRequestFails() {
        assertThat(Contracts.failures(FailsWhenRefused.class))
                .containsExactly("itCarriesOnWhenABoundedHeapRefusesARequest");
    }

    @Test
    void ignoringTheSeedFails() {
        assertThat(Contracts.failures(IgnoresTheSeed.class))
                .containsExactly("anotherSeedChangesTheRunOfAWorkloadThatDrawsAtRandom");
    }

    @Test
    void dependingOnMoreThanTheSeedFails() {
        assertThat(Contracts.failures(DependsOnMoreThanTheSeed.class))
                .contains("theSameSeedGivesTheSameRequestsAndReferences");
    }
}
