package io.heaplab.studies.purdom;

import io.heaplab.studies.Reproduction;
import io.heaplab.studies.Study;
import io.heaplab.studies.kit.Arguments;
import io.heaplab.studies.kit.Parameter;
import io.heaplab.studies.kit.Settings;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Purdom, Stigler &amp; Cheam, "Statistical Investigation of Three Storage Allocation Algorithms" (1970),
 * Tables 1-3: {@code heaplab reproduce purdom}.
 */
public final class PurdomStudy implements Study {

    @Override
    public String name() {
        return PurdomJson.EXPERIMENT;
    }

    @Override
    public String description() {
        return "Reproduce Tables 1-3 of Purdom, Stigler & Cheam (1970): segregated storage, first fit and the buddy"
                + " system on memories of 128, 256 and 512 cells, published and measured space utilization and"
                + " searches per request side by side.";
    }

    @Override
    public int defaultSeeds() {
        return 10;
    }

    @Override
    public Map<String, String> smallArguments() {
        return Map.of("tables", "2", "requests", "200");
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                new Parameter("tables", "N[,N...]", "1,2,3", "Which tables to run."),
                new Parameter("requests", "N", Integer.toString(PurdomExperiment.FULL_REQUESTS),
                        "Filled requests per run (the paper's: " + PurdomExperiment.FULL_REQUESTS + ")."),
                new Parameter("first-fit", "SPEC", "first-fit", "The strategy that plays the paper's first fit,"
                        + " e.g. first-fit:order=lifo or next-fit (first-fit keeps its free list in address order)."));
    }

    @Override
    public Reproduction prepare(Settings settings, Arguments arguments) {
        return new PurdomExperiment(new PurdomExperiment.Config(settings.seeds(),
                new TreeSet<>(arguments.integers("tables")), arguments.integer("requests"), settings.threads(),
                arguments.spec("first-fit")), PurdomPaper.load());
    }
}
