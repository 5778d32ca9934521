package io.heaplab.studies.carr;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.reports.Summary;
import io.heaplab.studies.Outcome;
import io.heaplab.studies.Reproduction;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.ParameterException;
import io.heaplab.studies.kit.Seeds;
import io.heaplab.studies.kit.TabulatedOutcome;
import io.heaplab.system.MultiprogrammedSystem;
import io.heaplab.system.Prototype;
import io.heaplab.system.Prototypes;
import io.heaplab.system.SystemConfig;
import io.heaplab.system.SystemResult;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToDoubleFunction;

/**
 * Carr &amp; Hennessy's experiment: every configuration under every policy at every theta, each a whole-system
 * simulation of the same task sequence (one per seed) drawn from the shipped real programs, in one regime or both
 * ({@link CarrRegime}): Table 1's constants, or the operating point the paper chose them for, calibrated first.
 * Simulations share nothing, so they run on any number of threads with the same results.
 */
public final class CarrExperiment implements Reproduction {

    /**
     * What to run.
     *
     * @param seeds          one task sequence (and one run of each point) per seed
     * @param configurations some of 'A', 'B', 'C'
     * @param thetas         the theta grid, in references, ascending
     * @param tasks          tasks per run (the paper's: 50)
     * @param threads        simulations at a time
     * @param policies       the paper's three, perhaps with the ones beyond it
     * @param irim           0, or the IRIM window omega with which every point is also run on IRIM strings
     * @param regimes        the regimes to run, in order
     * @param deviceScale    the Table 1 regime's paging-device access times are multiplied by this (1: the paper's)
     * @param calibration    the balanced regime's scales (frames, device, references between I/O requests), or empty
     *                       to search for them
     */
    public record Config(Seeds seeds, List<Character> configurations, List<Long> thetas, int tasks, int threads,
                         List<CarrPolicy> policies, long irim, List<CarrRegime> regimes, double deviceScale,
                         Optional<double[]> calibration) {
        public Config {
            if (!(deviceScale > 0) || Double.isInfinite(deviceScale)) {
                throw new ParameterException("device-scale", deviceScale + " (expected: a positive factor on the"
                        + " paging device's access times)");
            }
            if (irim < 0) {
                throw new ParameterException("irim", irim + " (expected: 0 for none, or omega, a positive number of"
                        + " references)");
            }
            configurations = List.copyOf(configurations);
            policies = List.copyOf(policies);
            regimes = regimes.stream().distinct().toList();
            if (regimes.isEmpty()) {
                throw new ParameterException("regime", "none (expected: balanced, table1 or both)");
            }
            if (!policies.containsAll(CarrPolicy.PAPER)) {
                throw new ParameterException("policies", policies + " (expected: the paper's three, "
                        + CarrPolicy.PAPER + ", and any others)");
            }
            thetas = thetas.stream().sorted().distinct().toList();
            if (configurations.isEmpty() || !List.of('A', 'B', 'C').containsAll(configurations)) {
                throw new ParameterException("configurations", configurations + " (expected: some of A, B, C)");
            }
            if (thetas.isEmpty() || thetas.getFirst() < 1) {
                throw new ParameterException("thetas", thetas + " (expected: positive thousands of references)");
            }
            if (tasks < 1) {
                throw new ParameterException("tasks", tasks + " (expected: at least 1)");
            }
        }

        /** The Table 1 regime alone, as heaplab ran the study before the balanced one: for tests and the library. */
        public Config(Seeds seeds, List<Character> configurations, List<Long> thetas, int tasks, int threads,
                      List<CarrPolicy> policies, long irim, double deviceScale) {
            this(seeds, configurations, thetas, tasks, threads, policies, irim, List.of(CarrRegime.TABLE1),
                    deviceScale, Optional.empty());
        }
    }

    /**
     * How one regime's systems are made.
     *
     * @param prototypes  the tasks' programs, with the frames scale (and, balanced, the I/O rate) applied
     * @param deviceScale Table 1's paging-device access times are multiplied by this
     * @param ioInterval  the references between I/O requests every task makes, or NaN for each program's own
     * @param calibration how the balanced regime's scales were found, or empty
     */
    public record Setting(CarrRegime regime, Prototypes prototypes, double deviceScale, double ioInterval,
                          Optional<CarrCalibration> calibration) {

        /** Today's frames per frame of Table 1. */
        public double framesScale() {
            return prototypes.framesScale();
        }

        /** Configuration {@code c} of Table 1 under {@code policy} at {@code theta}, with this setting's scales. */
        SystemConfig system(char c, CarrPolicy policy, long theta) {
            SystemConfig system = CarrCalibration.system(c, policy, theta, framesScale(), deviceScale);
            return regime == CarrRegime.BALANCED ? CarrCalibration.balanced(system) : system;
        }
    }

    /**
     * One point of a curve: a policy on a configuration at one theta, over the seeds.
     *
     * @param runs the simulations, one per seed
     */
    public record Point(long theta, Summary utilization, Summary meanMpl, Summary deactivations, Summary faults,
                        Summary pointerTravel, Summary wsScans, Summary meanResponse, List<SystemResult> runs) {
    }

    /** A policy on a configuration: its points along theta, and the one of peak utilization. */
    public record Curve(char configuration, CarrPolicy policy, int frames, List<Point> points) {
        public Point peak() {
            Point best = points.getFirst();
            for (Point point : points) {
                if (point.utilization().mean() > best.utilization().mean()) {
                    best = point;
                }
            }
            return best;
        }

        /** The point at {@code theta}. */
        public Point at(long theta) {
            return points.stream().filter(p -> p.theta() == theta).findFirst().orElseThrow();
        }
    }

    /**
     * The ablations behind LT/RT's claim, on a configuration at WS with LT/RT's peak theta (the first seed).
     *
     * @param knownLocality pure WS, its load control counting for each task that has not run its program's mean
     *                      working set instead of nothing
     * @param undeferred    WS with LT/RT making time-slice deactivations when slices end, as the paper did, where the
     *                      regime defers them; else empty
     */
    public record Ablation(char configuration, long theta, SystemResult knownLocality,
                           Optional<SystemResult> undeferred) {
    }

    /**
     * Everything measured in one regime.
     *
     * @param programs  the prototypes' names: the shipped programs, or the user's traces
     * @param workloads each seed's tasks, by program name, in the order of the runs' task lists
     * @param tasks     the tasks' table: each program beside what the paper implies of its tasks
     * @param ablations pure WS knowing each new task's locality, per configuration
     */
    public record Results(Config config, CarrPaper paper, Setting setting, List<String> programs, List<Curve> curves,
                          Optional<CarrIrim> irim, List<List<String>> workloads, List<CarrTasks.Row> tasks,
                          List<Ablation> ablations) {

        /** The ablation of {@code configuration}, if it ran. */
        public Optional<Ablation> ablation(char configuration) {
            return ablations.stream().filter(a -> a.configuration() == configuration).findFirst();
        }

        /** The curve of {@code policy} on {@code configuration}. */
        public Curve curve(char configuration, CarrPolicy policy) {
            return curves.stream().filter(c -> c.configuration() == configuration && c.policy() == policy)
                    .findFirst().orElseThrow();
        }

        public CarrRegime regime() {
            return setting.regime();
        }

        public double framesScale() {
            return setting.framesScale();
        }
    }

    /** Every regime's results, in the order asked for. */
    public record Study(List<Results> regimes) {
        public Study {
            regimes = List.copyOf(regimes);
        }

        /** The regime's results, if it ran. */
        public Optional<Results> regime(CarrRegime regime) {
            return regimes.stream().filter(r -> r.regime() == regime).findFirst();
        }
    }

    private final Config config;
    private final CarrPaper paper;
    private final Prototypes table1;
    private final Prototypes balanced;

    /**
     * The simulations {@code config} asks for, beside {@code paper}'s figures.
     *
     * @param table1   the Table 1 regime's programs, with its frames scale
     * @param balanced the balanced regime's programs, whose frames scale is where the calibration starts
     */
    public CarrExperiment(Config config, CarrPaper paper, Prototypes table1, Prototypes balanced) {
        this.config = config;
        this.paper = paper;
        this.table1 = table1;
        this.balanced = balanced;
    }

    /** The Table 1 regime alone on {@code prototypes}. */
    public CarrExperiment(Config config, CarrPaper paper, Prototypes prototypes) {
        this(config, paper, prototypes, prototypes);
    }

    private record Job(char configuration, CarrPolicy policy, long theta, long seed, boolean irim) {
    }

    /** Every point's runs, in the order {@link #tabulate} reads them; on IRIM strings if {@code irim}. */
    private List<Job> points(boolean irim) {
        List<Job> jobs = new ArrayList<>();
        for (char c : config.configurations()) {
            for (CarrPolicy policy : config.policies()) {
                for (long theta : config.thetas()) {
                    for (long seed : config.seeds().list()) {
                        jobs.add(new Job(c, policy, policy.usesTheta() ? theta : config.thetas().getFirst(), seed,
                                irim));
                    }
                }
            }
        }
        return jobs;
    }

    /** The simulations to run in a regime: a policy without theta runs once for all of them. */
    private List<Job> jobs() {
        List<Job> all = new ArrayList<>(points(false));
        if (config.irim() > 0) {
            all.addAll(points(true));
        }
        return all.stream().distinct().toList();
    }

    /** The calibration's simulations at most: three configurations for each probe and for the answer. */
    private int calibrationRuns() {
        return config.regimes().contains(CarrRegime.BALANCED)
                ? 3 * (config.calibration().isPresent() ? 1 : CarrCalibration.MAX_PROBES + 1) : 0;
    }

    @Override
    public int size() {
        int ablations = 0;
        for (CarrRegime regime : config.regimes()) {
            ablations += config.configurations().size() * (regime == CarrRegime.TABLE1 ? 2 : 1);
        }
        return jobs().size() * config.regimes().size() + ablations + calibrationRuns();
    }

    @Override
    public void check(Plugins plugins) {
        for (char c : config.configurations()) {
            for (CarrPolicy policy : config.policies()) {
                CarrCalibration.system(c, policy, config.thetas().getFirst(), table1.framesScale(),
                        config.deviceScale());
            }
        }
    }

    @Override
    public Outcome run(Plugins plugins, Runnable afterEachRun) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, config.threads()));
        try {
            List<Results> regimes = new ArrayList<>();
            List<Claim> claims = new ArrayList<>();
            for (CarrRegime regime : config.regimes()) {
                Setting setting = regime == CarrRegime.TABLE1
                        ? new Setting(regime, table1, config.deviceScale(), Double.NaN, Optional.empty())
                        : balanced(pool, afterEachRun);
                Results results = simulate(setting, pool, afterEachRun);
                regimes.add(results);
                CarrClaims.check(results).forEach(claim -> claims.add(claim.in(regime.key)));
            }
            // simulations use no plugin: one that fails is heaplab's own fault, thrown, not a failed row
            return new TabulatedOutcome<>(new Study(regimes), claims, new LinkedHashMap<>(), CarrTables::print,
                    CarrJson::toJson, CarrCsv::toCsv);
        } finally {
            pool.shutdownNow();
        }
    }

    /** The balanced regime's setting: its scales searched for on the first seed's tasks, or as given. */
    private Setting balanced(ExecutorService pool, Runnable afterEachRun) {
        long seed = config.seeds().list().getFirst();
        CarrCalibration calibration = config.calibration()
                .map(scales -> CarrCalibration.given(scales, balanced, config.tasks(), seed, paper, pool))
                .orElseGet(() -> CarrCalibration.search(balanced, config.tasks(), seed, paper, pool));
        for (int i = 0; i < calibrationRuns(); i++) {
            afterEachRun.run(); // the progress bar counted the search's whole budget
        }
        return new Setting(CarrRegime.BALANCED, balanced.withFramesScale(calibration.framesScale())
                .withIoInterval(calibration.ioInterval()), calibration.deviceScale(), calibration.ioInterval(),
                Optional.of(calibration));
    }

    private Results simulate(Setting setting, ExecutorService pool, Runnable afterEachRun) {
        List<Job> jobs = jobs();
        Prototypes prototypes = setting.prototypes();
        Map<Long, List<Prototype>> workloads = new LinkedHashMap<>();
        Map<Long, List<Prototype>> irimWorkloads = new LinkedHashMap<>();
        Map<Prototype, Prototype> irimOf = new IdentityHashMap<>();
        for (long seed : config.seeds().list()) {
            List<Prototype> workload = prototypes.workload(config.tasks(), seed);
            workloads.put(seed, workload);
            if (config.irim() > 0) {
                irimWorkloads.put(seed, workload.stream().map(p -> irimOf.computeIfAbsent(p, q -> new Prototype(
                        q.name(), q.string().irim(config.irim()), q.meanIoInterval()))).toList());
            }
        }
        Map<Job, SystemResult> results = new LinkedHashMap<>();
        AtomicLong exactNanos = new AtomicLong();
        AtomicLong irimNanos = new AtomicLong();
        try {
            Map<Job, Future<SystemResult>> futures = new LinkedHashMap<>();
            for (Job job : jobs) {
                futures.put(job, pool.submit(() -> {
                    long start = System.nanoTime();
                    SystemResult result = MultiprogrammedSystem.run(setting.system(job.configuration(), job.policy(),
                            job.theta()), (job.irim() ? irimWorkloads : workloads).get(job.seed()), job.seed());
                    (job.irim() ? irimNanos : exactNanos).addAndGet(System.nanoTime() - start);
                    afterEachRun.run();
                    return result;
                }));
            }
            for (Map.Entry<Job, Future<SystemResult>> future : futures.entrySet()) {
                results.put(future.getKey(), future.getValue().get());
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while simulating", e);
        }
        List<Curve> curves = tabulate(setting, points(false).stream().map(results::get).toList());
        Optional<CarrIrim> irim = Optional.empty();
        if (config.irim() > 0) {
            long references = 0;
            long events = 0;
            long periods = 0;
            long writes = 0;
            for (Map.Entry<Prototype, Prototype> p : irimOf.entrySet()) {
                references += p.getKey().string().references();
                events += p.getValue().string().steps();
                long[] kinds = p.getValue().string().irimEvents();
                periods += kinds[0];
                writes += kinds[1];
            }
            irim = Optional.of(new CarrIrim(config.irim(), (double) references / events,
                    tabulate(setting, points(true).stream().map(results::get).toList()), exactNanos.get() / 1e9,
                    irimNanos.get() / 1e9, 1000.0 * periods / references, 1000.0 * writes / references));
        }
        List<List<String>> names = workloads.values().stream()
                .map(w -> w.stream().map(Prototype::name).toList()).toList();
        List<String> programs = prototypes.prototypes().stream().map(Prototype::name).toList();
        Results partial = new Results(config, paper, setting, programs, curves, irim, names, List.of(), List.of());
        List<Ablation> ablations = ablate(setting, partial, workloads.values().iterator().next(), pool,
                afterEachRun);
        return new Results(config, paper, setting, programs, curves, irim, names,
                CarrTasks.rows(partial, prototypes), ablations);
    }

    /** The ablations of LT/RT's claim at WS with LT/RT's peak on each configuration (the first seed). */
    private List<Ablation> ablate(Setting setting, Results results, List<Prototype> workload, ExecutorService pool,
                                  Runnable afterEachRun) {
        long seed = config.seeds().list().getFirst();
        List<Future<SystemResult>> known = new ArrayList<>();
        List<Future<SystemResult>> undeferred = new ArrayList<>();
        List<Long> thetas = new ArrayList<>();
        for (char c : config.configurations()) {
            long theta = results.curve(c, CarrPolicy.WS_LTRT).peak().theta();
            thetas.add(theta);
            SystemConfig pure = setting.system(c, CarrPolicy.WS, theta);
            known.add(pool.submit(() -> {
                SystemResult run = MultiprogrammedSystem.run(pure, workload, seed,
                        MultiprogrammedSystem.NewTasks.COMMIT_MEAN_WORKING_SET);
                afterEachRun.run();
                return run;
            }));
            SystemConfig ltrt = setting.system(c, CarrPolicy.WS_LTRT, theta);
            undeferred.add(!ltrt.deferSlices() ? null : pool.submit(() -> {
                SystemResult run = MultiprogrammedSystem.run(ltrt.withDeferredSlices(false), workload, seed);
                afterEachRun.run();
                return run;
            }));
        }
        List<Ablation> ablations = new ArrayList<>();
        try {
            for (int i = 0; i < known.size(); i++) {
                Future<SystemResult> u = undeferred.get(i);
                ablations.add(new Ablation(config.configurations().get(i), thetas.get(i), known.get(i).get(),
                        u == null ? Optional.empty() : Optional.of(u.get())));
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while simulating", e);
        }
        return List.copyOf(ablations);
    }

    private List<Curve> tabulate(Setting setting, List<SystemResult> results) {
        int seeds = config.seeds().count();
        int next = 0;
        List<Curve> curves = new ArrayList<>();
        for (char c : config.configurations()) {
            for (CarrPolicy policy : config.policies()) {
                List<Point> points = new ArrayList<>();
                for (long theta : config.thetas()) {
                    List<SystemResult> runs = results.subList(next, next + seeds);
                    next += seeds;
                    points.add(new Point(theta, summarize(runs, SystemResult::utilization),
                            summarize(runs, SystemResult::meanMpl), summarize(runs, r -> r.deactivations()),
                            summarize(runs, r -> r.faults()), summarize(runs, SystemResult::pointerTravel),
                            summarize(runs, r -> r.wsScans()), summarize(runs, SystemResult::meanResponse),
                            List.copyOf(runs)));
                }
                curves.add(new Curve(c, policy, setting.system(c, policy, config.thetas().getFirst()).frames(),
                        points));
            }
        }
        return curves;
    }

    private static Summary summarize(List<SystemResult> runs, ToDoubleFunction<SystemResult> measure) {
        return Summary.of(runs.stream().mapToDouble(measure).toArray());
    }
}
