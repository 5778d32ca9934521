package io.heaplab.cli;

import io.heaplab.studies.Studies;
import io.heaplab.studies.Study;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code heaplab reproduce}: reruns a paper's experiments and sets measured figures beside published ones; a
 * subcommand per study on the class path.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = "Reproduce a paper's tables by running its experiments.")
final class ReproduceCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    /** Adds a subcommand per study of {@code studies} to {@code reproduce}, this command's command line. */
    static void addStudies(CommandLine reproduce, Studies studies) {
        for (Study study : studies.all()) {
            CommandLine command = StudyCommand.of(study);
            command.getCommandSpec().version(reproduce.getCommandSpec().root().version());
            reproduce.addSubcommand(study.name(), command);
        }
    }

    @Override
    public void run() {
        List<String> papers = List.copyOf(spec.subcommands().keySet());
        String expected = papers.size() < 2 ? String.join("", papers)
                : String.join(", ", papers.subList(0, papers.size() - 1)) + " or " + papers.getLast();
        throw new ParameterException(spec.commandLine(), "a paper is required (expected: " + expected + ")");
    }
}
