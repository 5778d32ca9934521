package io.heaplab.studies.carr;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A deterministic search for positive factors: a coarse grid first, every point of it at once (so a caller may run
 * them in parallel), to find the basin; then, from the grid's best point, a Nelder-Mead simplex (Nelder &amp; Mead,
 * The Computer Journal 1965) in log space, where a factor's halving and doubling are steps of one size: the simplex
 * reflects its worst point through the others' centroid, expands along a good direction, contracts from a bad one
 * and shrinks towards its best point, so it follows a valley in which the factors must move together (a faster
 * device with more frequent I/O, say), which searching one factor at a time cannot. Every point is rounded to three significant digits and kept in
 * its range, so the factors it prints give the same runs when typed back; each point is evaluated once. The same
 * start, ranges and loss give the same probes and the same answer.
 */
final class LogSearch {

    /**
     * A factor searched for.
     *
     * @param name  what it is
     * @param grid  the values the first, coarse stage tries
     * @param least its smallest value
     * @param most  its largest
     */
    record Knob(String name, List<Double> grid, double least, double most) {
        Knob {
            grid = List.copyOf(grid);
            if (!(least > 0) || !(most >= least) || grid.isEmpty()
                    || grid.stream().anyMatch(g -> !(g >= least && g <= most))) {
                throw new IllegalArgumentException("knob " + name + ": grid " + grid + " in " + least + ".." + most
                        + " (expected: 0 < least <= every grid value <= most)");
            }
        }

        double clamp(double x) {
            return Math.max(least, Math.min(most, round(x)));
        }
    }

    /**
     * What the search found.
     *
     * @param best   the factors of the least loss, in the knobs' order
     * @param loss   the loss there
     * @param probes points evaluated, each once
     */
    record Found(double[] best, double loss, int probes) {
    }

    private final List<Knob> knobs;
    private final double firstStep;
    private final double finestStep;
    private final int maxProbes;

    /**
     * @param firstStep  the initial simplex's vertices are the start with one factor multiplied by this (above 1)
     * @param finestStep the search stops once every vertex is within this factor of the best (above 1)
     * @param maxProbes  and in any case after this many points
     */
    LogSearch(List<Knob> knobs, double firstStep, double finestStep, int maxProbes) {
        if (knobs.isEmpty() || !(firstStep > finestStep) || !(finestStep > 1) || maxProbes < gridSize(knobs)) {
            throw new IllegalArgumentException("a search of " + knobs.size() + " knobs, steps " + firstStep + " to "
                    + finestStep + ", " + maxProbes + " probes (expected: knobs, first step > finest step > 1, a"
                    + " probe for every point of the grid)");
        }
        this.knobs = List.copyOf(knobs);
        this.firstStep = firstStep;
        this.finestStep = finestStep;
        this.maxProbes = maxProbes;
    }

    private static int gridSize(List<Knob> knobs) {
        return knobs.stream().mapToInt(k -> k.grid().size()).reduce(1, (a, b) -> a * b);
    }

    /** Every point of the knobs' grids, the first knob's values varying slowest. */
    private List<double[]> grid() {
        List<double[]> points = new ArrayList<>(List.of(new double[0]));
        for (Knob knob : knobs) {
            List<double[]> next = new ArrayList<>();
            for (double[] p : points) {
                for (double g : knob.grid()) {
                    double[] q = Arrays.copyOf(p, p.length + 1);
                    q[p.length] = knob.clamp(g);
                    next.add(q);
                }
            }
            points = next;
        }
        return points;
    }

    /** {@code x} to three significant digits. */
    static double round(double x) {
        return new BigDecimal(x).round(new MathContext(3)).doubleValue();
    }

    /** A vertex: its factors and its loss. */
    private record Vertex(double[] x, double loss) {
    }

    /** Minimizes the loss {@code evaluate} gives each point of a batch (the losses in the batch's order). */
    Found minimize(Function<List<double[]>, double[]> evaluate) {
        Map<String, Double> seen = new LinkedHashMap<>();
        int n = knobs.size();
        List<double[]> grid = grid();
        double[] gridLosses = evaluate(grid, evaluate, seen);
        int first = 0;
        for (int i = 1; i < grid.size(); i++) {
            first = gridLosses[i] < gridLosses[first] ? i : first; // the first of equals: the same on every run
        }
        List<double[]> initial = new ArrayList<>();
        double[] start = grid.get(first);
        initial.add(start);
        for (int k = 0; k < n; k++) {
            double[] v = start.clone();
            Knob knob = knobs.get(k);
            // away from the nearer bound, so that every vertex differs from the start
            v[k] = knob.clamp(start[k] * firstStep) != start[k] ? knob.clamp(start[k] * firstStep)
                    : knob.clamp(start[k] / firstStep);
            initial.add(v);
        }
        double[] losses = evaluate(initial, evaluate, seen);
        List<Vertex> simplex = new ArrayList<>();
        for (int i = 0; i <= n; i++) {
            simplex.add(new Vertex(initial.get(i), losses[i]));
        }
        Comparator<Vertex> order = Comparator.comparingDouble(Vertex::loss);
        while (seen.size() < maxProbes) {
            simplex.sort(order);
            if (spread(simplex) < Math.log(finestStep)) {
                break;
            }
            Vertex worst = simplex.get(n);
            double[] centroid = new double[n];
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < n; k++) {
                    centroid[k] += Math.log(simplex.get(i).x()[k]) / n;
                }
            }
            Vertex reflected = at(along(centroid, worst.x(), 1), evaluate, seen);
            if (reflected.loss() < simplex.getFirst().loss()) {
                Vertex expanded = at(along(centroid, worst.x(), 2), evaluate, seen);
                simplex.set(n, expanded.loss() < reflected.loss() ? expanded : reflected);
            } else if (reflected.loss() < simplex.get(n - 1).loss()) {
                simplex.set(n, reflected);
            } else {
                boolean outside = reflected.loss() < worst.loss();
                Vertex contracted = at(along(centroid, worst.x(), outside ? 0.5 : -0.5), evaluate, seen);
                if (contracted.loss() < Math.min(worst.loss(), reflected.loss())) {
                    simplex.set(n, contracted);
                } else {
                    // shrink towards the best vertex
                    double[] best = simplex.getFirst().x();
                    List<double[]> shrunk = new ArrayList<>();
                    for (int i = 1; i <= n; i++) {
                        double[] v = new double[n];
                        for (int k = 0; k < n; k++) {
                            v[k] = knobs.get(k).clamp(Math.sqrt(best[k] * simplex.get(i).x()[k]));
                        }
                        shrunk.add(v);
                    }
                    double[] l = evaluate(shrunk, evaluate, seen);
                    boolean moved = false;
                    for (int i = 1; i <= n; i++) {
                        moved |= !Arrays.equals(shrunk.get(i - 1), simplex.get(i).x());
                        simplex.set(i, new Vertex(shrunk.get(i - 1), l[i - 1]));
                    }
                    if (!moved) {
                        break; // the rounding holds every vertex where it is: as fine as the search goes
                    }
                }
            }
        }
        simplex.sort(order);
        return new Found(simplex.getFirst().x(), simplex.getFirst().loss(), seen.size());
    }

    /** The point {@code t} of the way from the centroid through and beyond the reflection of {@code worst}. */
    private double[] along(double[] centroid, double[] worst, double t) {
        double[] x = new double[centroid.length];
        for (int k = 0; k < x.length; k++) {
            x[k] = knobs.get(k).clamp(Math.exp(centroid[k] + t * (centroid[k] - Math.log(worst[k]))));
        }
        return x;
    }

    /** The largest log-distance of a vertex from the best along any factor. */
    private static double spread(List<Vertex> simplex) {
        double spread = 0;
        double[] best = simplex.getFirst().x();
        for (Vertex v : simplex) {
            for (int k = 0; k < best.length; k++) {
                spread = Math.max(spread, Math.abs(Math.log(v.x()[k] / best[k])));
            }
        }
        return spread;
    }

    private static Vertex at(double[] x, Function<List<double[]>, double[]> evaluate, Map<String, Double> seen) {
        return new Vertex(x, evaluate(List.of(x), evaluate, seen)[0]);
    }

    /** The losses of {@code points}, each evaluated once however often the search comes back to it. */
    private static double[] evaluate(List<double[]> points, Function<List<double[]>, double[]> evaluate,
                                     Map<String, Double> seen) {
        List<double[]> fresh = new ArrayList<>();
        for (double[] p : points) {
            if (!seen.containsKey(Arrays.toString(p)) && fresh.stream().noneMatch(f -> Arrays.equals(f, p))) {
                fresh.add(p);
            }
        }
        if (!fresh.isEmpty()) {
            double[] losses = evaluate.apply(fresh);
            for (int i = 0; i < fresh.size(); i++) {
                seen.put(Arrays.toString(fresh.get(i)), losses[i]);
            }
        }
        return points.stream().mapToDouble(p -> seen.get(Arrays.toString(p))).toArray();
    }
}
