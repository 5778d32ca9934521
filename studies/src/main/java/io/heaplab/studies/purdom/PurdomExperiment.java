package io.heaplab.studies.purdom;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.spi.Spec;
import io.heaplab.reports.Summary;
import io.heaplab.studies.Outcome;
import io.heaplab.studies.kit.BatchReproduction;
import io.heaplab.studies.kit.ParameterException;
import io.heaplab.studies.kit.RunBatch;
import io.heaplab.studies.kit.Seeds;
import io.heaplab.studies.kit.TabulatedOutcome;
import io.heaplab.studies.purdom.PurdomPaper.Cell;
import io.heaplab.studies.purdom.PurdomPaper.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SequencedMap;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The experiments of Purdom, Stigler &amp; Cheam's Tables 1-3: every (memory, lambda, c) cell under segregated
 * storage, first fit and the buddy system, repeated over seeds. The three methods see the same requests on a seed:
 * the workload draws each request's arrival, size and lifetime whether or not it is filled.
 */
public final class PurdomExperiment extends BatchReproduction {

    /** The paper's runs end after this many filled requests. */
    public static final int FULL_REQUESTS = 1600;
    /** Heap pages play no part here; the memory is counted in 16-byte cells. */
    static final int PAGE_SIZE = Heap.DEFAULT_PAGE_SIZE;

    /**
     * What to run.
     *
     * @param seeds    one run per seed for every cell and method
     * @param tables   which of Tables 1, 2, 3
     * @param requests filled requests per run (the paper's: 1600)
     * @param threads  runs at a time
     * @param firstFit the allocator spec that plays the paper's first fit (address-ordered {@code first-fit} by
     *                 default; the paper does not say how its list was kept)
     */
    public record Config(Seeds seeds, SortedSet<Integer> tables, int requests, int threads, String firstFit) {
        public Config {
            tables = new TreeSet<>(tables);
            if (tables.isEmpty() || tables.first() < 1 || tables.last() > 3) {
                throw new ParameterException("tables", tables + " (expected: some of 1, 2, 3)");
            }
            if (requests < 1) {
                throw new ParameterException("requests", requests + " (expected: at least 1)");
            }
        }

        boolean fullSize() {
            return requests == FULL_REQUESTS;
        }

        /** The allocator spec that plays {@code method}. */
        public String strategy(Method method) {
            return method == Method.FIRST_FIT ? firstFit : method.allocator;
        }
    }

    /** Purdom's space utilization of one run: requests received over requests filled, the inverse of its share. */
    static double ratio(RunResult run) {
        return run.allocations() == 0 ? Double.NaN : (double) run.requests() / run.allocations();
    }

    /**
     * One method's measures in one cell, over the seeds.
     *
     * @param ratio                 requests received over requests filled
     * @param searches              mean list elements examined per request
     * @param internalFragmentation held beyond the request, as a fraction of the footprint
     * @param externalFragmentation free below the footprint, as a fraction of it
     * @param runs                  the runs, one per seed
     */
    public record Measured(Summary ratio, Summary searches, Summary internalFragmentation,
                           Summary externalFragmentation, List<RunResult> runs) {
    }

    /**
     * A cell of a table of memory {@code memoryCells}: what the paper printed and what the runs measured; a method
     * whose strategy failed has no measures.
     */
    public record Row(int memoryCells, Cell cell, String workload, Map<Method, Measured> measured) {
    }

    /** One table's rows, in the paper's order. */
    public record TableResult(PurdomPaper.Table table, List<Row> rows) {
    }

    /**
     * The whole study.
     *
     * @param failed the strategies a run of which failed, with the first reason; their methods are not measured
     */
    public record Results(Config config, PurdomPaper paper, List<TableResult> tables,
                          SequencedMap<String, String> failed) {

        /** The methods measured in every cell: those whose strategy did not fail. */
        public List<Method> measured() {
            return Arrays.stream(Method.values()).filter(m -> !failed.containsKey(config.strategy(m))).toList();
        }
    }

    private final Config config;
    private final PurdomPaper paper;

    public PurdomExperiment(Config config, PurdomPaper paper) {
        this.config = config;
        this.paper = paper;
    }

    /** The workload spec of a cell of {@code table}. */
    String workload(PurdomPaper.Table table, Cell cell) {
        return String.format(Locale.ROOT, "purdom:lambda=%s,c=%s,memory=%d,requests=%d",
                Spec.number(cell.lambda()), Spec.number(cell.c()), table.memoryCells(),
                config.requests());
    }

    private List<PurdomPaper.Table> chosenTables() {
        return paper.tables().stream().filter(t -> config.tables().contains(t.number())).toList();
    }

    @Override
    protected int threads() {
        return config.threads();
    }

    @Override
    protected Outcome outcome(RunBatch batch) {
        Results results = tabulate(batch);
        return new TabulatedOutcome<>(results, PurdomClaims.check(results), results.failed(), PurdomTables::print,
                PurdomJson::toJson);
    }

    /** Every run, in the order table, cell, method, seed. */
    @Override
    public List<RunSpec> specs() {
        List<RunSpec> specs = new ArrayList<>();
        for (PurdomPaper.Table table : chosenTables()) {
            for (Cell cell : table.cells()) {
                for (Method method : Method.values()) {
                    for (long seed : config.seeds().list()) {
                        specs.add(RunSpec.workload(workload(table, cell)).allocator(config.strategy(method))
                                .pageSize(PAGE_SIZE).seed(seed).build());
                    }
                }
            }
        }
        return specs;
    }

    /** The tables of the runs of {@link #specs()}, by table, cell and method; a failed method is not measured. */
    Results tabulate(RunBatch batch) {
        int next = 0;
        int seeds = config.seeds().count();
        List<TableResult> tables = new ArrayList<>();
        for (PurdomPaper.Table table : chosenTables()) {
            List<Row> rows = new ArrayList<>();
            for (Cell cell : table.cells()) {
                Map<Method, Measured> measured = new EnumMap<>(Method.class);
                for (Method method : Method.values()) {
                    if (!batch.failed(config.strategy(method))) {
                        measured.put(method, measure(batch.results(next, next + seeds)));
                    }
                    next += seeds;
                }
                rows.add(new Row(table.memoryCells(), cell, workload(table, cell), measured));
            }
            tables.add(new TableResult(table, rows));
        }
        return new Results(config, paper, tables, batch.failed());
    }

    private static Measured measure(List<RunResult> runs) {
        int n = runs.size();
        double[] ratio = new double[n];
        double[] searches = new double[n];
        double[] internal = new double[n];
        double[] external = new double[n];
        for (int i = 0; i < n; i++) {
            RunResult run = runs.get(i);
            ratio[i] = PurdomExperiment.ratio(run);
            searches[i] = run.meanSearches();
            internal[i] = run.space().internalFragmentation();
            external[i] = run.space().externalFragmentation();
        }
        return new Measured(Summary.of(ratio), Summary.of(searches), Summary.of(internal), Summary.of(external),
                List.copyOf(runs));
    }
}
