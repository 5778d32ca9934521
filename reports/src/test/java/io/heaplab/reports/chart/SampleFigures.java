package io.heaplab.reports.chart;

import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Marker;
import io.heaplab.reports.model.Series;
import java.util.List;

/** One made-up figure of each kind heaplab draws, shaped like the real ones. */
final class SampleFigures {

    private SampleFigures() {
    }

    /** Published values beside measured ones, as the report builds them. */
    static Series paper(String base, double[] x, double[] y) {
        return new Series(base + SeriesColours.PAPER_SUFFIX, Series.Style.POINTS, x, y, new double[0]);
    }

    /** Faults against frames for three strategies on a log y axis, one working-set marker beyond the last frame. */
    static Figure faultCurves() {
        double[] frames = {1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64};
        return Figure.lines("fault-curves", "Page faults against memory size", Axis.linear("frames"),
                new Axis("page faults", true),
                List.of(Series.line("lru", frames, faults(frames, 1.0)),
                        Series.line("fifo", frames, faults(frames, 1.3)),
                        Series.line("opt", frames, faults(frames, 0.6))),
                List.of(new Marker("WS θ=1000 (paper)", 14), new Marker("WS θ=10000 (paper)", 80)));
    }

    /** Faults normalized to the optimum per strategy, as bars, with the paper's values as points. */
    static Figure normalizedFaults() {
        List<String> strategies = List.of("first-fit:order=lifo", "first-fit:order=fifo", "first-fit:order=address",
                "best-fit", "next-fit", "worst-fit", "buddy", "segregated:classes=8");
        return Figure.bars("normalized-faults", "Faults relative to the optimal policy", "strategy",
                Axis.linear("faults / optimal"), strategies,
                List.of(Series.bars("faults / optimal", new double[] {1.8, 1.6, 1.3, 1.25, 2.1, 2.6, 1.9, 1.4},
                                new double[0]),
                        paper("faults / optimal", new double[0],
                                new double[] {1.7, Double.NaN, 1.35, 1.2, 2.2, 2.5, Double.NaN, Double.NaN})));
    }

    /** Purdom's space utilization against lambda: a line per strategy, with published points, two at one lambda. */
    static Figure purdom() {
        double[] lambda = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9};
        return Figure.lines("purdom-utilization", "Space utilization against λ", Axis.linear("λ"),
                Axis.linear("space utilization"),
                List.of(Series.line("first-fit", lambda, utilization(lambda, 0.80)),
                        Series.line("best-fit", lambda, utilization(lambda, 0.85)),
                        Series.line("buddy", lambda, utilization(lambda, 0.65)),
                        paper("first-fit", new double[] {0.2, 0.5, 0.5, 0.8}, new double[] {0.75, 0.7, 0.72, 0.66}),
                        paper("best-fit", new double[] {0.2, 0.5, 0.8}, new double[] {0.8, 0.76, 0.7})),
                List.of());
    }

    /** The working set's lifetime curve: mean time between faults against mean resident pages, many points. */
    static Figure lifetime() {
        int n = 40;
        double[] resident = new double[n];
        double[] ws = new double[n];
        double[] pff = new double[n];
        for (int i = 0; i < n; i++) {
            // windows that differ little give the same mean resident size: x values repeat
            resident[i] = 2 + Math.floor(i * 1.5);
            ws[i] = 10 + 400 / (1 + Math.exp(-(resident[i] - 30) / 6));
            pff[i] = 8 + 360 / (1 + Math.exp(-(resident[i] - 34) / 7));
        }
        return Figure.lines("ws-lifetime", "Lifetime curve", Axis.linear("mean resident pages"),
                Axis.linear("lifetime (references per fault)"),
                List.of(Series.line("ws", resident, ws), Series.line("pff", resident, pff)), List.of());
    }

    /** Faults against the working-set window on a log x axis. */
    static Figure faultsAgainstTheta() {
        double[] theta = {1, 3, 10, 30, 100, 300, 1000, 3000, 10000, 30000, 100000};
        double[] faults = new double[theta.length];
        for (int i = 0; i < theta.length; i++) {
            faults[i] = 200 + 90000 / Math.sqrt(theta[i]);
        }
        return Figure.lines("ws-theta", "Faults against the window θ", new Axis("θ (references)", true),
                Axis.fitting("page faults", faults), List.of(Series.line("ws", theta, faults)),
                List.of(new Marker("θ=1000 (paper)", 1000)));
    }

    /** JMH time per operation relative to malloc, with the score error as error bars. */
    static Figure jmhRatio() {
        return Figure.bars("jmh-ratio", "Time per allocation relative to malloc", "allocator",
                Axis.linear("ns/op ÷ malloc"), List.of("malloc", "first-fit", "best-fit", "buddy", "segregated"),
                List.of(Series.bars("ns/op ÷ malloc", new double[] {1.0, 2.4, 3.1, 1.2, 0.8},
                        new double[] {0.05, 0.3, 0.4, 0.1, 0.06})));
    }

    /** Every sample, for checks that hold for all of them. */
    static List<Figure> all() {
        return List.of(faultCurves(), normalizedFaults(), purdom(), lifetime(), faultsAgainstTheta(), jmhRatio());
    }

    private static double[] faults(double[] frames, double locality) {
        double[] faults = new double[frames.length];
        for (int i = 0; i < frames.length; i++) {
            faults[i] = 300 + 60000 / Math.pow(frames[i], 1 + locality);
        }
        return faults;
    }

    private static double[] utilization(double[] lambda, double top) {
        double[] u = new double[lambda.length];
        for (int i = 0; i < lambda.length; i++) {
            u[i] = top - 0.2 * lambda[i] * lambda[i];
        }
        return u;
    }
}
