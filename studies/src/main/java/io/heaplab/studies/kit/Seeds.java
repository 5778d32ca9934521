package io.heaplab.studies.kit;

import java.util.List;
import java.util.stream.LongStream;

/**
 * The seeds a study repeats every run with: {@code count} of them from {@code first} on, the same numbers whatever
 * the thread count.
 *
 * @param first the first seed
 * @param count how many, at least one
 */
public record Seeds(long first, int count) {

    /**
     * The most seeds a study repeats its runs with: a million repetitions of even the quickest study take days, and
     * their results must fit the JVM's heap.
     */
    public static final int MAX_COUNT = 1_000_000;

    public Seeds {
        if (count < 1 || count > MAX_COUNT) {
            throw new ParameterException("seeds", count + " (expected: 1 to " + MAX_COUNT + ")");
        }
        if (first > Long.MAX_VALUE - (count - 1)) {
            throw new ParameterException("seed", first + " (expected: at most " + (Long.MAX_VALUE - (count - 1))
                    + ", so that " + count + " seeds follow it)");
        }
    }

    /** The seeds, in order. */
    public List<Long> list() {
        return LongStream.range(0, count).map(i -> first + i).boxed().toList();
    }

    /** "seed 1", or "3 seeds 1..3, measured as mean ± sd". */
    public String describe() {
        return count == 1 ? "seed " + first
                : count + " seeds " + first + ".." + (first + count - 1) + ", measured as mean ± sd";
    }
}
