package io.heaplab.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Each broken strategy below is a sound first-fit ({@link CheckingAllocator}) with one fault; the contract must
 * fail it in the test that names that fault. The broken strategies are nested classes, which the build does not
 * run on its own.
 */
class AllocatorContractCatchesBrokenStrategiesTest {

    /** A sound strategy to start from: a fault overrides one operation. */
    abstract static class Faulty implements Allocator {
        final Heap heap;
        final CheckingAllocator sound;
        long allocations;

        Faulty(AllocatorSetup setup) {
            this.heap = setup.heap();
            this.sound = new CheckingAllocator(setup);
        }

        @Override
        public long allocate(long size) {
            allocations++;
            return sound.allocate(size);
        }

        @Override
        public void free(long address, long size) {
            sound.free(address, size);
        }
    }

    /** Now and then hands out the block it handed out last, again. */
    static class HandsOutABlockTwice extends AllocatorContract {
        @Override
        protected Allocator create(AllocatorSetup setup) {
            return new Faulty(setup) {
                long last = NO_FIT;

                @Override
                public long allocate(long size) {
                    long address = super.allocate(size);
                    if (allocations % 7 == 0 && last != NO_FIT) {
                        return last;
                    }
                    last = address;
                    return address;
                }

                @Override
                public void free(long address, long size) {
                    // a block handed out twice would be freed twice: forget frees altogether
                }
            };
        }
    }

    /** Writes a free-list link past the end of the block freed, into whatever lies next. */
    static class WritesPastAFreedBlock extends AllocatorContract {
        @Override
        protected Allocator create(AllocatorSetup setup) {
            return new Faulty(setup) {
                @Override
                public void free(long address, long size) {
                    super.free(address, size);
                    long next = (address + Math.max(size, 1) + 7) & -8;
                    if (next + 8 <= heap.size()) {
                        heap.bookkeeping().setLong(next, -1);
                    }
                }
            };
        }
    }

    /** Throws where a full bounded heap must answer NO_FIT. */
    static class ThrowsWhenFull extends AllocatorContract {
        @Override
        protected Allocator create(AllocatorSetup setup) {
            return new Faulty(setup) {
                @Override
                public long allocate(long size) {
                    long address = super.allocate(size);
                    if (address == NO_FIT) {
                        throw new IllegalStateException("out of memory");
                    }
                    return address;
                }
            };
        }
    }

    /** Gives up after a few hundred blocks, even in a heap that could grow. */
    static class RejectsInAGrowableHeap extends AllocatorContract {
        @Override
        protected Allocator create(AllocatorSetup setup) {
            return new Faulty(setup) {
                @Override
                public long allocate(long size) {
                    return allocations >= 500 ? NO_FIT : super.allocate(size);
                }
            };
        }
    }

    /** Places each allocator's blocks 8 bytes further on than the last allocator's, whatever the seed. */
    static class DependsOnMoreThanTheSeed extends AllocatorContract {
        private static final AtomicLong INSTANCES = new AtomicLong();

        @Override
        protected Allocator create(AllocatorSetup setup) {
            long offset = 8 * (INSTANCES.getAndIncrement() % 2);
            return new Faulty(setup) {
                @Override
                public long allocate(long size) {
                    long address = super.allocate(size + 8);
                    return address == NO_FIT ? NO_FIT : address + offset;
                }

                @Override
                public void free(long address, long size) {
                    super.free(address - offset, size + 8);
                }
            };
        }
    }

    /** Says it holds fewer bytes than the workload asked for. */
    static class UndercountsHeldBytes extends AllocatorContract {
        @Override
        protected Allocator create(AllocatorSetup setup) {
            return new Faulty(setup) {
                long live;

                @Override
                public long allocate(long size) {
                    long address = super.allocate(size);
                    live += address == NO_FIT ? 0 : size;
                    return address;
                }

                @Override
                public void free(long address, long size) {
                    super.free(address, size);
                    live -= size;
                }

                @Override
                public long heldBytes() {
                    return Math.max(0, live - 1);
                }
            };
        }
    }

    /** A fixed-size strategy (one that refuses varied sizes) tested with the contract's fixed sizes. */
    static class FixedSizeOnly extends AllocatorContract {
        @Override
        protected Allocator create(AllocatorSetup setup) {
            if (!setup.isFixedSize()) {
                throw new IllegalArgumentException("varied sizes");
            }
            return new CheckingAllocator(setup);
        }

        @Override
        protected boolean servesVariedSizes() {
            return false;
        }
    }

    @Test
    void aBlockHandedOutTwiceOverlapsALiveOne() {
        assertThat(Contracts.failures(HandsOutABlockTwice.class))
                .contains("everyBlockLiesInsideTheHeapApartFromTheOthersAndKeepsItsData",
                        "randomAllocateFreeSequencesKeepEveryBlockSound");
    }

    @Test
    void bookkeepingWrittenIntoALiveBlockChangesItsData() {
        assertThat(Contracts.failures(WritesPastAFreedBlock.class))
                .contains("everyBlockLiesInsideTheHeapApartFromTheOthersAndKeepsItsData");
    }

    @Test
    void anExceptionFromAFullHeapFails() {
        assertThat(Contracts.failures(ThrowsWhenFull.class))
                .contains("aFullBoundedHeapAnswersNoFitInsteadOfThrowing");
    }

    @Test
    void aRejectionFromAGrowableHeapFails() {
        assertThat(Contracts.failures(RejectsInAGrowableHeap.class))
                .contains("aGrowableHeapNeverRejects", "freeingEverythingAndAllocatingAgainWorks");
    }

    @Test
    void addressesThatDependOnMoreThanTheSeedFail() {
        assertThat(Contracts.failures(DependsOnMoreThanTheSeed.class))
                .containsExactly("theSameSetupAndSeedGiveTheSameAddresses");
    }

    @Test
    void heldBytesBelowTheRequestedBytesFail() {
        assertThat(Contracts.failures(UndercountsHeldBytes.class))
                .contains("searchesAndHeldBytesAreUnknownOrCountsThatAgreeWithTheLiveBlocks");
    }

    @Test
    void aFixedSizeStrategyIsNeverGivenVariedSizes() {
        assertThat(Contracts.failures(FixedSizeOnly.class)).isEmpty();
    }
}
