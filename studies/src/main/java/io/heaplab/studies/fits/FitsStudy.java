package io.heaplab.studies.fits;

import io.heaplab.studies.Reproduction;
import io.heaplab.studies.Study;
import io.heaplab.studies.kit.Arguments;
import io.heaplab.studies.kit.Parameter;
import io.heaplab.studies.kit.Settings;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The course report on first, best and worst fit (C. Zhang, Operating Systems Principles: Segmented Memory
 * Allocator, RMIT COSC1114): {@code heaplab reproduce fits}.
 */
public final class FitsStudy implements Study {

    @Override
    public String name() {
        return FitsJson.EXPERIMENT;
    }

    @Override
    public String description() {
        return "Reproduce the course report on first, best and worst fit (C. Zhang, RMIT COSC1114): its table of RSS"
                + " and time under three loads and three data types, its allocator's searches and fragmentation,"
                + " and its proposed enhancements measured.";
    }

    @Override
    public int defaultSeeds() {
        return 1;
    }

    @Override
    public boolean writesCsv() {
        return true;
    }

    @Override
    public Map<String, String> smallArguments() {
        return Map.of("loads", "7000,700", "types", "int,string", "repeats", "0");
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                new Parameter("loads", "N[,N...]", "50000,20000,7000",
                        "Allocations and deallocations per test (the report's high, medium and low loads)."),
                new Parameter("types", "T[,T...]", "int,double,string", "Data types, of int, double and string."),
                new Parameter("repeats", "N", "1", "Unrecorded runs timed per cell, their mean the time (the report"
                        + " took 3); 0 times nothing, so the result file is the same on every run."));
    }

    @Override
    public Reproduction prepare(Settings settings, Arguments arguments) {
        return new FitsExperiment(new FitsExperiment.Config(arguments.integers("loads"),
                Arrays.asList(arguments.text("types").split(",", -1)), arguments.integer("repeats"),
                settings.threads()), FitsPaper.load());
    }
}
