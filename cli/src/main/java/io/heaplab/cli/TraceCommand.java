package io.heaplab.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code heaplab trace}: writes a run's page references to a file, replays files through policies, and converts
 * traces to heaplab's binary format.
 */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = "Record a run's page-reference stream to a file, replay a trace through policies, convert"
                + " a trace to heaplab's binary format, count what a trace holds, or generate a synthetic one.",
        subcommands = {TraceRecordCommand.class, TraceReplayCommand.class, TraceConvertCommand.class,
            TraceInfoCommand.class, TraceGenerateCommand.class})
final class TraceCommand implements Runnable {

    @ParentCommand
    private HeaplabCommand parent;

    @Spec
    private CommandSpec spec;

    HeaplabCommand parent() {
        return parent;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is required (expected: record, replay, convert, info or generate)");
    }
}
