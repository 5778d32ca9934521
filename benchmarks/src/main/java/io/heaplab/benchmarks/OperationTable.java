package io.heaplab.benchmarks;

import java.util.SplittableRandom;

/**
 * The precomputed operations of a steady state of {@code live} blocks: their first sizes, then for each step the
 * block to free and the size of its replacement. Drawn once from a fixed seed, so every strategy, malloc
 * included, sees the same sequence, and nothing is drawn on the timed path.
 */
final class OperationTable {

    /** Steps before the table repeats: a power of two, so a step's index is a mask, and larger than any live. */
    static final int LENGTH = 1 << 16;
    static final int MASK = LENGTH - 1;
    static final long SEED = 42;

    /** The size of each live block as the steady state begins. */
    final long[] initialSizes;
    /** Step {@code k} frees live block {@code victims[k]}... */
    final int[] victims;
    /** ...and allocates {@code replacements[k]} bytes in its place. */
    final long[] replacements;

    private OperationTable(long[] initialSizes, int[] victims, long[] replacements) {
        this.initialSizes = initialSizes;
        this.victims = victims;
        this.replacements = replacements;
    }

    /** The table of {@code live} blocks of {@code sizes}, victims chosen uniformly. */
    static OperationTable of(int live, BlockSizes sizes) {
        if (live < 1 || live > LENGTH) {
            throw new IllegalArgumentException("live: " + live + " (expected: 1 .. " + LENGTH + ")");
        }
        SplittableRandom random = new SplittableRandom(SEED);
        int[] victims = new int[LENGTH];
        long[] replacements = new long[LENGTH];
        for (int k = 0; k < LENGTH; k++) {
            victims[k] = random.nextInt(live);
            replacements[k] = sizes.draw(random);
        }
        long[] initialSizes = new long[live];
        for (int i = 0; i < live; i++) {
            initialSizes[i] = sizes.draw(random);
        }
        return new OperationTable(initialSizes, victims, replacements);
    }

    int live() {
        return initialSizes.length;
    }

    /**
     * Steps a steady state takes before it is timed or counted: enough to replace every block several times, so
     * the free space is as fragmented as it will get, and at least one pass over the table.
     */
    int warmUpSteps() {
        return Math.max(8 * live(), LENGTH);
    }
}
