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
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import io.heaplab.core.spi.WorkloadProvider;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;

/** Runs one workload under one allocator with its references feeding the policies, and gathers the measures. */
public final class Runner {

    private final Plugins plugins;

    public Runner(Plugins plugins) {
        this.plugins = plugins;
    }

    /**
     * Runs {@code spec}. Every spec is checked before anything runs, so a typo fails at once with a one-line
     * {@link io.heaplab.core.spi.SpecException}.
     */
    public RunResult run(RunSpec spec) {
        WorkloadProvider workloadProvider = plugins.workloads().find(spec.workload().name());
        Options workloadOptions = Options.bind(workloadProvider, spec.workload());
        AllocatorProvider allocatorProvider = plugins.allocators().find(spec.allocator().name());
        Options allocatorOptions = Options.bind(allocatorProvider, spec.allocator());
        List<PagingSimulator> simulators = new ArrayList<>();
        for (Spec policy : spec.policies()) {
            ReplacementPolicyProvider provider = plugins.policies().find(policy.name());
            simulators.add(provider.create(Options.bind(provider, policy)));
        }

        long start = System.nanoTime();
        Workload workload = workloadProvider.create(workloadOptions);
        ReferenceRecorder recorder = new ReferenceRecorder(simulators);
        try (Heap heap = new Heap(spec.pageSize(), spec.heapCapacity(), recorder, spec.countAllocatorReferences())) {
            Allocator allocator = allocatorProvider.create(allocatorOptions,
                    new AllocatorSetup(heap, workload.blockSize()));
            WorkloadContext context = new WorkloadContext(heap.data(), allocator, spec.seed());
            workload.run(context);
            recorder.finish();

            SequencedMap<String, PagingOutcome> paging = new LinkedHashMap<>();
            for (int i = 0; i < simulators.size(); i++) {
                paging.put(spec.policies().get(i).toString(), simulators.get(i).outcome());
            }
            return new RunResult(spec.workload().toString(), spec.allocator().toString(), spec.pageSize(),
                    spec.seed(), recorder.references(), heap.bookkeeping().references(), heap.virtualPages(),
                    recorder.distinctPages(), context.allocations(), context.frees(), context.rejections(),
                    context.peakLiveBlocks(), context.peakLiveBytes(), paging, System.nanoTime() - start);
        }
    }
}
