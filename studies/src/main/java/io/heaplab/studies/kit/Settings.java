package io.heaplab.studies.kit;

/**
 * What every study is run with: its seeds, and how many runs at a time (the results do not depend on it).
 *
 * @param seeds   the seeds every run is repeated with
 * @param threads runs at a time, at least one
 */
public record Settings(Seeds seeds, int threads) {

    public Settings {
        if (threads < 1) {
            throw new ParameterException("threads", threads + " (expected: at least 1)");
        }
    }
}
