package io.heaplab.studies.brent;

import io.heaplab.studies.Reproduction;
import io.heaplab.studies.Study;
import io.heaplab.studies.kit.Arguments;
import io.heaplab.studies.kit.Parameter;
import io.heaplab.studies.kit.Settings;
import java.util.List;
import java.util.Map;

/**
 * Brent, "The Most-Recently-Used Strategy for Dynamic Storage Allocation on a Computer with Virtual Memory",
 * Tables 3.1-3.3: {@code heaplab reproduce brent}.
 */
public final class BrentStudy implements Study {

    @Override
    public String name() {
        return BrentJson.EXPERIMENT;
    }

    @Override
    public String description() {
        return "Reproduce Tables 3.1-3.3 of Brent's MRU paper: TRIDIAG and PQSIM under each fixed-size strategy,"
                + " 512-byte pages, strict LRU, published and measured figures side by side.";
    }

    @Override
    public int defaultSeeds() {
        return 1;
    }

    @Override
    public Map<String, String> smallArguments() {
        return Map.of("tridiag-n", "12", "pqsim-seconds", "20", "strategies", "stack,random,nofree,mru");
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                new Parameter("strategies", "SPEC[,SPEC...]", String.join(",", BrentExperiment.STRATEGIES),
                        "Fixed-size strategies to compare; must include random."),
                new Parameter("tridiag-n", "N", Integer.toString(BrentExperiment.FULL_N),
                        "Order of TRIDIAG's matrix (the paper's: " + BrentExperiment.FULL_N + "); smaller is"
                                + " quicker, memory sizes scale with the virtual size."),
                new Parameter("tridiag-model", "dataflow|sweep", BrentExperiment.DATAFLOW,
                        "TRIDIAG's model: dataflow, every dependency of the algorithm respected; sweep, the earlier"
                                + " model that applies rotations in arrival order."),
                new Parameter("pqsim-seconds", "S", Integer.toString(BrentExperiment.FULL_SECONDS),
                        "Simulated seconds of PQSIM (the paper's: " + BrentExperiment.FULL_SECONDS + "); faults"
                                + " count over the second half."));
    }

    @Override
    public Reproduction prepare(Settings settings, Arguments arguments) {
        return new BrentExperiment(new BrentExperiment.Config(settings.seeds(), arguments.integer("tridiag-n"),
                arguments.text("tridiag-model"), arguments.integer("pqsim-seconds"), arguments.specs("strategies"), settings.threads()),
                BrentPaper.load());
    }
}
