package io.heaplab.workloads.malloc;

import io.heaplab.core.run.MemoryLimits;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import io.heaplab.traces.malloc.MallocOp;
import io.heaplab.traces.malloc.MallocTrace;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;

/**
 * A real program's malloc trace replayed through a strategy: every {@code malloc}, {@code calloc}, {@code realloc},
 * {@code memalign} and {@code free}, in the recorded order, all threads' events interleaved as recorded.
 *
 * <ul>
 *   <li><b>Addresses</b> are remapped: the trace's pointer names a live block, which lives wherever the strategy
 *       puts it in heaplab's heap.</li>
 *   <li><b>What the replay touches</b>: the strategy's own bookkeeping (paged as {@code --count-allocator} says),
 *       and, as the program would, one write of each new block's bytes ({@code calloc}'s zeroing, {@code malloc}'s
 *       first stores alike) and, for {@code realloc}, a read of the old block's bytes and a write of the new.</li>
 *   <li><b>realloc</b> is allocate, copy, free ({@link WorkloadContext#reallocate}): no strategy here grows a block
 *       in place. {@code realloc(NULL, n)} is a malloc; {@code realloc(p, 0)} that returned NULL is a free.</li>
 *   <li><b>Alignment</b>: a {@code memalign} of more than 8 bytes asks for {@code alignment - 1} bytes more and
 *       places the block at the first aligned address inside; only the requested bytes count as live.</li>
 *   <li><b>Odd events</b> are skipped, never fatal: a call that returned NULL in the program, a free of a pointer
 *       that is not live (freed twice, or allocated before the trace began), a free of NULL. A block that a bounded
 *       heap rejects is counted by the run; later frees of it are skipped.</li>
 * </ul>
 *
 * <p>The run samples itself a hundred times, evenly over the events, for its footprint over time, and knows the
 * trace's peak of live bytes beforehand, for Johnstone &amp; Wilson's measure 1 near the peak.
 */
public final class MallocReplayWorkload implements Workload {

    /** Samples over the run. */
    static final int SAMPLES = 100;

    private final MallocTrace trace;
    private final String description;
    /** The trace's own peak of live bytes, told to the run before it starts. */
    private final long peakLiveBytes;

    public MallocReplayWorkload(MallocTrace trace, String description) {
        this.trace = trace;
        this.description = description;
        this.peakLiveBytes = trace.liveProfile().peakLiveBytes();
    }

    @Override
    public long blockSize() {
        return AllocatorSetup.VARIED;
    }

    @Override
    public void run(WorkloadContext context) {
        // a trace whose live requests no run's heap may hold is refused as random-blocks refuses its options
        MemoryLimits.checkOffHeap(description, peakLiveBytes);
        context.expectPeakLiveBytes(peakLiveBytes);
        new Replay(context).run();
    }

    /** One replay's live blocks: a trace pointer's slot, and per slot the block's address, size and padding. */
    private final class Replay {
        private final WorkloadContext context;
        private final HeapAccess heap;
        private final Long2IntOpenHashMap slots = new Long2IntOpenHashMap();
        private long[] blocks = new long[1024];
        private long[] sizes = new long[1024];
        private long[] paddings = new long[1024];
        private int[] spare = new int[1024];
        private int spareCount;
        private int used;

        Replay(WorkloadContext context) {
            this.context = context;
            this.heap = context.heap();
            slots.defaultReturnValue(-1);
        }

        void run() {
            int events = trace.events();
            long nextSample = 1;
            for (int i = 0; i < events; i++) {
                switch (trace.op(i)) {
                    case MALLOC, CALLOC -> allocate(trace.result(i), trace.size(i), 0);
                    case MEMALIGN -> allocate(trace.result(i), trace.size(i), trace.extra(i));
                    case REALLOC -> reallocate(trace.result(i), trace.pointer(i), trace.size(i));
                    case FREE -> free(trace.pointer(i));
                    case THREAD_DONE -> {
                    }
                }
                if ((long) (i + 1) * SAMPLES >= nextSample * events) {
                    context.sample();
                    nextSample++;
                }
            }
        }

        private void allocate(long pointer, long size, long alignment) {
            if (pointer == 0) {
                return; // the program's call failed
            }
            free(pointer); // a live pointer handed out again: its free was not traced
            long bytes = Math.max(1, size);
            long padding = alignment > 8 ? alignment - 1 : 0;
            long block = context.allocate(bytes, padding);
            if (block == Allocator.NO_FIT) {
                return;
            }
            long data = padding == 0 ? block : (block + alignment - 1) & -alignment;
            heap.touch(data, bytes, true);
            remember(pointer, block, bytes, padding);
        }

        private void reallocate(long pointer, long old, long size) {
            int slot = old == 0 ? -1 : slots.get(old);
            if (slot < 0) {
                if (pointer != 0) {
                    allocate(pointer, size, 0); // realloc(NULL, n), or of a block the trace never showed
                }
                return;
            }
            if (pointer == 0) {
                if (size == 0) {
                    free(old); // realloc(p, 0) that freed p
                }
                return;
            }
            if (pointer != old) {
                free(pointer); // a live pointer handed out again: its free was not traced
            }
            long bytes = Math.max(1, size);
            long moved;
            if (paddings[slot] == 0) {
                moved = context.reallocate(blocks[slot], sizes[slot], bytes);
            } else {
                // an aligned block moves as a plain one (the program asked realloc for no alignment): its bytes read,
                // it is freed, and the new block written, so the live bytes never hold both
                long copied = Math.min(bytes, sizes[slot]);
                heap.touch(blocks[slot], copied, false);
                context.free(blocks[slot], sizes[slot], paddings[slot]);
                forget(old, slot);
                moved = context.allocate(bytes);
                if (moved != Allocator.NO_FIT) {
                    heap.touch(moved, copied, true);
                    remember(pointer, moved, bytes, 0);
                }
                return;
            }
            if (moved == Allocator.NO_FIT) {
                return;
            }
            forget(old, slot);
            remember(pointer, moved, bytes, 0);
        }

        private void free(long pointer) {
            // one probe of the map finds and forgets the block
            int slot = pointer == 0 ? -1 : slots.remove(pointer);
            if (slot < 0) {
                return; // free(NULL), a block never seen, or one a bounded heap rejected
            }
            context.free(blocks[slot], sizes[slot], paddings[slot]);
            release(slot);
        }

        private void remember(long pointer, long block, long size, long padding) {
            int slot;
            if (spareCount > 0) {
                slot = spare[--spareCount];
            } else {
                slot = used++;
                if (slot == blocks.length) {
                    blocks = Arrays.copyOf(blocks, slot * 2);
                    sizes = Arrays.copyOf(sizes, slot * 2);
                    paddings = Arrays.copyOf(paddings, slot * 2);
                }
            }
            blocks[slot] = block;
            sizes[slot] = size;
            paddings[slot] = padding;
            slots.put(pointer, slot);
        }

        private void forget(long pointer, int slot) {
            slots.remove(pointer);
            release(slot);
        }

        private void release(int slot) {
            if (spareCount == spare.length) {
                spare = Arrays.copyOf(spare, spareCount * 2);
            }
            spare[spareCount++] = slot;
        }
    }

    @Override
    public String toString() {
        return description;
    }
}
