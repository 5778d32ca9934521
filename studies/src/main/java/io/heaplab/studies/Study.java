package io.heaplab.studies;

import io.heaplab.studies.kit.Arguments;
import io.heaplab.studies.kit.Parameter;
import io.heaplab.studies.kit.Settings;
import java.util.List;
import java.util.Map;

/**
 * A paper heaplab reproduces: its name ({@code heaplab reproduce NAME}), the parameters of its experiment, and how
 * to prepare a run of it; registered in {@code META-INF/services/io.heaplab.studies.Study}.
 */
public interface Study {

    /** The short name that selects it, also the {@code experiment} its result file carries ("brent"). */
    String name();

    /** What it reproduces, in a sentence naming the paper and its tables. */
    String description();

    /** How many seeds a run uses unless told otherwise. */
    int defaultSeeds();

    /** Its own parameters, beyond the seeds and threads every study takes, in the order to show them. */
    List<Parameter> parameters();

    /**
     * Values of some {@link #parameters()} that make a run of a few seconds, its figures only a guide: a first
     * look, and the test every study passes.
     */
    Map<String, String> smallArguments();

    /** Whether its outcome has a CSV table of every run ({@link Outcome#csv()}). */
    default boolean writesCsv() {
        return false;
    }

    /**
     * A run of the study with {@code settings} and values for its {@link #parameters()}; a bad value fails with a
     * one-line {@link io.heaplab.core.spi.SpecException} before anything runs.
     */
    Reproduction prepare(Settings settings, Arguments arguments);
}
