package io.heaplab.studies.fits;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.Timeline;
import io.heaplab.studies.Outcome;
import io.heaplab.studies.Reproduction;
import io.heaplab.studies.kit.ParameterException;
import io.heaplab.studies.kit.RunBatch;
import io.heaplab.studies.kit.TabulatedOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The course report's experiment: every load and data type under its first, best and worst fit and the enhancements
 * it proposes (C. Zhang, RMIT COSC1114 report). Each cell runs twice over: once recorded, every reference paged (the
 * allocator's records included, as a process's RSS includes them), for its memory, searches and fragmentation; then
 * {@code repeats} times unrecorded, for its time, as the report timed three runs and took the mean.
 */
public final class FitsExperiment implements Reproduction {

    /** Linux's page: the unit of the report's RSS. */
    static final int PAGE_SIZE = 4096;
    static final List<String> TYPES = List.of("int", "double", "string");

    /**
     * What to run.
     *
     * @param loads   allocations and deallocations per test (the report's: 50000, 20000, 7000)
     * @param types   data types, of int, double and string
     * @param repeats unrecorded runs timed per cell, their mean the time; 0 measures no time, so the result file is
     *                the same byte for byte on every run
     * @param threads runs at a time
     */
    public record Config(List<Integer> loads, List<String> types, int repeats, int threads) {
        public Config {
            loads = List.copyOf(loads);
            types = List.copyOf(types);
            if (loads.isEmpty() || loads.stream().anyMatch(l -> l < 1 || l > 10_000_000)) {
                throw new ParameterException("loads", loads + " (expected: loads from 1 to 10000000)");
            }
            if (loads.stream().distinct().count() != loads.size()) {
                throw new ParameterException("loads", loads + " (expected: each load once)");
            }
            if (types.isEmpty() || !TYPES.containsAll(types) || types.stream().distinct().count() != types.size()) {
                throw new ParameterException("types", String.join(",", types)
                        + " (expected: some of int, double, string, each once)");
            }
            if (repeats < 0 || repeats > 100) {
                throw new ParameterException("repeats", repeats + " (expected: 0 to 100)");
            }
        }
    }

    /**
     * The time of a cell's unrecorded runs.
     *
     * @param meanMs   the mean of the runs' wall times, ms
     * @param sampleMs the mean time at each of the workload's samples, ms since it started
     */
    public record Timing(double meanMs, double[] sampleMs) {
    }

    /** One strategy's measures in one cell: its recorded run and, when timed, its time. */
    public record Measured(RunResult run, Timing timing) {

        /** Pages the run touched, the allocator's records included, in KB: heaplab's RSS. */
        public double residentKB() {
            return run.pagesTouched() * (double) PAGE_SIZE / 1024;
        }

        /** The heap's largest size (its break, in whole pages), KB. */
        public double heapKB() {
            return run.virtualPages() * (double) PAGE_SIZE / 1024;
        }

        /** Records or tree nodes examined per call, allocations and frees alike. */
        public double searchesPerCall() {
            long calls = run.allocations() + run.frees() + run.rejections();
            return run.space().searches() < 0 || calls == 0 ? Double.NaN : (double) run.space().searches() / calls;
        }

        /** The searches of the whole run. */
        public long searches() {
            return run.space().searches();
        }

        /** Johnstone &amp; Wilson's fourth measure: the largest heap over the most bytes live, less one. */
        public double fragmentation() {
            return run.fragmentation().peakOverPeak();
        }

        public Timeline timeline() {
            return run.timeline();
        }
    }

    /** One load and data type: every strategy that did not fail, in the order of {@link FitsStrategy}. */
    public record Cell(int load, String type, Map<FitsStrategy, Measured> measured) {
    }

    /** The whole study, cells by load then type in the order asked. */
    public record Results(Config config, FitsPaper paper, List<Cell> cells, SequencedMap<String, String> failed) {
    }

    private final Config config;
    private final FitsPaper paper;

    public FitsExperiment(Config config, FitsPaper paper) {
        this.config = config;
        this.paper = paper;
    }

    static String workload(int load, String type) {
        return "fits:load=" + load + ",type=" + type;
    }

    /** Every recorded run, in the order load, type, strategy. */
    public List<RunSpec> specs() {
        List<RunSpec> specs = new ArrayList<>();
        for (int load : config.loads()) {
            for (String type : config.types()) {
                for (FitsStrategy strategy : FitsStrategy.values()) {
                    specs.add(RunSpec.workload(workload(load, type)).allocator(strategy.allocator)
                            .pageSize(PAGE_SIZE).countAllocatorReferences(true).build());
                }
            }
        }
        return specs;
    }

    @Override
    public int size() {
        return specs().size() * (1 + config.repeats());
    }

    @Override
    public void check(Plugins plugins) {
        Runner runner = new Runner(plugins);
        specs().forEach(runner::check);
    }

    @Override
    public Outcome run(Plugins plugins, Runnable afterEachRun) {
        Runner runner = new Runner(plugins);
        List<RunSpec> specs = specs();
        RunBatch batch = RunBatch.run(runner, specs, config.threads(), afterEachRun);
        SequencedMap<String, String> failed = new LinkedHashMap<>(batch.failed());
        Timing[] timings = time(runner, specs, failed, afterEachRun);
        Results results = tabulate(batch, timings, failed);
        return new TabulatedOutcome<>(results, FitsClaims.check(results), failed, FitsTables::print,
                FitsJson::toJson, FitsCsv::toCsv);
    }

    /**
     * Times every run that did not fail {@code repeats} times unrecorded, {@code threads} at a time after the
     * recorded batch (so the code is compiled and no recording shares the cores); null entries when not timed.
     */
    private Timing[] time(Runner runner, List<RunSpec> specs, SequencedMap<String, String> failed,
                          Runnable afterEachRun) {
        Timing[] timings = new Timing[specs.size()];
        int repeats = config.repeats();
        if (repeats == 0) {
            return timings;
        }
        ExecutorService pool = Executors.newFixedThreadPool(config.threads());
        try {
            List<Future<RunResult>> runs = new ArrayList<>();
            for (RunSpec spec : specs) {
                for (int r = 0; r < repeats; r++) {
                    runs.add(pool.submit(() -> {
                        try {
                            return failed.containsKey(spec.allocator().toString()) ? null : runner.runUnrecorded(spec);
                        } finally {
                            afterEachRun.run();
                        }
                    }));
                }
            }
            for (int i = 0; i < specs.size(); i++) {
                double totalMs = 0;
                double[] sampleMs = null;
                boolean timed = true;
                for (int r = 0; r < repeats; r++) {
                    RunResult run = outcome(runs.get(i * repeats + r), specs.get(i), failed);
                    if (run == null) {
                        timed = false;
                        continue;
                    }
                    totalMs += run.wallNanos() / 1e6;
                    long[] nanos = run.timeline().nanos();
                    if (sampleMs == null) {
                        sampleMs = new double[nanos.length];
                    }
                    for (int s = 0; s < nanos.length; s++) {
                        sampleMs[s] += nanos[s] / 1e6 / repeats;
                    }
                }
                timings[i] = timed ? new Timing(totalMs / repeats, sampleMs) : null;
            }
        } finally {
            pool.shutdownNow();
        }
        return timings;
    }

    /** A timed run's result; null, its strategy marked failed, when it threw. */
    private static RunResult outcome(Future<RunResult> run, RunSpec spec, SequencedMap<String, String> failed) {
        try {
            return run.get();
        } catch (ExecutionException e) {
            synchronized (failed) {
                failed.putIfAbsent(spec.allocator().toString(), String.valueOf(e.getCause().getMessage()));
            }
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while timing " + spec.allocator(), e);
        }
    }

    private Results tabulate(RunBatch batch, Timing[] timings, SequencedMap<String, String> failed) {
        List<Cell> cells = new ArrayList<>();
        int next = 0;
        for (int load : config.loads()) {
            for (String type : config.types()) {
                Map<FitsStrategy, Measured> measured = new LinkedHashMap<>();
                for (FitsStrategy strategy : FitsStrategy.values()) {
                    if (!failed.containsKey(strategy.allocator)) {
                        measured.put(strategy, new Measured(batch.results(next, next + 1).getFirst(), timings[next]));
                    }
                    next++;
                }
                cells.add(new Cell(load, type, measured));
            }
        }
        return new Results(config, paper, cells, failed);
    }
}
