package io.heaplab.studies.carr;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.reports.Summary;
import io.heaplab.studies.Outcome;
import io.heaplab.studies.Reproduction;
import io.heaplab.studies.kit.ParameterException;
import io.heaplab.studies.kit.Seeds;
import io.heaplab.studies.kit.TabulatedOutcome;
import io.heaplab.system.MultiprogrammedSystem;
import io.heaplab.system.Prototype;
import io.heaplab.system.Prototypes;
import io.heaplab.system.SystemConfig;
import io.heaplab.system.SystemResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.ToDoubleFunction;

/**
 * Carr &amp; Hennessy's experiment: every configuration under every policy at every theta, each a whole-system
 * simulation of the same task sequence (one per seed) drawn from the shipped real programs, memory scaled by their
 * frames scale. Simulations share nothing, so they run on any number of threads with the same results.
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
     * @param deviceScale    the paging-device access times of Table 1 are multiplied by this (1: the paper's)
     */
    public record Config(Seeds seeds, List<Character> configurations, List<Long> thetas, int tasks, int threads,
                         List<CarrPolicy> policies, long irim, double deviceScale) {
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
    }

    /**
     * Everything measured.
     *
     * @param programs the prototypes' names: the shipped programs, or the user's traces
     */
    public record Results(Config config, CarrPaper paper, double framesScale, List<String> programs,
                          List<Curve> curves, Optional<CarrIrim> irim) {
        /** The curve of {@code policy} on {@code configuration}. */
        public Curve curve(char configuration, CarrPolicy policy) {
            return curves.stream().filter(c -> c.configuration() == configuration && c.policy() == policy)
                    .findFirst().orElseThrow();
        }
    }

    private final Config config;
    private final CarrPaper paper;
    private final Prototypes prototypes;

    /** The simulations {@code config} asks for, beside {@code paper}'s figures, with {@code prototypes} as tasks. */
    public CarrExperiment(Config config, CarrPaper paper, Prototypes prototypes) {
        this.config = config;
        this.paper = paper;
        this.prototypes = prototypes;
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

    /** The simulations to run: a policy without theta runs once for all of them. */
    private List<Job> jobs() {
        List<Job> all = new ArrayList<>(points(false));
        if (config.irim() > 0) {
            all.addAll(points(true));
        }
        return all.stream().distinct().toList();
    }

    /**
     * The system a job simulates: Table 1's configuration, its frames scaled to today's programs, its paging device
     * by the device scale.
     */
    SystemConfig system(char configuration, CarrPolicy policy, long theta) {
        SystemConfig paper = SystemConfig.table1(configuration, policy.memory, policy.ltrt, theta);
        SystemConfig scaled = paper.withFrames(prototypes.frames(paper.frames()));
        return config.deviceScale() == 1 ? scaled : scaled.withPagingAccess(
                Math.max(1, Math.round(paper.auxMin() * config.deviceScale())),
                Math.max(1, Math.round(paper.auxMax() * config.deviceScale())));
    }

    @Override
    public int size() {
        return jobs().size();
    }

    @Override
    public void check(Plugins plugins) {
        for (char c : config.configurations()) {
            for (CarrPolicy policy : config.policies()) {
                system(c, policy, config.thetas().getFirst());
            }
        }
    }

    @Override
    public Outcome run(Plugins plugins, Runnable afterEachRun) {
        List<Job> jobs = jobs();
        Map<Long, List<Prototype>> workloads = new LinkedHashMap<>();
        Map<Long, List<Prototype>> irimWorkloads = new LinkedHashMap<>();
        Map<Prototype, Prototype> irimOf = new java.util.IdentityHashMap<>();
        for (long seed : config.seeds().list()) {
            List<Prototype> workload = prototypes.workload(config.tasks(), seed);
            workloads.put(seed, workload);
            if (config.irim() > 0) {
                irimWorkloads.put(seed, workload.stream().map(p -> irimOf.computeIfAbsent(p, q -> new Prototype(
                        q.name(), q.string().irim(config.irim()), q.meanIoInterval()))).toList());
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(config.threads(), jobs.size()));
        Map<Job, SystemResult> results = new LinkedHashMap<>();
        java.util.concurrent.atomic.AtomicLong exactNanos = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong irimNanos = new java.util.concurrent.atomic.AtomicLong();
        try {
            Map<Job, Future<SystemResult>> futures = new LinkedHashMap<>();
            for (Job job : jobs) {
                futures.put(job, pool.submit(() -> {
                    long start = System.nanoTime();
                    SystemResult result = MultiprogrammedSystem.run(system(job.configuration(), job.policy(),
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
        } finally {
            pool.shutdownNow();
        }
        List<Curve> curves = tabulate(points(false).stream().map(results::get).toList());
        Optional<CarrIrim> irim = Optional.empty();
        if (config.irim() > 0) {
            long references = 0;
            long events = 0;
            for (Map.Entry<Prototype, Prototype> p : irimOf.entrySet()) {
                references += p.getKey().string().references();
                events += p.getValue().string().steps();
            }
            irim = Optional.of(new CarrIrim(config.irim(), (double) references / events,
                    tabulate(points(true).stream().map(results::get).toList()), exactNanos.get() / 1e9,
                    irimNanos.get() / 1e9));
        }
        Results tabulated = new Results(config, paper, prototypes.framesScale(),
                prototypes.prototypes().stream().map(Prototype::name).toList(), curves, irim);
        // simulations use no plugin: one that fails is heaplab's own fault, thrown, not a failed row
        return new TabulatedOutcome<>(tabulated, CarrClaims.check(tabulated), new LinkedHashMap<>(),
                CarrTables::print, CarrJson::toJson, CarrCsv::toCsv);
    }

    private List<Curve> tabulate(List<SystemResult> results) {
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
                curves.add(new Curve(c, policy, system(c, policy, config.thetas().getFirst()).frames(), points));
            }
        }
        return curves;
    }

    private static Summary summarize(List<SystemResult> runs, ToDoubleFunction<SystemResult> measure) {
        return Summary.of(runs.stream().mapToDouble(measure).toArray());
    }
}
