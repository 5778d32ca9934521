package io.heaplab.core.run;

import io.heaplab.core.heap.Accounting;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Spec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One experiment: a workload under one allocator, its references fed to some policies.
 *
 * <p>{@link #workload(String)} starts a {@link Builder} that reads as the experiment does:
 * <pre>{@code
 * RunSpec spec = RunSpec.workload("random-blocks:size=16").allocator("mru").policy("lru:frames=all")
 *         .pageSize(512).build();
 * }</pre>
 *
 * @param workload                 the workload and its options
 * @param allocator                the allocation strategy and its options
 * @param policies                 the replacement policies to simulate, each counted separately
 * @param pageSize                 bytes per page, a power of two
 * @param heapCapacity             the most bytes the heap may hold, or {@link Heap#GROWABLE}
 * @param seed                     the seed of the workload's random source
 * @param accounting               which faults count: the allocator's bookkeeping references paged or not (Brent
 *                                 compares strategies, not their implementations, so by default they are not),
 *                                 each page's first touch counted or not
 * @param diagnosed                whether the run gathers the {@link io.heaplab.core.diagnostics.Diagnostics} of
 *                                 its program (links followed, ages of blocks read, faults by phase)
 */
public record RunSpec(Spec workload, Spec allocator, List<Spec> policies, int pageSize, long heapCapacity, long seed,
                      Accounting accounting, boolean diagnosed) {

    /** The seed a builder uses unless told otherwise, as the command's {@code run} does. */
    public static final long DEFAULT_SEED = 1;

    public RunSpec {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(allocator, "allocator");
        policies = List.copyOf(policies);
        Objects.requireNonNull(accounting, "accounting");
        Heap.checkPageSize(pageSize);
        checkCapacity(heapCapacity);
    }

    /** A run in a growable heap that pages only the workload's references. */
    public static RunSpec of(Spec workload, Spec allocator, List<Spec> policies, int pageSize, long seed) {
        return new RunSpec(workload, allocator, policies, pageSize, Heap.GROWABLE, seed, Accounting.WORKLOAD, false);
    }

    /**
     * Starts a run of {@code workload}, a spec such as {@code pqsim} or {@code random-blocks:size=16}; a malformed
     * one fails here with a one-line {@link io.heaplab.core.spi.SpecException}.
     */
    public static Builder workload(String workload) {
        return new Builder(Spec.parse(workload));
    }

    /** Starts a run of {@code workload}. */
    public static Builder workload(Spec workload) {
        return new Builder(Objects.requireNonNull(workload, "workload"));
    }

    /** This run with {@code policies} in place of its own. */
    public RunSpec withPolicies(List<Spec> policies) {
        return new RunSpec(workload, allocator, policies, pageSize, heapCapacity, seed, accounting, diagnosed);
    }

    /** A builder holding this run's every field, to make a variant of it. */
    public Builder toBuilder() {
        Builder builder = new Builder(workload).allocator(allocator).pageSize(pageSize).heapCapacity(heapCapacity)
                .seed(seed).accounting(accounting).diagnosed(diagnosed);
        builder.policies.addAll(policies);
        return builder;
    }

    private static void checkCapacity(long heapCapacity) {
        if (heapCapacity <= 0) {
            throw new IllegalArgumentException("heapCapacity: " + heapCapacity
                    + " (expected: a positive number of bytes, or Heap.GROWABLE)");
        }
    }

    /**
     * A {@link RunSpec} told field by field. Unless told otherwise a run has {@link Heap#DEFAULT_PAGE_SIZE}-byte
     * pages, a growable heap, seed {@value RunSpec#DEFAULT_SEED}, no policies, pages only the workload's
     * references, counts every fault and gathers no diagnostics. Each {@link #build()} makes a new spec, so one builder can make a sweep:
     * <pre>{@code
     * RunSpec.Builder brent = RunSpec.workload("pqsim").policy("lru:frames=all").pageSize(512);
     * List<RunSpec> runs = Stream.of("stack", "mru").map(a -> brent.allocator(a).build()).toList();
     * }</pre>
     */
    public static final class Builder {

        private final Spec workload;
        private Spec allocator;
        private final List<Spec> policies = new ArrayList<>();
        private int pageSize = Heap.DEFAULT_PAGE_SIZE;
        private long heapCapacity = Heap.GROWABLE;
        private long seed = DEFAULT_SEED;
        private Accounting accounting = Accounting.WORKLOAD;
        private boolean diagnosed;

        private Builder(Spec workload) {
            this.workload = workload;
        }

        /** The allocation strategy, a spec such as {@code mru} or {@code buddy:minBlock=16}; required. */
        public Builder allocator(String allocator) {
            return allocator(Spec.parse(allocator));
        }

        /** The allocation strategy; required. */
        public Builder allocator(Spec allocator) {
            this.allocator = Objects.requireNonNull(allocator, "allocator");
            return this;
        }

        /** One more replacement policy, a spec such as {@code lru:frames=100} or {@code lru:frames=all}. */
        public Builder policy(String policy) {
            return policy(Spec.parse(policy));
        }

        /** One more replacement policy. */
        public Builder policy(Spec policy) {
            policies.add(Objects.requireNonNull(policy, "policy"));
            return this;
        }

        /** More replacement policies, in order. */
        public Builder policies(String... policies) {
            for (String policy : policies) {
                policy(policy);
            }
            return this;
        }

        /** More replacement policies, in order. */
        public Builder policies(List<Spec> policies) {
            policies.forEach(this::policy);
            return this;
        }

        /** Bytes per page, a power of 2 from 64 to 1 MiB; checked by {@link #build()}. */
        public Builder pageSize(int pageSize) {
            this.pageSize = pageSize;
            return this;
        }

        /**
         * Bounds the heap to {@code bytes}: a request that finds no room is rejected and counted; {@link
         * Heap#GROWABLE} lets it grow as needed again.
         */
        public Builder heapCapacity(long bytes) {
            checkCapacity(bytes);
            this.heapCapacity = bytes;
            return this;
        }

        /** The seed of the workload's random source; the same seed gives the same numbers. */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** Whether the allocator's own bookkeeping references are paged too: a real allocator's paging cost. */
        public Builder countAllocatorReferences(boolean count) {
            return accounting(accounting.withAllocatorReferences(count ? Accounting.AllocatorReferences.ALL
                    : Accounting.AllocatorReferences.NONE));
        }

        /** Which faults count: the allocator's references paged at allocation, at disposal; first touches. */
        public Builder accounting(Accounting accounting) {
            this.accounting = Objects.requireNonNull(accounting, "accounting");
            return this;
        }

        /** Whether the run gathers its program's diagnostics: links followed, ages of blocks read, phases. */
        public Builder diagnosed(boolean diagnosed) {
            this.diagnosed = diagnosed;
            return this;
        }

        /**
         * The spec told so far.
         *
         * @throws IllegalStateException when no allocator was given
         * @throws IllegalArgumentException when the page size is not a power of 2 from 64 to 1 MiB
         */
        public RunSpec build() {
            if (allocator == null) {
                throw new IllegalStateException("run of '" + workload + "' names no allocator (expected: "
                        + "allocator(spec) before build(), such as allocator(\"first-fit\"))");
            }
            return new RunSpec(workload, allocator, policies, pageSize, heapCapacity, seed, accounting, diagnosed);
        }
    }
}
