package io.heaplab.studies.fits;

import static io.heaplab.studies.fits.FitsStrategy.ADDRESS_ORDERED;
import static io.heaplab.studies.fits.FitsStrategy.BEST;
import static io.heaplab.studies.fits.FitsStrategy.COALESCING;
import static io.heaplab.studies.fits.FitsStrategy.FIRST;
import static io.heaplab.studies.fits.FitsStrategy.TREE;
import static io.heaplab.studies.fits.FitsStrategy.WORST;

import io.heaplab.studies.fits.FitsExperiment.Cell;
import io.heaplab.studies.fits.FitsExperiment.Measured;
import io.heaplab.studies.fits.FitsExperiment.Results;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The course report's claims (its Evaluation and Potential enhancements), each judged on the measured figures and,
 * where the report printed what the test needs, on its own table. Where the report says "generally" or "the majority
 * of sets", a claim holds in more than half the cells; where it says "across all sets", in every one.
 */
final class FitsClaims {

    static final String FIRST_FASTEST = "First fit completes the test with the greatest speed";
    static final String BEST_LEAST_MEMORY = "Best fit generally consumes the least memory";
    static final String WORST_SLOWEST_LARGEST = "Worst fit takes the longest and uses the most memory";
    static final String SUPERLINEAR = "Time grows faster than the load: the lists make every call O(n)";
    static final String COALESCING_HELPS = "Merging neighbouring free blocks lessens fragmentation";
    static final String ADDRESS_ORDER_HELPS = "Address-ordered first fit reduces fragmentation (Johnstone and Wilson)";
    static final String TREE_LOG_N = "A balanced tree of free blocks makes first fit O(log n)";

    private FitsClaims() {
    }

    static List<Claim> check(Results results) {
        FitsFigures measured = FitsFigures.measured(results);
        FitsFigures published = FitsFigures.published(results);
        boolean paperHasCells = !published.loads().isEmpty();
        List<Claim> claims = new ArrayList<>();
        claims.add(Claim.judge(FIRST_FASTEST, "strictly the least cost in every cell", FitsClaims::firstFastest,
                measured, paperHasCells ? published : null));
        claims.add(Claim.judge(BEST_LEAST_MEMORY, "the least RSS (ties count) in more than half the cells",
                FitsClaims::bestLeastMemory, measured, paperHasCells ? published : null));
        claims.add(Claim.judge(WORST_SLOWEST_LARGEST, "the most cost and the most RSS (ties count), each in more than"
                + " half the cells", FitsClaims::worstSlowestLargest, measured, paperHasCells ? published : null));
        claims.add(Claim.judge(SUPERLINEAR, "every fit's whole cost grows by more than the loads' ratio",
                FitsClaims::superlinear, measured, published.loads().size() >= 2 ? published : null));
        String fragmentation = "fragmentation strictly below first fit's in more than half the cells";
        claims.add(Claim.judge(COALESCING_HELPS, fragmentation, r -> lessFragmented(r, COALESCING), results, null));
        claims.add(Claim.judge(ADDRESS_ORDER_HELPS, fragmentation, r -> lessFragmented(r, ADDRESS_ORDERED), results,
                null));
        claims.add(Claim.judge(TREE_LOG_N, "searches per call grow at most 2 x (1 + log2 of the loads' ratio)",
                FitsClaims::treeLogarithmic, results, null));
        return claims;
    }

    /** Cells with the three fits on this side. */
    private static List<int[]> cells(FitsFigures f) {
        List<int[]> cells = new ArrayList<>();
        for (int l = 0; l < f.loads().size(); l++) {
            for (int t = 0; t < f.types().size(); t++) {
                int load = f.loads().get(l);
                String type = f.types().get(t);
                if (f.has(load, type, FIRST) && f.has(load, type, BEST) && f.has(load, type, WORST)) {
                    cells.add(new int[] {l, t});
                }
            }
        }
        return cells;
    }

    /** A test of one cell of {@code f}. */
    private interface CellTest {
        boolean holds(FitsFigures f, int load, String type);
    }

    /** In how many of {@code f}'s cells {@code test} holds, and the cells where it does not. */
    private static Verdict count(FitsFigures f, CellTest test, boolean everyCell, String what) {
        List<int[]> cells = cells(f);
        int holding = 0;
        List<String> not = new ArrayList<>();
        for (int[] cell : cells) {
            int load = f.loads().get(cell[0]);
            String type = f.types().get(cell[1]);
            if (test.holds(f, load, type)) {
                holding++;
            } else {
                not.add(load + " " + type);
            }
        }
        boolean holds = !cells.isEmpty() && (everyCell ? holding == cells.size() : 2 * holding > cells.size());
        return new Verdict(holds, what + " in " + holding + " of " + cells.size() + " cells"
                + (not.isEmpty() ? "" : " (not: " + String.join(", ", not) + ")"));
    }

    static Verdict firstFastest(FitsFigures f) {
        return count(f, (s, l, t) -> s.cost(l, t, FIRST) < s.cost(l, t, BEST)
                && s.cost(l, t, FIRST) < s.cost(l, t, WORST), true, "first fit's " + f.costUnit() + " the least");
    }

    static Verdict bestLeastMemory(FitsFigures f) {
        return count(f, (s, l, t) -> s.memoryKB(l, t, BEST) <= s.memoryKB(l, t, FIRST)
                && s.memoryKB(l, t, BEST) <= s.memoryKB(l, t, WORST), false, "best fit's RSS the least");
    }

    static Verdict worstSlowestLargest(FitsFigures f) {
        Verdict slowest = count(f, (s, l, t) -> s.cost(l, t, WORST) >= Math.max(s.cost(l, t, FIRST),
                s.cost(l, t, BEST)), false, "worst fit's " + f.costUnit() + " the most");
        Verdict largest = count(f, (s, l, t) -> s.memoryKB(l, t, WORST) >= Math.max(s.memoryKB(l, t, FIRST),
                s.memoryKB(l, t, BEST)), false, "its RSS the most");
        return new Verdict(slowest.holds() && largest.holds(), slowest.evidence() + "; " + largest.evidence());
    }

    /** Each fit's whole cost at the largest load over the smallest, against the loads' ratio. */
    static Verdict superlinear(FitsFigures f) {
        if (f.loads().size() < 2) {
            return Verdict.notTested("one load was run, and growth needs two");
        }
        int small = f.loads().stream().mapToInt(Integer::intValue).min().orElseThrow();
        int large = f.loads().stream().mapToInt(Integer::intValue).max().orElseThrow();
        double loadRatio = (double) large / small;
        int growing = 0;
        int pairs = 0;
        List<String> ratios = new ArrayList<>();
        for (String type : f.types()) {
            for (FitsStrategy fit : List.of(FIRST, BEST, WORST)) {
                if (!f.has(small, type, fit) || !f.has(large, type, fit)) {
                    continue;
                }
                double ratio = f.totalCost(large, type, fit) / f.totalCost(small, type, fit);
                pairs++;
                if (ratio > loadRatio) {
                    growing++;
                }
                ratios.add(String.format(Locale.ROOT, "%s %s x%.1f", type, fit.key, ratio));
            }
        }
        return new Verdict(pairs > 0 && growing == pairs, String.format(Locale.ROOT,
                "load x%.1f, cost x more than that in %d of %d: %s", loadRatio, growing, pairs,
                String.join(", ", ratios)));
    }

    /** Whether {@code better}'s fragmentation (Johnstone and Wilson's fourth) is below first fit's in most cells. */
    private static Verdict lessFragmented(Results results, FitsStrategy better) {
        return majority(results, FIRST, better, Measured::fragmentation, "fragmentation (heap over live at the peaks)",
                "%.2f");
    }

    private static Verdict majority(Results results, FitsStrategy base, FitsStrategy better,
                                    ToDoubleFunction<Measured> measure, String what, String format) {
        int cells = 0;
        int lower = 0;
        List<String> figures = new ArrayList<>();
        for (Cell cell : results.cells()) {
            Measured b = cell.measured().get(base);
            Measured e = cell.measured().get(better);
            if (b == null || e == null) {
                continue;
            }
            cells++;
            double baseValue = measure.applyAsDouble(b);
            double betterValue = measure.applyAsDouble(e);
            if (betterValue < baseValue) {
                lower++;
            }
            figures.add(cell.load() + " " + cell.type() + " " + String.format(Locale.ROOT, format, betterValue)
                    + " vs " + String.format(Locale.ROOT, format, baseValue));
        }
        return new Verdict(cells > 0 && 2 * lower > cells, better.title + "'s " + what + " below " + base.title
                + "'s in " + lower + " of " + cells + " cells: " + String.join(", ", figures));
    }

    /**
     * Brent's tree: its searches per call grow no faster than the logarithm of the load (within a factor of two of
     * log2 of the loads' ratio plus one), while the report's first fit's may grow with the load itself.
     */
    private static Verdict treeLogarithmic(Results results) {
        List<Integer> loads = results.config().loads();
        int small = loads.stream().mapToInt(Integer::intValue).min().orElseThrow();
        int large = loads.stream().mapToInt(Integer::intValue).max().orElseThrow();
        double bound = 2 * (1 + Math.log((double) large / small) / Math.log(2));
        List<String> figures = new ArrayList<>();
        boolean holds = true;
        int compared = 0;
        for (String type : results.config().types()) {
            Measured smallRun = find(results, small, type);
            Measured largeRun = find(results, large, type);
            if (smallRun == null || largeRun == null) {
                continue;
            }
            compared++;
            double growth = largeRun.searchesPerCall() / smallRun.searchesPerCall();
            holds &= growth <= bound;
            figures.add(String.format(Locale.ROOT, "%s %.2f -> %.2f", type, smallRun.searchesPerCall(),
                    largeRun.searchesPerCall()));
        }
        return new Verdict(compared > 0 && holds, String.format(Locale.ROOT,
                "brent-ff's searches per call from load %d to %d (bound x%.1f): %s", small, large, bound,
                String.join(", ", figures)));
    }

    private static Measured find(Results results, int load, String type) {
        for (Cell cell : results.cells()) {
            if (cell.load() == load && cell.type().equals(type)) {
                return cell.measured().get(TREE);
            }
        }
        return null;
    }
}
