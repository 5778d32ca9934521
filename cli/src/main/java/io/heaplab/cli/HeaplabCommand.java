package io.heaplab.cli;

import io.heaplab.core.spi.Plugins;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The top {@code heaplab} command; the work is done by its subcommands. */
@Command(name = "heaplab", mixinStandardHelpOptions = true, version = "heaplab 0.1.0",
        description = "A laboratory for dynamic storage allocation on a computer with virtual memory.",
        subcommands = {ListCommand.class, RunCommand.class, ReproduceCommand.class, TraceCommand.class,
            CurveCommand.class, ReportCommand.class})
public final class HeaplabCommand implements Runnable {

    private final Plugins plugins;

    @Spec
    private CommandSpec spec;

    public HeaplabCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    Plugins plugins() {
        return plugins;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is required (expected: list, run, reproduce, trace, curve or report)");
    }
}
