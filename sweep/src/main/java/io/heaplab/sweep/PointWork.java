package io.heaplab.sweep;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.RunOutcome;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.SpecException;
import java.io.Serial;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * What an engine does with each point, wherever it runs: runs it with heaplab's plugins and those of the sweep's
 * plugin jars, and keeps the sweep's measures, or the one-line reason it failed. It is sent to other machines as it
 * is, so it holds only the jars' paths and the measures; each machine loads the plugins once.
 *
 * @param pluginJars the plugin jars and directories the sweep loads, as paths on the machine that runs the point
 * @param measures   the measures its rows keep
 */
public record PointWork(List<String> pluginJars, List<Measure> measures) implements PointTask {

    @Serial
    private static final long serialVersionUID = 1L;

    /** The plugins of each list of jars, loaded once per machine. */
    private static final ConcurrentHashMap<List<String>, Plugins> LOADED = new ConcurrentHashMap<>();

    public PointWork {
        pluginJars = List.copyOf(pluginJars);
        measures = List.copyOf(measures);
    }

    /** The work of {@code sweep} with the plugin jars {@code jars}. */
    public static PointWork of(Sweep sweep, List<Path> jars) {
        return new PointWork(jars.stream().map(Path::toString).toList(), sweep.measures());
    }

    /** This work with each plugin jar's path made one this machine has (an engine's copy of a shipped jar). */
    public PointWork localized(UnaryOperator<String> local) {
        return new PointWork(pluginJars.stream().map(local).toList(), measures);
    }

    /** Runs {@code point} and gives its row; a run that fails gives a row that says why. */
    @Override
    public Row run(Point point) {
        Plugins plugins = LOADED.computeIfAbsent(pluginJars,
                jars -> Plugins.load().withJars(jars.stream().map(Path::of).toList()));
        RunOutcome outcome;
        try {
            outcome = new Runner(plugins).attempt(point.runSpec());
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

    /** The row of a point whose run failed: every measure empty, and the reason. */
    private Row failed(Point point, String reason) {
        return new Row(point.index(), java.util.Collections.nCopies(measures.size(), ""), reason);
    }
}
