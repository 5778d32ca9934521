package io.heaplab.cli;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.SpecException;
import io.heaplab.studies.Outcome;
import io.heaplab.studies.Reproduction;
import io.heaplab.studies.Study;
import io.heaplab.studies.kit.Arguments;
import io.heaplab.studies.kit.Parameter;
import io.heaplab.studies.kit.ParameterException;
import io.heaplab.studies.kit.Settings;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code heaplab reproduce PAPER}: one command for every study, its options made from the study's parameters; it
 * announces the runs, runs them with a progress bar, prints the tables and claims, and writes the JSON and the
 * report.
 */
final class StudyCommand implements Callable<Integer> {

    private static final String SEEDS = "--seeds";

    private final Study study;
    private final ReproduceOptions shared = new ReproduceOptions();
    private CommandSpec spec;

    private StudyCommand(Study study) {
        this.study = study;
    }

    /** The command of {@code study}: {@code --seeds}, an option per parameter, then the shared options. */
    static CommandLine of(Study study) {
        StudyCommand command = new StudyCommand(study);
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(study.name());
        spec.usageMessage().description(study.description().replace("%", "%%")).sortOptions(false).footerHeading("%nExamples:%n")
                .footer("  heaplab reproduce " + study.name(),
                        "  heaplab reproduce " + study.name() + " --seeds 3 --json " + study.name() + ".json --no-report");
        spec.addOption(OptionSpec.builder(SEEDS).paramLabel("K").type(int.class)
                .defaultValue(Integer.toString(study.defaultSeeds()))
                .description("Repeat every run with K seeds and report mean ± sd (default: ${DEFAULT-VALUE}).")
                .build());
        for (Parameter parameter : study.parameters()) {
            spec.addOption(OptionSpec.builder(option(parameter.name())).paramLabel(parameter.label())
                    .type(String.class).defaultValue(parameter.defaultValue())
                    .description(withDefault(parameter.description())).build());
        }
        spec.addMixin("shared", CommandSpec.forAnnotatedObject(command.shared));
        spec.mixinStandardHelpOptions(true);
        command.spec = spec;
        return new CommandLine(spec);
    }

    /**
     * A parameter's sentence with its default before the full stop, its {@code %} doubled: picocli formats the
     * text, and a lone {@code %} ("the 50% rule") would fail to format with a warning on every {@code --help}.
     */
    private static String withDefault(String description) {
        String sentence = description.endsWith(".") ? description.substring(0, description.length() - 1) : description;
        return sentence.replace("%", "%%") + " (default: ${DEFAULT-VALUE}).";
    }

    private static String option(String parameter) {
        return "--" + parameter;
    }

    @Override
    public Integer call() throws IOException {
        Reproduction reproduction;
        Settings settings;
        try {
            settings = shared.settings(study.name(), spec.findOption(SEEDS).getValue(), study.writesCsv());
            Map<String, String> values = new LinkedHashMap<>();
            for (Parameter parameter : study.parameters()) {
                values.put(parameter.name(), spec.findOption(option(parameter.name())).getValue());
            }
            reproduction = study.prepare(settings, Arguments.of(study.parameters(), values));
        } catch (ParameterException e) {
            // the library names a parameter; here it is an option
            throw new SpecException(option(e.parameter()) + " " + e.problem());
        }
        Plugins plugins = ((HeaplabCommand) spec.root().userObject()).plugins();
        // every run is checked before the first starts, and before anything is printed: a typo costs no time
        reproduction.check(plugins);
        PrintWriter out = spec.commandLine().getOut();
        int runs = reproduction.size();
        out.printf(Locale.ROOT, "running %d runs, %d at a time%n", runs, Math.min(settings.threads(), runs));
        out.flush();
        long start = System.nanoTime();
        Outcome outcome;
        try (Progress progress = Progress.startWithHeartbeat("runs", runs, spec.commandLine().getErr())) {
            outcome = reproduction.run(plugins, progress::step);
        }
        long wallNanos = System.nanoTime() - start;
        outcome.print(out);
        shared.finish(study.name(), runs, wallNanos, outcome.json(), outcome.csv(), out);
        // everything measured is written above; a strategy that failed makes the study's exit a failure
        PrintWriter err = spec.commandLine().getErr();
        outcome.failed().forEach((strategy, failure) -> err.println("heaplab: " + failure));
        err.flush();
        return outcome.failed().isEmpty() ? Main.OK : Main.FAILURE;
    }
}
