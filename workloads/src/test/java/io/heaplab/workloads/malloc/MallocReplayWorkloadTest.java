package io.heaplab.workloads.malloc;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.WorkloadContext;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.traces.malloc.MallocTrace;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * A malloc trace replayed: blocks that never overlap while live, aligned where the trace asked, odd events skipped,
 * and the peak of live bytes the replay reports equal to the trace's own, whatever the strategy.
 */
class MallocReplayWorkloadTest {

    /** First fit over a list of free extents with coalescing, or a bump allocator that never reuses. */
    private static final class TestAllocator implements Allocator {
        private final Heap heap;
        private final boolean reuse;
        private final List<long[]> free = new ArrayList<>();
        private final Long2LongOpenHashMap live = new Long2LongOpenHashMap();

        TestAllocator(Heap heap, boolean reuse) {
            this.heap = heap;
            this.reuse = reuse;
        }

        @Override
        public long allocate(long size) {
            long bytes = (size + 7) & -8;
            if (reuse) {
                for (long[] extent : free) {
                    if (extent[1] >= bytes) {
                        long address = extent[0];
                        extent[0] += bytes;
                        extent[1] -= bytes;
                        live.put(address, bytes);
                        return address;
                    }
                }
            }
            long address = heap.grow(bytes);
            live.put(address, bytes);
            return address;
        }

        @Override
        public void free(long address, long size) {
            long bytes = live.remove(address);
            assertThat(bytes).as("a free of %d, which is not live", address).isPositive();
            if (reuse) {
                free.add(new long[] {address, bytes});
            }
        }
    }

    private static WorkloadContext replay(MallocTrace trace, boolean reuse) {
        Heap heap = new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), false);
        WorkloadContext context = new WorkloadContext(heap.data(), new TestAllocator(heap, reuse), 1);
        new MallocReplayWorkload(trace, "test").run(context);
        return context;
    }

    /** A random program: mostly mallocs and frees of live blocks, some reallocs, memaligns and odd events. */
    static MallocTrace randomTrace(long seed, int events) {
        SplittableRandom random = new SplittableRandom(seed);
        MallocTrace.Builder trace = MallocTrace.builder();
        List<Long> live = new ArrayList<>();
        long next = 0x1000;
        for (int i = 0; i < events; i++) {
            int draw = random.nextInt(100);
            int thread = random.nextInt(3);
            if (draw < 40 || live.isEmpty()) {
                long p = next += 0x100;
                trace.malloc(thread, p, random.nextInt(2000));
                live.add(p);
            } else if (draw < 75) {
                trace.free(thread, live.remove(random.nextInt(live.size())));
            } else if (draw < 85) {
                long p = next += 0x100;
                trace.realloc(thread, p, live.remove(random.nextInt(live.size())), random.nextInt(4000));
                live.add(p);
            } else if (draw < 90) {
                long p = next += 0x100;
                trace.memalign(thread, p, 1L << (3 + random.nextInt(8)), random.nextInt(500));
                live.add(p);
            } else if (draw < 93) {
                long p = next += 0x100;
                trace.calloc(thread, p, 1 + random.nextInt(10), random.nextInt(100));
                live.add(p);
            } else if (draw < 96) {
                trace.free(thread, 0xdead0000L + random.nextInt(100)); // never allocated
            } else if (draw < 98) {
                trace.free(thread, 0);
            } else {
                trace.malloc(thread, 0, 1 << 30); // failed in the program
            }
        }
        return trace.build();
    }

    @Property(tries = 40)
    void thePeakOfLiveBytesIsTheTracesOwnWhateverTheStrategy(@ForAll @IntRange(min = 0, max = 100000) int seed) {
        MallocTrace trace = randomTrace(seed, 600);
        long expected = trace.liveProfile().peakLiveBytes();
        assertThat(replay(trace, true).peakLiveBytes()).isEqualTo(expected);
        assertThat(replay(trace, false).peakLiveBytes()).isEqualTo(expected);
        assertThat(replay(trace, true).fragmentation().peakLiveBytes()).isEqualTo(expected);
    }

    @Test
    void alignedBlocksAreAlignedAndOnlyTheirRequestIsLive() {
        Heap heap = new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), false);
        WorkloadContext context = new WorkloadContext(heap.data(), new TestAllocator(heap, false), 1);
        MallocTrace trace = MallocTrace.builder().malloc(0, 0x10, 8).memalign(0, 0x20, 4096, 100).free(0, 0x20)
                .build();
        new MallocReplayWorkload(trace, "test").run(context);
        assertThat(context.peakLiveBytes()).isEqualTo(108);
        assertThat(heap.size()).as("8, then 100 + 4095 of room to align").isEqualTo(8 + ((100 + 4095 + 7) & -8));
        // the aligned block's 100 bytes were written at 4096, its first aligned address: pages 1 only
        assertThat(heap.data().references()).isEqualTo(1 + 1);
    }

    @Test
    void oddEventsAreSkippedNotFatal() {
        MallocTrace trace = MallocTrace.builder().free(0, 0x99).free(0, 0).malloc(0, 0, 100)
                .realloc(0, 0, 0x77, 10).malloc(0, 0x10, 16).malloc(0, 0x10, 32) // 0x10 again: its free untraced
                .realloc(0, 0x20, 0x10, 0).free(0, 0x20).free(0, 0x20).threadDone(0).build();
        WorkloadContext context = replay(trace, true);
        assertThat(context.allocations()).isEqualTo(3);
        assertThat(context.frees()).isEqualTo(3);
        assertThat(context.peakLiveBytes()).isEqualTo(32);
        assertThat(trace.liveProfile().peakLiveBytes()).isEqualTo(32);
        assertThat(trace.liveProfile().unknownFrees()).isEqualTo(2);
    }

    @Test
    void samplesAHundredTimesEvenly() {
        WorkloadContext context = replay(randomTrace(5, 1000), true);
        assertThat(context.timeline().size()).isEqualTo(MallocReplayWorkload.SAMPLES);
    }
}
