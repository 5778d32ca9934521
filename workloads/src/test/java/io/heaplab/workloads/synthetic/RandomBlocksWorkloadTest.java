package io.heaplab.workloads.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.Options;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import io.heaplab.core.spi.WorkloadProvider;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.workloads.LifoTestAllocator;
import io.heaplab.workloads.OverlappingTestAllocator;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RandomBlocksWorkloadTest {

    /** What one run did: the allocator's answers and the frees, in order. */
    private record Trace(long[] allocated, long[] freed, WorkloadContext context, long dataReferences) {
    }

    private static Trace run(Workload workload, long seed) {
        return run(workload, seed, Heap.GROWABLE, LifoTestAllocator::new);
    }

    private static Trace run(Workload workload, long seed, long capacity,
                             Function<Heap, Allocator> allocatorFactory) {
        try (Heap heap = new Heap(256, capacity, new ReferenceRecorder(List.of()), false)) {
            LongArrayList allocated = new LongArrayList();
            LongArrayList freed = new LongArrayList();
            Allocator inner = allocatorFactory.apply(heap);
            Allocator logging = new Allocator() {
                @Override
                public long allocate(long size) {
                    long address = inner.allocate(size);
                    allocated.add(address);
                    return address;
                }

                @Override
                public void free(long address, long size) {
                    freed.add(address);
                    inner.free(address, size);
                }
            };
            WorkloadContext context = new WorkloadContext(heap.data(), logging, seed);
            workload.run(context);
            return new Trace(allocated.toLongArray(), freed.toLongArray(), context, heap.data().references());
        }
    }

    @Test
    void theSameSeedGivesTheSameRun() {
        Workload workload = new RandomBlocksWorkload(16, 50, 2_000);
        Trace a = run(workload, 7);
        Trace b = run(workload, 7);
        assertThat(b.context().allocations()).isEqualTo(a.context().allocations());
        assertThat(b.context().frees()).isEqualTo(a.context().frees());
        assertThat(b.allocated()).isEqualTo(a.allocated());
        assertThat(b.freed()).isEqualTo(a.freed());
    }

    @Test
    void differentSeedsGiveDifferentRuns() {
        Workload workload = new RandomBlocksWorkload(16, 50, 2_000);
        Trace a = run(workload, 7);
        Trace b = run(workload, 8);
        assertThat(b.freed()).isNotEqualTo(a.freed());
        assertThat(b.allocated()).isNotEqualTo(a.allocated());
    }

    @Test
    void everyBlockIsFreedAndTheLiveCountPeaksAtLive() {
        Trace t = run(new RandomBlocksWorkload(24, 300, 5_000), 1);
        WorkloadContext c = t.context();
        assertThat(c.allocations()).isEqualTo(300 + 5_000);
        assertThat(c.frees()).isEqualTo(c.allocations());
        assertThat(c.rejections()).isZero();
        assertThat(c.peakLiveBlocks()).isEqualTo(300);
        assertThat(c.peakLiveBytes()).isEqualTo(300 * 24);
        assertThat(t.freed()).containsExactlyInAnyOrder(t.allocated());
    }

    @ParameterizedTest(name = "size={0}")
    @CsvSource({"16, 2", "13, 3", "15, 4", "1, 1", "6, 2", "40, 5"})
    void eachBlockIsWrittenWhenAllocatedAndReadBeforeItIsFreed(long size, int accessesPerBlock) {
        Trace t = run(new RandomBlocksWorkload(size, 20, 100), 3);
        // longs, then an int, a short and a byte for the tail: once to write, once to read back
        assertThat(t.dataReferences()).isEqualTo(2L * accessesPerBlock * t.context().allocations());
    }

    @Test
    void anAllocatorThatHandsOutOneAddressTwiceIsCaught() {
        assertThatThrownBy(() -> run(new RandomBlocksWorkload(16, 100, 1_000), 5, Heap.GROWABLE,
                heap -> new Allocator() {
                    private final long only = heap.grow(16);

                    @Override
                    public long allocate(long size) {
                        return only;
                    }

                    @Override
                    public void free(long address, long size) {
                    }
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("random-blocks: the live block at address 0 changed");
    }

    @Test
    void anAllocatorWhoseBlocksOverlapByAFewBytesIsCaught() {
        // blocks 13 bytes apart for 16-byte requests: each new block tramples the second word of the one before
        assertThatThrownBy(() -> run(new RandomBlocksWorkload(16, 100, 1_000), 5, Heap.GROWABLE,
                heap -> new OverlappingTestAllocator(heap, 13)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("changed at byte 8");
    }

    @Test
    void requestsABoundedHeapRejectsAreSkipped() {
        // room for 40 of the 100 blocks the workload wants live
        Trace t = run(new RandomBlocksWorkload(16, 100, 500), 9, 40 * 16, LifoTestAllocator::new);
        WorkloadContext c = t.context();
        // the ramp-up is refused 60 times; every step frees before it allocates, so it always finds room
        assertThat(c.rejections()).isEqualTo(60);
        assertThat(c.allocations()).isEqualTo(40 + 500);
        assertThat(c.frees()).isEqualTo(c.allocations());
        assertThat(c.peakLiveBlocks()).isEqualTo(40);
    }

    @Test
    void isFoundByItsShortNameWithTypedOptions() {
        WorkloadProvider provider = Plugins.load().workloads().find("random-blocks");
        assertThat(provider).isInstanceOf(RandomBlocksProvider.class);
        assertThat(provider.options()).extracting(o -> o.name() + "=" + o.defaultValue())
                .containsExactly("size=16", "live=1000", "steps=100000");

        Workload defaults = provider.create(Options.bind(provider, Spec.parse("random-blocks")));
        assertThat(defaults.blockSize()).isEqualTo(16);
        Workload small = provider.create(Options.bind(provider, Spec.parse("random-blocks:size=8,live=10,steps=50")));
        assertThat(small.blockSize()).isEqualTo(8);
        assertThat(run(small, 1).context().allocations()).isEqualTo(60);

        assertThatThrownBy(() -> Options.bind(provider, Spec.parse("random-blocks:live=0")))
                .isInstanceOf(SpecException.class).hasMessageContaining("live=0");
    }

    @Test
    void theConstructorChecksItsArguments() {
        assertThatThrownBy(() -> new RandomBlocksWorkload(0, 1, 1)).hasMessage("size: 0 (expected: > 0)");
        assertThatThrownBy(() -> new RandomBlocksWorkload(8, 0, 1)).hasMessage("live: 0 (expected: > 0)");
        assertThatThrownBy(() -> new RandomBlocksWorkload(8, 1, -1)).hasMessage("steps: -1 (expected: >= 0)");
    }
}
