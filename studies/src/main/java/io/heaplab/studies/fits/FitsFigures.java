package io.heaplab.studies.fits;

import io.heaplab.studies.fits.FitsExperiment.Cell;
import io.heaplab.studies.fits.FitsExperiment.Measured;
import io.heaplab.studies.fits.FitsExperiment.Results;
import java.util.List;

/**
 * One side of the report's table, measured or published, as the claims read it: a claim's test is written once
 * against this view and applied to both. Its cost is the report's time on the published side and searches on the
 * measured one (deterministic, and what the report's O(n) argument counts); its memory is RSS on both.
 */
interface FitsFigures {

    /** The loads and types this side has, in the order run or printed. */
    List<Integer> loads();

    List<String> types();

    /** Whether this side has a figure for {@code strategy} at {@code load} and {@code type}. */
    boolean has(int load, String type, FitsStrategy strategy);

    /** The cost per call: searches per call measured, ms per call published. */
    double cost(int load, String type, FitsStrategy strategy);

    /** The cost of the whole test: searches measured, ms published. */
    double totalCost(int load, String type, FitsStrategy strategy);

    /** The resident set, KB. */
    double memoryKB(int load, String type, FitsStrategy strategy);

    /** The unit of {@link #cost}, for evidence. */
    String costUnit();

    /** The measured figures of {@code results}. */
    static FitsFigures measured(Results results) {
        return new FitsFigures() {
            private Measured m(int load, String type, FitsStrategy strategy) {
                for (Cell cell : results.cells()) {
                    if (cell.load() == load && cell.type().equals(type)) {
                        return cell.measured().get(strategy);
                    }
                }
                return null;
            }

            @Override
            public List<Integer> loads() {
                return results.config().loads();
            }

            @Override
            public List<String> types() {
                return results.config().types();
            }

            @Override
            public boolean has(int load, String type, FitsStrategy strategy) {
                return m(load, type, strategy) != null;
            }

            @Override
            public double cost(int load, String type, FitsStrategy strategy) {
                return m(load, type, strategy).searchesPerCall();
            }

            @Override
            public double totalCost(int load, String type, FitsStrategy strategy) {
                return m(load, type, strategy).searches();
            }

            @Override
            public double memoryKB(int load, String type, FitsStrategy strategy) {
                return m(load, type, strategy).residentKB();
            }

            @Override
            public String costUnit() {
                return "searches per call";
            }
        };
    }

    /** The report's figures, at the loads and types of {@code results} it has. */
    static FitsFigures published(Results results) {
        FitsPaper paper = results.paper();
        return new FitsFigures() {
            @Override
            public List<Integer> loads() {
                return results.config().loads().stream()
                        .filter(l -> paper.figures(l, "int", "first") != null).toList();
            }

            @Override
            public List<String> types() {
                return results.config().types();
            }

            @Override
            public boolean has(int load, String type, FitsStrategy strategy) {
                return strategy.reported() && paper.figures(load, type, strategy.key) != null;
            }

            @Override
            public double cost(int load, String type, FitsStrategy strategy) {
                // the report's test made 3 calls per load: a free block generated, an allocation, a deallocation
                return totalCost(load, type, strategy) / (3.0 * load);
            }

            @Override
            public double totalCost(int load, String type, FitsStrategy strategy) {
                return paper.figures(load, type, strategy.key).ms();
            }

            @Override
            public double memoryKB(int load, String type, FitsStrategy strategy) {
                return paper.figures(load, type, strategy.key).rssKB();
            }

            @Override
            public String costUnit() {
                return "ms per call";
            }
        };
    }
}
