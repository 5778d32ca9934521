package io.heaplab.reports;

import java.util.Locale;

/**
 * The mean and spread of one measure over repeated runs with different seeds.
 *
 * @param mean  the arithmetic mean
 * @param sd    the sample standard deviation (divisor {@code count - 1}); 0 for a single run
 * @param count how many runs
 */
public record Summary(double mean, double sd, int count) {

    public Summary {
        if (count < 1) {
            throw new IllegalArgumentException("count: " + count + " (expected: >= 1)");
        }
    }

    /** The summary of {@code values}, at least one. */
    public static Summary of(double... values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        double mean = sum / values.length;
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        return new Summary(mean, values.length < 2 ? 0 : Math.sqrt(squares / (values.length - 1)), values.length);
    }

    /** {@code mean} with {@code decimals} places, and {@code ± sd} when there were several runs. */
    public String format(int decimals) {
        String value = String.format(Locale.ROOT, "%." + decimals + "f", mean);
        return count < 2 ? value : value + " ± " + String.format(Locale.ROOT, "%." + decimals + "f", sd);
    }
}
