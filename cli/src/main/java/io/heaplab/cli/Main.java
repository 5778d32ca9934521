package io.heaplab.cli;

import io.heaplab.core.spi.Plugins;
import java.io.PrintWriter;
import picocli.CommandLine;

/** Entry point of the {@code heaplab} command: exit code 0 ok, 1 failure, 2 usage error. */
public final class Main {

    public static final int OK = 0;
    public static final int FAILURE = 1;
    public static final int USAGE = 2;

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(execute(Plugins.load(), new PrintWriter(System.out, true), new PrintWriter(System.err, true),
                args));
    }

    /** Runs the command with the given plugins and writers, and returns its exit code; tests call this. */
    public static int execute(Plugins plugins, PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new HeaplabCommand(plugins));
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("heaplab: " + e.getMessage() + " (see 'heaplab " + commandPath(e.getCommandLine())
                    + " --help')");
            err.flush();
            return USAGE;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            // Bad specs and option values are the user's to fix; anything else is a failure of the run.
            boolean usage = e instanceof IllegalArgumentException;
            err.println("heaplab: " + (usage ? "" : "error: ") + oneLine(e));
            err.flush();
            return usage ? USAGE : FAILURE;
        });
        return cli.execute(args);
    }

    private static String commandPath(CommandLine commandLine) {
        String name = commandLine.getCommandName();
        CommandLine parent = commandLine.getParent();
        return parent == null ? "" : (commandPath(parent) + " " + name).strip();
    }

    private static String oneLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse(message);
    }
}
