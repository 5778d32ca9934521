package io.heaplab.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code heaplab malloc}: real programs' malloc traces: replays them through strategies, and (with the trace
 * formats) captures and converts them.
 */
@Command(name = "malloc", mixinStandardHelpOptions = true,
        description = "Replay a real program's malloc trace through strategies: time, footprint, fragmentation and"
                + " the fault curve of the allocator's own references.",
        subcommands = {MallocCaptureCommand.class, MallocReplayCommand.class, MallocNativeCommand.class,
            MallocConvertCommand.class})
final class MallocCommand implements Runnable {

    @ParentCommand
    private HeaplabCommand parent;

    @Spec
    private CommandSpec spec;

    HeaplabCommand parent() {
        return parent;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is required (expected: capture, replay, native or convert)");
    }
}
