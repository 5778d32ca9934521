package io.heaplab.core.run;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.Plugins;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import io.heaplab.core.spi.WorkloadProvider;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import java.util.Set;
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
     * option, options a workload cannot combine, or a policy given twice (results are keyed by spec) fails with a
     * one-line {@link SpecException}.
     */
    public void check(RunSpec spec) {
        Bound bound = bind(spec);
        // a workload checks how its options fit together when it is made; making one costs nothing yet
        bound.workload().create(bound.workloadOptions());
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
        List<PagingSimulator> simulators = new ArrayList<>();
        for (int i = 0; i < bound.policies().size(); i++) {
            simulators.add(bound.policies().get(i).create(bound.policyOptions().get(i)));
        }
        WorkloadProvider workloadProvider = bound.workload();
        Options workloadOptions = bound.workloadOptions();
        AllocatorProvider allocatorProvider = bound.allocator();
        Options allocatorOptions = bound.allocatorOptions();

        long start = System.nanoTime();
        Workload workload = workloadProvider.create(workloadOptions);
        List<ReferenceSink> sinks = new ArrayList<>(simulators);
        sinks.addAll(observers);
        ReferenceRecorder recorder = new ReferenceRecorder(sinks);
        long capacity = Math.min(spec.heapCapacity(), workload.heapCapacity());
        try (Heap heap = recorded ? new Heap(spec.pageSize(), capacity, recorder, spec.countAllocatorReferences())
                : Heap.unrecorded(spec.pageSize(), capacity)) {
            Allocator allocator = allocatorProvider.create(allocatorOptions,
                    new AllocatorSetup(heap, workload.blockSize(), allocatorSeed(spec.seed())));
            WorkloadContext context = new WorkloadContext(heap.data(), allocator, spec.seed());
            workload.run(context);
            recorder.finish();

            SequencedMap<String, PagingOutcome> paging = new LinkedHashMap<>();
            for (int i = 0; i < simulators.size(); i++) {
                paging.put(spec.policies().get(i).toString(), simulators.get(i).outcome());
            }
            return new RunResult(spec.workload().toString(), spec.allocator().toString(), spec.pageSize(),
                    spec.seed(), recorder.references(), context.measuredFrom(), heap.bookkeeping().references(), heap.virtualPages(),
                    recorder.distinctPages(), context.allocations(), context.frees(), context.rejections(),
                    context.peakLiveBlocks(), context.peakLiveBytes(), context.space(), paging, System.nanoTime() - start);
        }
    }

    /**
     * Runs every spec, up to {@code threads} at a time, and returns the results in the order of the specs. Runs
     * share nothing, so the results are the same whatever the number of threads. Every spec is checked before
     * the first run starts; the first run that fails stops the rest and its exception is thrown.
     */
    public List<RunResult> runAll(List<RunSpec> specs, int threads) {
        return runAll(specs, threads, () -> { });
    }

    /**
     * As {@link #runAll(List, int)}, calling {@code afterEach} (from the thread that ran it) as each run ends, so a
     * progress bar can follow a long sweep.
     */
    public List<RunResult> runAll(List<RunSpec> specs, int threads, Runnable afterEach) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads: " + threads + " (expected: >= 1)");
        }
        specs.forEach(this::check);
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, Math.max(1, specs.size())));
        try {
            List<Future<RunResult>> futures = new ArrayList<>();
            for (RunSpec spec : specs) {
                futures.add(pool.submit(() -> {
                    RunResult result = run(spec);
                    afterEach.run();
                    return result;
                }));
            }
            List<RunResult> results = new ArrayList<>();
            for (Future<RunResult> future : futures) {
                results.add(future.get());
            }
            return results;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
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

    /** A seed for a randomized strategy, apart from the workload's stream yet fixed by the run's seed. */
    static long allocatorSeed(long seed) {
        return new java.util.SplittableRandom(seed).split().nextLong();
    }

    /** The plugins of a run with their checked options, policies in the order given. */
    private record Bound(WorkloadProvider workload, Options workloadOptions, AllocatorProvider allocator,
                         Options allocatorOptions, List<ReplacementPolicyProvider> policies,
                         List<Options> policyOptions) {
    }

    private Bound bind(RunSpec spec) {
        WorkloadProvider workload = plugins.workloads().find(spec.workload().name());
        Options workloadOptions = Options.bind(workload, spec.workload());
        AllocatorProvider allocator = plugins.allocators().find(spec.allocator().name());
        Options allocatorOptions = Options.bind(allocator, spec.allocator());
        Set<String> seen = new HashSet<>();
        List<ReplacementPolicyProvider> policies = new ArrayList<>();
        List<Options> policyOptions = new ArrayList<>();
        for (Spec policy : spec.policies()) {
            if (!seen.add(policy.toString())) {
                throw new SpecException("policy '" + policy + "' given twice (expected: each once)");
            }
            ReplacementPolicyProvider provider = plugins.policies().find(policy.name());
            policies.add(provider);
            policyOptions.add(Options.bind(provider, policy));
        }
        return new Bound(workload, workloadOptions, allocator, allocatorOptions, policies, policyOptions);
    }
}
