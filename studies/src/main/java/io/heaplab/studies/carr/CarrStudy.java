package io.heaplab.studies.carr;

import io.heaplab.studies.Reproduction;
import io.heaplab.studies.Study;
import io.heaplab.studies.kit.Arguments;
import io.heaplab.studies.kit.Parameter;
import io.heaplab.studies.kit.ParameterException;
import io.heaplab.studies.kit.Settings;
import io.heaplab.system.Prototypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Carr &amp; Hennessy, "WSCLOCK - A Simple and Effective Algorithm for Virtual Memory Management" (SOSP 1981),
 * Figures 3-5 and Table 2: {@code heaplab reproduce carr}.
 */
public final class CarrStudy implements Study {

    /** The paper ran 50 tasks. */
    static final int FULL_TASKS = 50;

    @Override
    public String name() {
        return CarrJson.EXPERIMENT;
    }

    @Override
    public String description() {
        return "Reproduce Figures 3-5 and Table 2 of Carr & Hennessy's WSCLOCK paper: configurations A, B, C under"
                + " pure WS, WS with LT/RT and WSCLOCK across theta, on a simulated multiprogrammed computer with"
                + " real programs as tasks.";
    }

    @Override
    public int defaultSeeds() {
        return 1;
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                new Parameter("configurations", "X[,X...]", "A,B,C", "Configurations of Table 1 to run."),
                new Parameter("thetas", "K[,K...]", "50,100,200,400,700,1000,2000,5000",
                        "The theta grid, in thousands of references."),
                new Parameter("tasks", "N", Integer.toString(FULL_TASKS), "Tasks per run (the paper's: "
                        + FULL_TASKS + ")."));
    }

    @Override
    public Map<String, String> smallArguments() {
        return Map.of("configurations", "A,C", "thetas", "200,1000", "tasks", "3");
    }

    @Override
    public Reproduction prepare(Settings settings, Arguments arguments) {
        List<Character> configurations = new ArrayList<>();
        for (String part : arguments.text("configurations").split(",", -1)) {
            String c = part.strip().toUpperCase(Locale.ROOT);
            if (c.length() != 1) {
                throw new ParameterException("configurations", "'" + arguments.text("configurations")
                        + "' (expected: some of A, B, C)");
            }
            configurations.add(c.charAt(0));
        }
        List<Integer> thousands = arguments.integers("thetas");
        if (thousands.stream().anyMatch(k -> k < 1)) {
            throw new ParameterException("thetas", "'" + arguments.text("thetas")
                    + "' (expected: positive thousands of references)");
        }
        List<Long> thetas = thousands.stream().map(k -> (long) k * 1000).toList();
        return new CarrExperiment(new CarrExperiment.Config(settings.seeds(), configurations, thetas,
                arguments.integer("tasks"), settings.threads()), CarrPaper.load(), Prototypes.shipped());
    }
}
