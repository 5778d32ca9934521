package io.heaplab.core.run;

import io.heaplab.core.diagnostics.PhasedFaults;
import io.heaplab.core.diagnostics.ProgramDiagnostics;
import io.heaplab.core.heap.Accounting;
import io.heaplab.core.heap.HeapMemoryException;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.plugins.Failures;
import io.heaplab.core.plugins.Watchdog;
import io.heaplab.core.spi.Options;
import io.heaplab.core.plugins.Origin;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import io.heaplab.core.spi.WorkloadProvider;
import io.heaplab.core.trace.FanOut;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs one workload under one allocator with its references feeding the policies, and gathers the measures. */
public final class Runner {

    private final Plugins plugins;

    public Runner(Plugins plugins) {
        this.plugins = plugins;
    }

    /**
     * Checks every spec of {@code spec} against its plugin without running anything: an unknown name, a bad
     * option (a value outside its choices or range among them), options a workload cannot combine, an allocator
     * option its strategy refuses for this run's page and workload, or a policy given twice (results are keyed by
     * spec) fails with a one-line {@link SpecException}.
     */
    public void check(RunSpec spec) {
        Bound bound = bind(spec);
        if (bound.binder().suspects().isEmpty()) {
            checkSetup(spec, bound);
            return;
        }
        try {
            Watchdog.call("heaplab check of " + spec.allocator(), () -> {
                checkSetup(spec, bound);
                return null;
            });
        } catch (Watchdog.Expired e) {
            // a plugin that never returns is not a bad spec: its run meets the same wait, and fails with it named
        }
    }

    private void checkSetup(RunSpec spec, Bound bound) {
        // a workload checks how its options fit together when it is made; making one costs nothing yet
        Workload workload = bound.workload().create(bound.workloadOptions());
        // so does a strategy, against the page size and block size (cell: 24 is no power of 2; a fixed-size
        // strategy under varied sizes): made on an empty heap that records nothing, and dropped
        try (Heap heap = Heap.unrecorded(spec.pageSize(), Math.min(spec.heapCapacity(), workload.heapCapacity()))) {
            bound.allocator().create(bound.allocatorOptions(),
                    new AllocatorSetup(heap, workload.blockSize(), allocatorSeed(spec.seed())));
        } catch (SpecException e) {
            throw e;
        } catch (RuntimeException | LinkageError e) {
            // a strategy that breaks is not a bad spec: the run says so, and a sweep keeps its other rows
        }
    }

    /** Runs {@code spec}, checked first as {@link #check} does. */
    public RunResult run(RunSpec spec) {
        return run(spec, List.of());
    }

    /**
     * Runs {@code spec} as {@link #run(RunSpec)} does, with the references also fed to {@code observers} (a trace
     * file being written, say) after the policies; their {@code finish} is called like the policies'.
     */
    public RunResult run(RunSpec spec, List<? extends ReferenceSink> observers) {
        return run(spec, observers, true);
    }

    /**
     * Runs {@code spec}, which names no policy, with recording off: the workload and the allocator make every
     * reference but none reaches a recorder ({@link Heap#unrecorded}), so the time is the run's without the
     * recording. Nothing counts virtual time or distinct pages, so the result gives 0 for both.
     */
    public RunResult runUnrecorded(RunSpec spec) {
        if (!spec.policies().isEmpty()) {
            throw new IllegalArgumentException("an unrecorded run pages nothing (expected: no policies, got "
                    + spec.policies() + ")");
        }
        return run(spec, List.of(), false);
    }

    private RunResult run(RunSpec spec, List<? extends ReferenceSink> observers, boolean recorded) {
        Bound bound = bind(spec);
        if (bound.binder().suspects().isEmpty()) {
            return measureBlaming(spec, bound, observers, recorded);
        }
        // a plugin's run has a time limit: one that never returns fails here, named, and a sweep goes on
        try {
            return Watchdog.call("heaplab run of " + spec.allocator(),
                    () -> measureBlaming(spec, bound, observers, recorded));
        } catch (Watchdog.Expired e) {
            throw bound.binder().expired("run", e);
        }
    }

    private RunResult measureBlaming(RunSpec spec, Bound bound, List<? extends ReferenceSink> observers,
                                     boolean recorded) {
        try {
            return measure(spec, bound, observers, recorded);
        } catch (PluginFailure | SpecException e) {
            throw e; // already says what is wrong; a setup a strategy cannot serve is the user's to fix
        } catch (RuntimeException | Error e) {
            PluginFailure blamed = bound.binder().blame("run", e);
            if (blamed == null) {
                throw e;
            }
            throw blamed;
        }
    }

    private RunResult measure(RunSpec spec, Bound bound, List<? extends ReferenceSink> observers, boolean recorded) {
        List<PagingSimulator> simulators = bound.binder().simulators();
        long start = System.nanoTime();
        Workload workload = bound.workload().create(bound.workloadOptions());
        ProgramDiagnostics diagnostics = spec.diagnosed() && recorded ? new ProgramDiagnostics(
                workload.blockSize() == AllocatorSetup.VARIED ? 0 : spec.pageSize() / workload.blockSize()) : null;
        SequencedMap<String, PhasedFaults> phased = new LinkedHashMap<>();
        List<ReferenceSink> sinks = new ArrayList<>();
        for (int i = 0; i < simulators.size(); i++) {
            PagingSimulator simulator = simulators.get(i);
            if (diagnostics != null && simulator.faultsSoFar() >= 0) {
                // a policy that counts its faults as it goes is fed through a sink that charges them to phases
                PhasedFaults sink = diagnostics.phased(simulator);
                phased.put(spec.policies().get(i).toString(), sink);
                sinks.add(sink);
            } else {
                sinks.add(simulator);
            }
        }
        sinks.addAll(observers);
        if (diagnostics != null) {
            sinks.add(diagnostics);
        }
        ReferenceRecorder recorder = new ReferenceRecorder(FanOut.of(sinks));
        if (diagnostics != null) {
            recorder.trackPhases(); // the workload's context tells the heap each phase it enters
        }
        long capacity = Math.min(spec.heapCapacity(), workload.heapCapacity());
        Accounting accounting = spec.accounting();
        try (Heap heap = recorded ? new Heap(spec.pageSize(), capacity, recorder, accounting.allocatorReferences().any())
                : Heap.unrecorded(spec.pageSize(), capacity)) {
            heap.limitMemory(MemoryLimits.offHeap());
            Allocator allocator = bound.allocator().create(bound.allocatorOptions(),
                    new AllocatorSetup(heap, workload.blockSize(), allocatorSeed(spec.seed())));
            if (bound.allocatorOrigin().isPlugin()) {
                allocator = new GuardedAllocator(allocator, heap, "plugin " + bound.allocatorOrigin()
                        + ": allocator '" + spec.allocator().name() + "' (" + allocator.getClass().getName() + ")");
            }
            WorkloadContext context = new WorkloadContext(heap.data(), allocator, spec.seed(), accounting,
                    diagnostics);
            workload.run(context);
            recorder.finish();

            long firstTouches = recorder.firstTouches();
            SequencedMap<String, PagingOutcome> paging = new LinkedHashMap<>();
            for (int i = 0; i < simulators.size(); i++) {
                PagingOutcome outcome = simulators.get(i).outcome();
                paging.put(spec.policies().get(i).toString(),
                        accounting.firstTouchCounted() ? outcome : withoutFirstTouches(outcome, firstTouches));
            }
            return new RunResult(spec.workload().toString(), spec.allocator().toString(), spec.pageSize(),
                    spec.seed(), recorder.references(), context.measuredFrom(), heap.bookkeeping().references(),
                    heap.virtualPages(), recorder.distinctPages(), firstTouches, context.allocations(),
                    context.frees(), context.rejections(), context.peakLiveBlocks(), context.peakLiveBytes(),
                    context.space(), context.fragmentation(), context.timeline(), paging, accounting, diagnostics == null ? null : diagnostics.diagnostics(phased),
                    System.nanoTime() - start);
        }
    }

    /**
     * {@code outcome} less the faults every demand-paging policy takes at every size on the first reference to each
     * of the measured phase's new pages.
     */
    static PagingOutcome withoutFirstTouches(PagingOutcome outcome, long firstTouches) {
        return switch (outcome) {
            case PagingOutcome.Faults f -> new PagingOutcome.Faults(f.faults() - firstTouches, f.measures());
            case PagingOutcome.Curve c -> {
                long[] faults = c.faults().clone();
                for (int i = 0; i < faults.length; i++) {
                    faults[i] -= firstTouches;
                }
                yield new PagingOutcome.Curve(c.axis(), c.sizes(), faults, c.writeBacks(), c.meanResident(),
                        c.references());
            }
        };
    }

    /**
     * Runs every spec, up to {@code threads} at a time, and returns an outcome per spec in their order: a run that
     * fails is marked failed with its reason and the others go on. Every spec is checked before the first run
     * starts (a bad spec is the user's to fix, and fails at once).
     */
    public List<RunOutcome> sweep(List<RunSpec> specs, int threads, Runnable afterEach) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads: " + threads + " (expected: >= 1)");
        }
        specs.forEach(this::check);
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, Math.max(1, specs.size())));
        try {
            List<Future<RunOutcome>> futures = new ArrayList<>();
            for (RunSpec spec : specs) {
                futures.add(pool.submit(() -> {
                    RunOutcome outcome = attempt(spec);
                    afterEach.run();
                    return outcome;
                }));
            }
            List<RunOutcome> outcomes = new ArrayList<>();
            for (Future<RunOutcome> future : futures) {
                outcomes.add(future.get());
            }
            return outcomes;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof SpecException spec) {
                throw spec;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running", e);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Runs {@code spec} as {@link #run(RunSpec)} does, but a run that fails (a plugin's fault, a stack overflow)
     * gives a failed outcome with its reason instead of an exception; one bad row need not cost a sweep the rest.
     * A {@link SpecException} (a setup the strategy cannot serve) is still thrown: it is the user's to fix.
     */
    public RunOutcome attempt(RunSpec spec) {
        try {
            return new RunOutcome(spec, run(spec), null);
        } catch (SpecException e) {
            throw e; // a spec the strategy cannot serve is a usage error, for the whole sweep
        } catch (RuntimeException | StackOverflowError | LinkageError e) {
            return new RunOutcome(spec, null, reason(e));
        }
    }

    /**
     * Why a run failed, in one line: a plugin's failure or a breach of the memory limit says it all; anything else
     * is named by its class.
     */
    private static String reason(Throwable e) {
        return e instanceof PluginFailure || e instanceof HeapMemoryException
                ? e.getMessage().lines().findFirst().orElse("")
                : "error: " + Failures.summary(e);
    }

    /**
     * Runs every spec, up to {@code threads} at a time, and returns the results in the order of the specs. Runs
     * share nothing, so the results are the same whatever the number of threads. Every spec is checked before
     * the first run starts; if a run fails, the others still run and then the first failure is thrown.
     */
    public List<RunResult> runAll(List<RunSpec> specs, int threads) {
        return runAll(specs, threads, () -> { });
    }

    /**
     * As {@link #runAll(List, int)}, calling {@code afterEach} (from the thread that ran it) as each run ends, so a
     * progress bar can follow a long sweep.
     */
    public List<RunResult> runAll(List<RunSpec> specs, int threads, Runnable afterEach) {
        List<RunResult> results = new ArrayList<>();
        for (RunOutcome outcome : sweep(specs, threads, afterEach)) {
            if (outcome.failed()) {
                throw new IllegalStateException(outcome.failure());
            }
            results.add(outcome.result());
        }
        return results;
    }

    /** A seed for a randomized strategy, apart from the workload's stream yet fixed by the run's seed. */
    static long allocatorSeed(long seed) {
        return new java.util.SplittableRandom(seed).split().nextLong();
    }

    /**
     * The plugins of a run with their checked options; its policies, in the order given, with the suspects of the
     * whole run.
     */
    private record Bound(WorkloadProvider workload, Options workloadOptions, AllocatorProvider allocator,
                         Options allocatorOptions, Origin allocatorOrigin, PolicyBinder binder) {
    }

    private Bound bind(RunSpec spec) {
        WorkloadProvider workload = plugins.workloads().find(spec.workload().name());
        Options workloadOptions = Options.bind(workload, spec.workload());
        AllocatorProvider allocator = plugins.allocators().find(spec.allocator().name());
        Options allocatorOptions = Options.bind(allocator, spec.allocator());
        Origin allocatorOrigin = plugins.allocators().origin(spec.allocator().name());
        PolicyBinder binder = new PolicyBinder(plugins)
                .suspect("workload", spec.workload().name(), plugins.workloads().origin(spec.workload().name()))
                .suspect("allocator", spec.allocator().name(), allocatorOrigin)
                .policies(spec.policies());
        return new Bound(workload, workloadOptions, allocator, allocatorOptions, allocatorOrigin, binder);
    }
}
