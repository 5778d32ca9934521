package io.heaplab.benchmarks;

import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.workloads.purdom.GeometricCells;
import java.util.SplittableRandom;

/** Where the steady-state benchmarks draw their request sizes from, in bytes. */
sealed interface BlockSizes {

    /** The next request size. */
    long draw(SplittableRandom random);

    /** The mean request size: what the memory for the paging count is scaled by. */
    double meanBytes();

    /** What a strategy is told of the sizes: the one block size, or {@link AllocatorSetup#VARIED}. */
    long setupBlockSize();

    /** The one size a fixed-size strategy takes. */
    record Fixed(long bytes) implements BlockSizes {
        @Override
        public long draw(SplittableRandom random) {
            return bytes;
        }

        @Override
        public double meanBytes() {
            return bytes;
        }

        @Override
        public long setupBlockSize() {
            return bytes;
        }
    }

    /**
     * Geometric numbers of cells with the given mean, less an 8-byte header so a block fits its cells exactly:
     * the distribution of Purdom, Stigler &amp; Cheam, "Statistical Investigation of Three Storage Allocation
     * Algorithms" (BIT 10, 1970).
     */
    record Geometric(GeometricCells cells, int cellBytes) implements BlockSizes {

        /** Purdom, Stigler &amp; Cheam's load: mean 8 cells of 16 bytes. */
        static final Geometric PURDOM = new Geometric(new GeometricCells(8), 16);

        @Override
        public long draw(SplittableRandom random) {
            return cells.draw(random) * cellBytes - 8;
        }

        @Override
        public double meanBytes() {
            return cells.mean() * cellBytes - 8;
        }

        @Override
        public long setupBlockSize() {
            return AllocatorSetup.VARIED;
        }
    }
}
