package io.heaplab.cli;

import io.heaplab.core.heap.Accounting;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options that say which experiment to run: workload, allocators, page size, seed and heap; shared by commands. */
final class RunOptions {

    @Option(names = {"-w", "--workload"}, paramLabel = "SPEC",
            description = "The workload and its options, e.g. random-blocks:size=16,live=1000.")
    private String workload;

    @Option(names = {"-a", "--allocator"}, paramLabel = "SPEC[,SPEC...]",
            description = "Allocators, e.g. stack or stack,nofree; repeatable (run and curve compare several, trace "
                    + "record takes one).")
    private List<String> allocators = new ArrayList<>();

    @Option(names = "--page-size", paramLabel = "BYTES", converter = ByteSize.ToInt.class, defaultValue = "4096",
            description = "Bytes per page, a power of 2 from 64 to 1048576, units allowed: 512, 4KiB, 1MiB"
                    + " (default: ${DEFAULT-VALUE}).")
    private int pageSize;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the workload's random source (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--heap-size", paramLabel = "BYTES", converter = ByteSize.ToLong.class,
            description = "Bound the heap to this many bytes (units allowed: 64MiB); requests that find no room are"
                    + " rejected and counted (default: the heap grows as needed).")
    private Long heapSize;

    @Option(names = "--count-allocator", paramLabel = "WHEN", arity = "0..1", fallbackValue = "all",
            description = "Page the allocator's own bookkeeping references too: all (the default when WHEN is "
                    + "left out), allocate (only those made while allocating), dispose (only those made while "
                    + "disposing) or none (default: none, only the workload's).")
    private String countAllocator = "none";

    @Option(names = "--exclude-first-touch",
            description = "Leave each page's first touch out of the faults: a demand-zero fault every policy takes "
                    + "at every memory size (default: counted).")
    private boolean excludeFirstTouch;

    @Mixin
    private MaxMemoryOption maxMemory = new MaxMemoryOption();

    @Option(names = "--diagnostics",
            description = "Also measure the workload's program: the allocation-order gap of each link it follows, "
                    + "the age of each block it reads, faults per allocation and faults by phase.")
    private boolean diagnostics;

    /** Whether a workload or an allocator was named at all. */
    boolean given() {
        return workload != null || !allocators.isEmpty();
    }

    int pageSize() {
        checkPageSize(pageSize);
        return pageSize;
    }

    /** One run per allocator, each feeding {@code policies}; fails on a missing or repeated spec or a bad size. */
    List<RunSpec> specs(List<Spec> policies) {
        if (workload == null) {
            throw new SpecException("--workload is required (expected: a workload spec such as random-blocks)");
        }
        if (allocators.isEmpty()) {
            throw new SpecException("--allocator is required (expected: an allocator spec such as first-fit)");
        }
        checkPageSize(pageSize);
        maxMemory.apply();
        if (heapSize != null && heapSize <= 0) {
            throw new SpecException("--heap-size: " + heapSize + " (expected: a positive number of bytes)");
        }
        RunSpec.Builder run = RunSpec.workload(workload).policies(policies).pageSize(pageSize).seed(seed)
                .accounting(accounting()).diagnosed(diagnostics);
        if (heapSize != null) {
            run.heapCapacity(heapSize);
        }
        Set<String> seen = new HashSet<>();
        List<RunSpec> runs = new ArrayList<>();
        for (String list : allocators) {
            for (Spec allocator : Spec.parseList(list)) {
                if (!seen.add(allocator.toString())) {
                    throw new SpecException("allocator '" + allocator + "' given twice (expected: each once)");
                }
                runs.add(run.allocator(allocator).build());
            }
        }
        return runs;
    }

    /** The one run the options name; fails when they name several allocators. */
    RunSpec single(List<Spec> policies) {
        List<RunSpec> runs = specs(policies);
        if (runs.size() != 1) {
            throw new SpecException(runs.size() + " allocators given (expected: exactly one)");
        }
        return runs.getFirst();
    }

    /** Which faults the options count; fails on an unknown --count-allocator value. */
    Accounting accounting() {
        Accounting.AllocatorReferences paged = Accounting.AllocatorReferences.of(countAllocator);
        if (paged == null) {
            throw new SpecException("--count-allocator " + countAllocator
                    + " (expected: all, allocate, dispose or none)");
        }
        return new Accounting(paged, !excludeFirstTouch);
    }

    static void checkPageSize(int pageSize) {
        if (!Heap.isPageSize(pageSize)) {
            throw new SpecException("--page-size " + pageSize + " (expected: " + Heap.PAGE_SIZES + ")");
        }
    }
}
