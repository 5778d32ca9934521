package io.heaplab.cli;

import io.heaplab.core.plugins.PluginJars;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.plugins.Watchdog;
import io.heaplab.core.spi.SpecException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** The top {@code heaplab} command; the work is done by its subcommands. */
@Command(name = "heaplab", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "A laboratory for dynamic storage allocation on a computer with virtual memory.",
        subcommands = {ListCommand.class, RunCommand.class, ReproduceCommand.class, TraceCommand.class,
            CurveCommand.class, SweepCommand.class, ReportCommand.class, MallocCommand.class, AutoComplete.GenerateCompletion.class})
public final class HeaplabCommand implements Runnable {

    private final Plugins builtIns;
    private final List<Path> environmentPlugins;
    private Plugins plugins;

    @Spec
    private CommandSpec spec;

    // inherited, so it may follow any subcommand; picocli sets this one field wherever it is given
    @Option(names = "--plugins", paramLabel = "PATH", scope = ScopeType.INHERIT,
            description = "A plugin jar, or a directory of jars, whose allocators, policies and workloads join the "
                    + "built-in ones; repeatable. $" + PluginJars.ENVIRONMENT_VARIABLE + " names more, separated "
                    + "like a class path.")
    private List<Path> pluginPaths = new ArrayList<>();

    // inherited too: every command may load plugins, and those that run them give each run the same limit
    @Option(names = "--plugin-time-limit", paramLabel = "SECONDS", scope = ScopeType.INHERIT,
            defaultValue = "" + Watchdog.DEFAULT_SECONDS,
            description = "Seconds a plugin's loading, run or replay may take before it fails, named, and heaplab"
                    + " goes on; 0 for no limit (default: ${DEFAULT-VALUE}).")
    private long pluginTimeLimit;

    /**
     * @param builtIns           the plugins on heaplab's class path
     * @param environmentPlugins the plugin paths {@value PluginJars#ENVIRONMENT_VARIABLE} names, loaded before
     *                           those of {@code --plugins}
     */
    public HeaplabCommand(Plugins builtIns, List<Path> environmentPlugins) {
        this.builtIns = builtIns;
        this.environmentPlugins = List.copyOf(environmentPlugins);
    }

    /** The built-ins and every plugin jar named, loaded and checked the first time a command asks. */
    Plugins plugins() {
        if (plugins == null) {
            if (pluginTimeLimit < 0) {
                throw new SpecException("--plugin-time-limit " + pluginTimeLimit
                        + " (expected: 0 for no limit, or a number of seconds)");
            }
            Watchdog.setSeconds(pluginTimeLimit);
            plugins = builtIns.withJars(pluginPaths());
        }
        return plugins;
    }

    /** The plugin jars and directories every command loads: the environment's, then those of {@code --plugins}. */
    List<Path> pluginPaths() {
        List<Path> paths = new ArrayList<>(environmentPlugins);
        paths.addAll(pluginPaths);
        return paths;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is required (expected: list, run, reproduce, trace, curve, sweep, report or malloc)");
    }
}
