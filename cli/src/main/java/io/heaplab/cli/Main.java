package io.heaplab.cli;

import io.heaplab.core.files.OutputFile;
import io.heaplab.core.plugins.Failures;
import io.heaplab.core.plugins.PluginJars;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.MemoryLimits;
import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.Provenance;
import io.heaplab.reports.read.ResultFileException;
import io.heaplab.studies.Studies;
import io.heaplab.traces.TraceFormatException;
import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;

/** Entry point of the {@code heaplab} command: exit code 0 ok, 1 failure, 2 usage error. */
public final class Main {

    /** The most characters of a message an error line shows: a plugin's or a file's text may be any length. */
    private static final int LONGEST = 2000;

    public static final int OK = 0;
    public static final int FAILURE = 1;
    public static final int USAGE = 2;

    private Main() {
    }

    public static void main(String[] args) {
        // charts are drawn off screen, also on a machine with a display
        System.setProperty("java.awt.headless", "true");
        PrintWriter err = new PrintWriter(System.err, true);
        int code;
        try {
            code = execute(Plugins.load(), PluginJars.fromEnvironment(System.getenv(PluginJars.ENVIRONMENT_VARIABLE)),
                    new PrintWriter(System.out, true), err, args);
        } catch (SpecException e) {
            // a plugin on the class path is broken or two share a name
            code = fail(err, e);
        } catch (Throwable e) {
            // errors (out of memory for an enormous option, say) bypass picocli's handler; still one line
            code = fail(err, e);
        }
        System.exit(code);
    }

    /** Runs the command with the given plugins and writers, and returns its exit code; tests call this. */
    public static int execute(Plugins plugins, PrintWriter out, PrintWriter err, String... args) {
        return execute(plugins, List.of(), out, err, args);
    }

    /**
     * Runs the command as {@link #execute(Plugins, PrintWriter, PrintWriter, String...)} does, with the plugin
     * paths the environment names loaded too.
     */
    public static int execute(Plugins plugins, List<Path> environmentPlugins, PrintWriter out, PrintWriter err,
                              String... given) {
        String[] args;
        try {
            args = ArgumentFiles.expand(given);
        } catch (SpecException e) {
            return fail(err, e);
        }
        Provenance.record(args);
        CommandLine cli = commandLine(plugins, environmentPlugins);
        // set after every subcommand is added: writers and handlers reach only the subcommands present
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("heaplab: " + printable(e.getMessage()) + " (see '" + commandPath(e.getCommandLine())
                    + " --help')");
            err.flush();
            return USAGE;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> fail(err, e));
        return cli.execute(args);
    }

    /**
     * The whole command tree, a {@code reproduce} subcommand per study on the class path included, without writers
     * or handlers; tests parse with it.
     */
    public static CommandLine commandLine(Plugins plugins, List<Path> environmentPlugins) {
        CommandLine cli = new CommandLine(new HeaplabCommand(plugins, environmentPlugins));
        // ArgumentFiles has expanded every @FILE, bounded, before picocli sees the arguments
        cli.setExpandAtFiles(false);
        ReproduceCommand.addStudies(cli.getSubcommands().get("reproduce"), Studies.load());
        // descriptions made at run time, such as the trace formats' help, after every subcommand is added
        cli.setResourceBundle(new FormatHelp());
        return cli;
    }

    /**
     * Reports {@code e} on one line: a {@link SpecException}, a malformed trace or an unreadable result file is the
     * user's to fix (exit 2), anything else is a failure of the run (exit 1).
     */
    static int fail(PrintWriter err, Throwable e) {
        boolean usage = e instanceof SpecException || e instanceof TraceFormatException
                || e instanceof ResultFileException;
        err.println("heaplab: " + (usage ? "" : "error: ") + oneLine(e));
        err.flush();
        return usage ? USAGE : FAILURE;
    }

    private static String commandPath(CommandLine commandLine) {
        CommandLine parent = commandLine.getParent();
        return parent == null ? commandLine.getCommandName()
                : commandPath(parent) + " " + commandLine.getCommandName();
    }

    private static String oneLine(Throwable e) {
        if (e instanceof MemoryLimits.Refused refused) {
            return printable(MaxMemoryOption.named(refused)); // the library names no option; the command does
        }
        if (e instanceof FileSystemException f && !(e instanceof OutputFile.WriteFailure)) {
            // its message is the path alone when the system gives no reason ("r.hlt" for a file it may not read)
            return printable(f.getFile() + (f.getOtherFile() == null ? "" : ", " + f.getOtherFile()) + ": "
                    + OutputFile.reason(f));
        }
        return printable(e.getMessage() == null || e instanceof Error ? Failures.summary(e) : e.getMessage());
    }

    /** {@code message} on one printable line, at most {@link #LONGEST} characters ({@link Failures#printable}). */
    static String printable(String message) {
        return Failures.printable(message, LONGEST);
    }
}
