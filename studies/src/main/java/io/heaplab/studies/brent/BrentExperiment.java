package io.heaplab.studies.brent;

import io.heaplab.core.heap.Accounting;
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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.ToDoubleBiFunction;

/**
 * Brent's experiments of section 3 of "The Most-Recently-Used Strategy for Dynamic Storage Allocation on a Computer
 * with Virtual Memory": TRIDIAG and PQSIM under each fixed-size strategy, 512-byte pages, strict LRU, repeated
 * over seeds.
 *
 * <p>Every run records the whole LRU curve in one pass ({@code lru:frames=all}), so the table's memory sizes are
 * read off the curve and the curve itself goes into the results. TRIDIAG keeps the paper's ratio of real memory to
 * virtual size, whatever its order and model: its memory sizes are 2000 and 4000 pages scaled by the smallest
 * measured virtual size over the paper's 6423 pages (the dataflow model at n = 128 needs far fewer pages than
 * Brent's program, so the paper's sizes would hold all of it). PQSIM's working set of 50 pages does not depend
 * on how long it runs, so a shorter PQSIM keeps it.
 */
public final class BrentExperiment extends BatchReproduction {

    /** Brent's page of 512 bytes. */
    public static final int PAGE_SIZE = 512;
    /** The order of the paper's TRIDIAG matrix. */
    public static final int FULL_N = 128;
    /** The simulated seconds of the paper's PQSIM. */
    public static final int FULL_SECONDS = 2000;
    /** The paper's four strategies and the two other current-page strategies it cites. */
    public static final List<String> STRATEGIES = List.of("stack", "random", "nofree", "mru", "least-free",
            "most-free");
    /** Faults are normalized to this strategy's, on the same seed. */
    public static final String BASELINE = "random";
    static final String CURVE_POLICY = "lru:frames=all";
    /** TRIDIAG's model that respects every dependency, the default. */
    public static final String DATAFLOW = "dataflow";
    /** TRIDIAG's earlier model, rotations applied in arrival order. */
    public static final String SWEEP = "sweep";
    /** The accounting of Table 3.1's second run of each strategy: its own disposal references paged too. */
    static final Accounting DISPOSE_PAGED = Accounting.WORKLOAD.withAllocatorReferences(
            Accounting.AllocatorReferences.DISPOSE);
    /** TRIDIAG's virtual size in the paper, for STACK, RANDOM and MRU alike. */
    static final int PUBLISHED_TRIDIAG_PAGES = 6423;

    /**
     * What to run.
     *
     * @param seeds        one run per seed for every strategy and table
     * @param tridiagN     the order of TRIDIAG's matrix (the paper's is 128)
     * @param tridiagModel {@link #DATAFLOW} or {@link #SWEEP}
     * @param pqsimSeconds how long PQSIM runs in simulated seconds; faults count over the second half
     * @param strategies   allocator specs, which must include {@link #BASELINE}
     * @param threads      runs at a time
     */
    public record Config(Seeds seeds, int tridiagN, String tridiagModel, int pqsimSeconds, List<String> strategies,
                         int threads) {
        public Config {
            if (!tridiagModel.equals(DATAFLOW) && !tridiagModel.equals(SWEEP)) {
                throw new ParameterException("tridiag-model", "'" + tridiagModel + "' (expected: " + DATAFLOW
                        + " or " + SWEEP + ")");
            }
            strategies = List.copyOf(strategies);
            Set<String> seen = new HashSet<>();
            for (String strategy : strategies) {
                if (!seen.add(strategy)) {
                    throw new ParameterException("strategies", "'" + strategy + "' given twice (expected: each once)");
                }
            }
            if (!strategies.contains(BASELINE)) {
                throw new ParameterException("strategies", String.join(",", strategies) + " lacks " + BASELINE
                        + " (expected: it, since faults are normalized to RANDOM's)");
            }
            if (pqsimSeconds < 2) {
                throw new ParameterException("pqsim-seconds", pqsimSeconds
                        + " (expected: at least 2, the second half measured)");
            }
        }

        boolean fullSize() {
            return tridiagN == FULL_N && pqsimSeconds == FULL_SECONDS;
        }
    }

    /** Brent's three tables: which workload, and at which memory sizes the paper reports faults. */
    public enum Table {
        TRIDIAG("3.1", "TRIDIAG", "the tridiagonalization of a symmetric matrix on a mesh of processors"),
        PQSIM("3.2", "PQSIM", "a discrete-event simulation with a leftist-tree priority queue"),
        PQSIM_DOUBLED("3.3", "PQSIM after initial load doubled",
                "PQSIM with arrivals twice as frequent before the measured half");

        public final String id;
        public final String title;
        public final String about;

        Table(String id, String title, String about) {
            this.id = id;
            this.title = title;
            this.about = about;
        }

        String workload(Config config) {
            int warmup = config.pqsimSeconds() / 2;
            return switch (this) {
                case TRIDIAG -> "tridiag:n=" + config.tridiagN()
                        + (config.tridiagModel().equals(SWEEP) ? ",model=" + SWEEP : "");
                case PQSIM -> "pqsim:seconds=" + config.pqsimSeconds() + ",warmup=" + warmup;
                case PQSIM_DOUBLED -> "pqsim:seconds=" + config.pqsimSeconds() + ",warmup=" + warmup
                        + ",initialLoad=2";
            };
        }
    }

    /**
     * One strategy's measures in one table.
     *
     * @param strategy          the allocator spec
     * @param published         the paper's row, or null for a strategy it does not report
     * @param virtualPages      distinct pages referenced: the paper's "virtual size"
     * @param faults            faults by memory size in frames
     * @param normalized        faults over RANDOM's on the same seed, by memory size
     * @param ratioToNormalLoad Table 3.3 only: faults over Table 3.2's on the same seed, at the table's size
     * @param beyondFirstTouch  Table 3.1 only (its runs measure from the start), faults without the first touch of
     *                          each page, which faults under any policy (a demand-zero fault that Brent may not have
     *                          counted); empty for the other tables
     * @param disposePaged      Table 3.1 only, faults of runs that also page the strategy's own references made
     *                          while disposing a block (the link a STACK or MRU writes into it); empty otherwise
     * @param curve             faults for every memory size from 1 frame, the mean over seeds, rounded
     * @param runs              the runs, one per seed
     */
    public record Row(String strategy, BrentPaper.Row published, Summary virtualPages,
                      SortedMap<Integer, Summary> faults, SortedMap<Integer, Summary> normalized,
                      Summary ratioToNormalLoad, Recount beyondFirstTouch, Recount disposePaged, long[] curve,
                      List<RunResult> runs) {
    }

    /**
     * Table 3.1 counted another way: faults by memory size, and the same over RANDOM's counted alike (empty when
     * RANDOM failed); both empty where the table is not counted this way.
     */
    public record Recount(SortedMap<Integer, Summary> faults, SortedMap<Integer, Summary> normalized) {
        static final Recount NONE = new Recount(new TreeMap<>(), new TreeMap<>());

        public boolean isEmpty() {
            return faults.isEmpty();
        }
    }

    /**
     * One table: its workload, its memory sizes and a row per strategy.
     *
     * @param frames      the memory sizes measured
     * @param paperFrames the paper's memory size each of {@code frames} stands for (the same, unless scaled)
     */
    public record TableResult(Table table, String workload, List<Integer> frames, List<Integer> paperFrames,
                              List<Row> rows) {
        public Row row(String strategy) {
            return rows.stream().filter(r -> r.strategy().equals(strategy)).findFirst().orElse(null);
        }
    }

    /**
     * The whole study: what was asked and what was measured.
     *
     * @param failed the strategies a run of which failed (a plugin's fault), with the first reason; they have no
     *               rows, and every other strategy is measured as usual
     */
    public record Results(Config config, List<TableResult> tables, SequencedMap<String, String> failed) {
        public TableResult table(Table table) {
            return tables.stream().filter(t -> t.table() == table).findFirst().orElseThrow();
        }
    }

    private final Config config;
    private final BrentPaper paper;

    /** The runs {@code config} asks for, tabulated beside {@code paper}'s figures. */
    public BrentExperiment(Config config, BrentPaper paper) {
        this.config = config;
        this.paper = paper;
    }

    @Override
    protected int threads() {
        return config.threads();
    }

    @Override
    protected Outcome outcome(RunBatch batch) {
        Results results = tabulate(batch);
        return new TabulatedOutcome<>(results, BrentClaims.check(results, paper), results.failed(),
                BrentTables::print, BrentJson::toJson);
    }

    /** Every run the study makes, table by table, strategy by strategy, seed by seed. */
    @Override
    public List<RunSpec> specs() {
        List<RunSpec> specs = new ArrayList<>();
        for (Table table : Table.values()) {
            for (String strategy : config.strategies()) {
                for (long seed : config.seeds().list()) {
                    RunSpec.Builder run = RunSpec.workload(table.workload(config)).allocator(strategy)
                            .policy(CURVE_POLICY).pageSize(PAGE_SIZE).seed(seed).diagnosed(true);
                    if (table != Table.TRIDIAG) {
                        // PQSIM's memory size is the paper's: a policy at it charges the faults to the phases
                        run.policy(phasePolicy(table));
                    }
                    specs.add(run.build());
                }
            }
        }
        // Table 3.1 once more, with the strategies' references made while disposing a block paged
        for (String strategy : config.strategies()) {
            for (long seed : config.seeds().list()) {
                specs.add(RunSpec.workload(Table.TRIDIAG.workload(config)).allocator(strategy).policy(CURVE_POLICY)
                        .pageSize(PAGE_SIZE).seed(seed).accounting(DISPOSE_PAGED).build());
            }
        }
        return specs;
    }

    /** The fixed-memory LRU at the table's (unscaled) memory size, which diagnostics charge to PQSIM's phases. */
    private String phasePolicy(Table table) {
        return phasePolicy(paper.row(table.id, BASELINE).faults().keySet().iterator().next());
    }

    /** The fixed-memory LRU at {@code frames}, which diagnostics charge to PQSIM's phases. */
    static String phasePolicy(int frames) {
        return "lru:frames=" + frames;
    }

    /**
     * The fewest frames at which {@code curve} (faults at 1, 2, ... frames) gives no more than {@code faults}: where
     * a published count sits on a measured curve; the curve's length plus one when it never comes that low.
     */
    static int framesReaching(long[] curve, long faults) {
        for (int f = 1; f <= curve.length; f++) {
            if (curve[f - 1] <= faults) {
                return f;
            }
        }
        return curve.length + 1;
    }

    /** The tables of the runs of {@link #specs()}: a strategy that failed anywhere has no rows. */
    Results tabulate(RunBatch batch) {
        int perStrategy = config.seeds().count();
        int perTable = perStrategy * config.strategies().size();
        // the runs of each table, then the disposal-paged runs of Table 3.1, as specs() lists them
        List<Map<String, List<RunResult>>> blocks = new ArrayList<>();
        for (int block = 0; block <= Table.values().length; block++) {
            Map<String, List<RunResult>> byStrategy = new LinkedHashMap<>();
            for (int s = 0; s < config.strategies().size(); s++) {
                String strategy = config.strategies().get(s);
                if (batch.failed(strategy)) {
                    continue; // a strategy that failed anywhere has no row: its tables would not compare
                }
                int from = block * perTable + s * perStrategy;
                byStrategy.put(strategy, batch.results(from, from + perStrategy));
            }
            blocks.add(byStrategy);
        }
        List<TableResult> tables = new ArrayList<>();
        for (Table table : Table.values()) {
            tables.add(tabulate(table, blocks.get(table.ordinal()), blocks.get(Table.PQSIM.ordinal()),
                    blocks.getLast()));
        }
        return new Results(config, tables, batch.failed());
    }

    private TableResult tabulate(Table table, Map<String, List<RunResult>> runs,
                                 Map<String, List<RunResult>> normalLoad, Map<String, List<RunResult>> disposed) {
        List<Integer> paperFrames = List.copyOf(paper.row(table.id, BASELINE).faults().keySet());
        List<Integer> frames = frames(table, paperFrames, runs);
        // a failed baseline leaves nothing to normalize to: the faults stand, the normalized columns are empty
        List<RunResult> baseline = runs.get(BASELINE);
        List<Row> rows = new ArrayList<>();
        runs.forEach((strategy, own) -> {
            Recount counted = recount(own, baseline, frames, BrentExperiment::faultsAt);
            Recount beyond = Recount.NONE;
            Recount disposePaged = Recount.NONE;
            if (table == Table.TRIDIAG && own.stream().allMatch(r -> r.measuredFrom() == 0)) {
                beyond = recount(own, baseline, frames, BrentExperiment::beyondFirstTouch);
                disposePaged = recount(disposed.get(strategy), disposed.get(BASELINE), frames,
                        BrentExperiment::faultsAt);
            }
            Summary ratio = null;
            if (table == Table.PQSIM_DOUBLED) {
                int f = frames.getFirst();
                List<RunResult> normal = normalLoad.get(strategy);
                ratio = summarize(own, (r, i) -> faultsAt(r, f) / faultsAt(normal.get(i), f));
            }
            rows.add(new Row(strategy, paper.row(table.id, Spec.parse(strategy).name()),
                    summarize(own, r -> r.pagesTouched()), counted.faults(), counted.normalized(), ratio, beyond,
                    disposePaged, meanCurve(own), own));
        });
        return new TableResult(table, table.workload(config), frames, paperFrames, rows);
    }

    /** The paper's memory sizes; for TRIDIAG, scaled by the virtual size (see the class comment). */
    private List<Integer> frames(Table table, List<Integer> published, Map<String, List<RunResult>> runs) {
        if (table != Table.TRIDIAG || runs.isEmpty()) {
            return published;
        }
        long smallest = Long.MAX_VALUE;
        for (List<RunResult> own : runs.values()) {
            for (RunResult run : own) {
                smallest = Math.min(smallest, run.pagesTouched());
            }
        }
        List<Integer> scaled = new ArrayList<>();
        for (int f : published) {
            scaled.add((int) Math.max(1, Math.round((double) f * smallest / PUBLISHED_TRIDIAG_PAGES)));
        }
        return scaled;
    }

    /** {@code measure} of {@code runs} at each of {@code frames}, and over {@code baseline}'s (none if null). */
    private static Recount recount(List<RunResult> runs, List<RunResult> baseline, List<Integer> frames,
                                   ToDoubleBiFunction<RunResult, Integer> measure) {
        SortedMap<Integer, Summary> faults = new TreeMap<>();
        SortedMap<Integer, Summary> normalized = new TreeMap<>();
        for (int f : frames) {
            faults.put(f, summarize(runs, r -> measure.applyAsDouble(r, f)));
            if (baseline != null) {
                normalized.put(f, summarize(runs, (r, i) -> measure.applyAsDouble(r, f)
                        / measure.applyAsDouble(baseline.get(i), f)));
            }
        }
        return new Recount(faults, normalized);
    }

    private static double faultsAt(RunResult run, int frames) {
        return run.curve(CURVE_POLICY).faultsAt(frames);
    }

    /**
     * Faults at {@code frames} less each page's first touch, in a run measured from its start: every page referenced
     * faults once on its first reference whatever the policy, so the rest are the faults the strategy's layout
     * decides.
     */
    private static double beyondFirstTouch(RunResult run, int frames) {
        return faultsAt(run, frames) - run.pagesTouched();
    }

    private interface Measure {
        double of(RunResult run, int index);
    }

    private static Summary summarize(List<RunResult> runs, java.util.function.ToDoubleFunction<RunResult> measure) {
        return summarize(runs, (r, i) -> measure.applyAsDouble(r));
    }

    private static Summary summarize(List<RunResult> runs, Measure measure) {
        double[] values = new double[runs.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = measure.of(runs.get(i), i);
        }
        return Summary.of(values);
    }

    /** The mean curve over the runs; a shorter curve is flat beyond its end (every page fits). */
    private static long[] meanCurve(List<RunResult> runs) {
        int length = 0;
        for (RunResult run : runs) {
            length = Math.max(length, run.curve(CURVE_POLICY).points());
        }
        long[] mean = new long[length];
        for (int f = 1; f <= length; f++) {
            double sum = 0;
            for (RunResult run : runs) {
                sum += faultsAt(run, f);
            }
            mean[f - 1] = Math.round(sum / runs.size());
        }
        return mean;
    }
}
