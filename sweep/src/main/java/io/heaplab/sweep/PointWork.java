package io.heaplab.sweep;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.plugins.Watchdog;
import io.heaplab.core.run.PolicySizes;
import io.heaplab.core.run.RunOutcome;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.SpecException;
import java.io.File;
import java.io.Serial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * What an engine does with each point, wherever it runs: runs it with heaplab's plugins and those of the sweep's
 * plugin jars, and keeps the sweep's measures, or the one-line reason it failed. It is sent to other machines as it
 * is, so it holds only the jars' paths, their names, the measures and the plugins' time limit; each machine loads
 * the plugins once.
 *
 * @param pluginJars       the plugin jars and directories the sweep loads, as paths on the machine that runs it
 * @param jarNames         each one's file name, as a failure names it: the same wherever the jar was read from
 * @param measures         the measures its rows keep
 * @param timeLimitSeconds how long a plugin's run may take ({@link Watchdog}), 0 for no limit
 */
public record PointWork(List<String> pluginJars, List<String> jarNames, List<Measure> measures,
                        long timeLimitSeconds) implements PointTask {

    @Serial
    private static final long serialVersionUID = 1L;

    /** The plugins of each list of jars, loaded once per machine. */
    private static final ConcurrentHashMap<List<String>, Plugins> LOADED = new ConcurrentHashMap<>();

    public PointWork {
        pluginJars = List.copyOf(pluginJars);
        jarNames = List.copyOf(jarNames);
        measures = List.copyOf(measures);
        if (jarNames.size() != pluginJars.size()) {
            throw new IllegalArgumentException(jarNames.size() + " names for " + pluginJars.size()
                    + " plugin jars (expected: one each)");
        }
    }

    /** The work of {@code sweep} with the plugin jars {@code jars}, under this JVM's plugin time limit. */
    public static PointWork of(Sweep sweep, List<Path> jars) {
        return new PointWork(jars.stream().map(Path::toString).toList(),
                jars.stream().map(j -> j.getFileName() == null ? j.toString() : j.getFileName().toString()).toList(),
                sweep.measures(), Watchdog.seconds());
    }

    /** This work with each plugin jar's path made one this machine has (an engine's copy of a shipped jar). */
    public PointWork localized(UnaryOperator<String> local) {
        return new PointWork(pluginJars.stream().map(local).toList(), jarNames, measures, timeLimitSeconds);
    }

    @Override
    public Row run(Point point) {
        Plugins plugins = LOADED.computeIfAbsent(pluginJars, jars -> {
            // the limit the command was given, on whatever machine the point runs
            Watchdog.setSeconds(timeLimitSeconds);
            return Plugins.load().withJars(jars.stream().map(Path::of).toList());
        });
        Runner runner = new Runner(plugins);
        RunOutcome outcome;
        try {
            RunSpec run = point.runSpec();
            if (PolicySizes.needsFootprint(run.policies())) {
                RunSpec sized = sized(runner, run);
                if (sized == null) {
                    // the first pass failed: the run without its policy fails the same way, and says why
                    outcome = runner.attempt(run.withPolicies(List.of()));
                    return failed(point, outcome.failed() ? outcome.failure() : "the first pass failed");
                }
                run = sized;
            }
            outcome = runner.attempt(run);
        } catch (SpecException e) {
            return failed(point, e.getMessage());
        }
        if (outcome.failed()) {
            return failed(point, outcome.failure());
        }
        List<String> values = new ArrayList<>();
        try {
            for (Measure measure : measures) {
                values.add(measure.of(outcome.result()));
            }
        } catch (IllegalStateException e) {
            return failed(point, e.getMessage());
        }
        return new Row(point.index(), values, "");
    }

    /**
     * {@code run} with its policy's percentage made frames of the pages its own stream touches, counted by a first
     * pass as {@code heaplab run} counts them (deterministic: the stream the measured pass makes, so the row is the
     * same on every engine, resumed or sharded); null when that pass fails.
     */
    private static RunSpec sized(Runner runner, RunSpec run) {
        long footprint;
        try {
            footprint = PolicySizes.footprint(runner, run);
        } catch (SpecException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError | LinkageError e) {
            return null;
        }
        return run.withPolicies(PolicySizes.expand(run.policies(), footprint));
    }

    /**
     * The row of a point whose run failed: every measure empty, and the reason, a plugin jar named by its file name
     * rather than by where this machine read it from, so the row is the same wherever the point ran.
     */
    private Row failed(Point point, String reason) {
        String named = reason;
        for (int i = 0; i < pluginJars.size(); i++) {
            String jar = pluginJars.get(i);
            named = Files.isDirectory(Path.of(jar)) ? named.replace(jar + File.separator, "")
                    : named.replace(jar, jarNames.get(i));
        }
        return new Row(point.index(), Collections.nCopies(measures.size(), ""), named);
    }
}
