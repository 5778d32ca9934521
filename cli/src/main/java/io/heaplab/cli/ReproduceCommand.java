package io.heaplab.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code heaplab reproduce}: reruns a paper's experiments and sets measured figures beside published ones. */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = "Reproduce a paper's tables by running its experiments.",
        subcommands = {ReproduceBrentCommand.class, ReproducePurdomCommand.class})
final class ReproduceCommand implements Runnable {

    @ParentCommand
    private HeaplabCommand parent;

    @Spec
    private CommandSpec spec;

    HeaplabCommand parent() {
        return parent;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a paper is required (expected: brent or purdom)");
    }
}
