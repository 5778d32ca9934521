package io.heaplab.traces.malloc.system;

import io.heaplab.traces.malloc.MallocTrace;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A malloc trace as the native replayer reads it: a record per call naming its block by a slot rather than a pointer,
 * with every odd event settled here as {@code malloc replay} settles it, so the C program only calls.
 *
 * <h2>What becomes a call</h2>
 *
 * A trace pointer names a live block; its slot is given out when the block is allocated and taken back when it is
 * freed, so the replayer's table of blocks is as long as the most blocks live at once. A call that returned NULL, a
 * free of NULL and a free of a pointer not live are dropped; a pointer allocated again while live (its free was not
 * traced) is freed first; {@code realloc(NULL, n)} and a realloc of a block never seen are mallocs, and
 * {@code realloc(p, 0)} that returned NULL is a free. A block keeps its slot through a realloc. A memalign's
 * alignment is raised to a power of two of at least 8, as {@code posix_memalign} requires.
 *
 * <h2>Layout, little-endian</h2>
 *
 * <pre>
 *  header  48 bytes  "HLCALLS1" | calls u64 | slots u64 | sample every u64 | peak call u64 | flags u64
 *  call    24 bytes  op u32 | slot u32 | size u64 | aux u64
 *
 *  op   1 malloc(size)   2 calloc(aux, size / aux)   3 realloc(slot, size), aux = the old size
 *       4 posix_memalign(aux, size)                   5 free(slot)
 *
 *  flags   bit 0 ({@link #MOVING_REALLOC}): every realloc a malloc, a copy and a free, as heaplab's strategies
 *          reallocate, rather than the allocator's own realloc (which may grow a block in place)
 * </pre>
 *
 * The replayer samples its memory after every k-th call, after the call that first reaches the most live bytes and
 * after the last;
 * {@link Profile} has the live bytes at exactly those calls.
 */
public final class CallsFile {

    static final int HEADER = 48;
    static final int RECORD = 24;
    static final int MALLOC = 1;
    static final int CALLOC = 2;
    static final int REALLOC = 3;
    static final int MEMALIGN = 4;
    static final int FREE = 5;
    /** The flag that makes the replayer move every realloc's block. */
    public static final long MOVING_REALLOC = 1;
    /** At most this many samples every k calls: enough to find the peak, few enough to cost nothing. */
    static final int SAMPLES = 4096;

    /**
     * The trace's own course as the calls make it.
     *
     * @param calls          calls written
     * @param slots          the most blocks live at once: the replayer's table
     * @param sampleEvery    the replayer samples after every this many calls
     * @param peakCall       the 0-based call after which the live bytes first reach their peak
     * @param allocations    blocks allocated (a realloc counts as one)
     * @param frees          blocks freed
     * @param peakLiveBytes  the most requested bytes live at once (a size of 0 counts 1, as heaplab replays it)
     * @param peakLiveBlocks the most blocks live at once
     * @param sampleCalls    the calls done at each sample, in order
     * @param sampleLive     the live bytes at each sample
     * @param sampleRequests the allocations and frees done at each sample, a realloc counting one of each, as
     *                       {@code malloc replay} counts its requests
     */
    public record Profile(long calls, long slots, long sampleEvery, long peakCall, long allocations, long frees,
                          long peakLiveBytes, long peakLiveBlocks, long[] sampleCalls, long[] sampleLive,
                          long[] sampleRequests) {
    }

    private CallsFile() {
    }

    /** Writes {@code trace}'s calls to {@code file} (replacing it) and returns their profile. */
    public static Profile write(MallocTrace trace, Path file) throws IOException {
        return write(trace, file, 0);
    }

    /** Writes {@code trace}'s calls to {@code file} with {@code flags} ({@link #MOVING_REALLOC}). */
    public static Profile write(MallocTrace trace, Path file, long flags) throws IOException {
        // one pass writes the calls and counts the live bytes after each; the header, which names the call of most
        // live bytes, is written last, at the file's start
        Writer writer = new Writer(file);
        long[] live;
        long[] requests;
        long every;
        int peakCall;
        try (writer) {
            new Settler(trace, writer).run();
            live = writer.live.toLongArray();
            requests = writer.requests.toLongArray();
            every = every(live.length);
            peakCall = peakCall(live);
            writer.header(live.length, every, peakCall, flags);
        }
        int calls = live.length;
        long peak = peakCall < 0 ? 0 : live[peakCall];
        LongArrayList sampleCalls = new LongArrayList();
        LongArrayList sampleLive = new LongArrayList();
        LongArrayList sampleRequests = new LongArrayList();
        for (int i = 0; i < calls; i++) {
            if ((i + 1) % every == 0 || i == peakCall || i + 1 == calls) {
                sampleCalls.add(i + 1);
                sampleLive.add(live[i]);
                sampleRequests.add(requests[i]);
            }
        }
        return new Profile(calls, writer.slots, every, peakCall, writer.allocations, writer.frees, peak,
                writer.peakBlocks, sampleCalls.toLongArray(), sampleLive.toLongArray(), sampleRequests.toLongArray());
    }

    /** The replayer samples after every this many of {@code calls} calls: at most {@link #SAMPLES} times. */
    private static long every(int calls) {
        return Math.max(1, (calls + SAMPLES - 1) / SAMPLES);
    }

    /** The first call after which {@code live} is largest; -1 when nothing is ever live. */
    private static int peakCall(long[] live) {
        int at = -1;
        long peak = 0;
        for (int i = 0; i < live.length; i++) {
            if (live[i] > peak) {
                peak = live[i];
                at = i;
            }
        }
        return at;
    }

    /** Where the settled calls go. */
    private interface Calls {
        void call(int op, int slot, long size, long aux, long liveChange);
    }

    /** Turns the trace's events into calls on slots, as {@code malloc replay} settles them. */
    private static final class Settler {
        private final MallocTrace trace;
        private final Calls out;
        private final Long2IntOpenHashMap slots = new Long2IntOpenHashMap();
        private long[] sizes = new long[1024];
        private int[] spare = new int[1024];
        private int spareCount;
        private int used;

        Settler(MallocTrace trace, Calls out) {
            this.trace = trace;
            this.out = out;
            slots.defaultReturnValue(-1);
        }

        void run() {
            for (int i = 0; i < trace.events(); i++) {
                long result = trace.result(i);
                long pointer = trace.pointer(i);
                long size = trace.size(i);
                switch (trace.op(i)) {
                    case MALLOC -> allocate(MALLOC, result, size, 0);
                    case CALLOC -> allocate(CALLOC, result, size, Math.max(1, trace.extra(i)));
                    case MEMALIGN -> allocate(MEMALIGN, result, size, alignment(trace.extra(i)));
                    case REALLOC -> reallocate(result, pointer, size);
                    case FREE -> free(pointer);
                    case THREAD_DONE -> {
                    }
                }
            }
        }

        private static long alignment(long asked) {
            long a = Math.max(8, asked);
            return Long.bitCount(a) == 1 ? a : Long.highestOneBit(a) << 1;
        }

        private void allocate(int op, long pointer, long size, long aux) {
            if (pointer == 0) {
                return;
            }
            free(pointer);
            int slot = take();
            long calloc = op == CALLOC && size % aux != 0 ? 1 : aux; // a product that overflowed: one element
            sizes[slot] = size;
            slots.put(pointer, slot);
            out.call(op, slot, size, calloc, Math.max(1, size));
        }

        private void reallocate(long pointer, long old, long size) {
            int slot = old == 0 ? -1 : slots.get(old);
            if (slot < 0) {
                if (pointer != 0) {
                    allocate(MALLOC, pointer, size, 0);
                }
                return;
            }
            if (pointer == 0) {
                if (size == 0) {
                    free(old);
                }
                return;
            }
            if (pointer != old) {
                free(pointer);
            }
            slots.remove(old);
            slots.put(pointer, slot);
            long before = sizes[slot];
            sizes[slot] = size;
            out.call(REALLOC, slot, size, before, Math.max(1, size) - Math.max(1, before));
        }

        private void free(long pointer) {
            int slot = pointer == 0 ? -1 : slots.remove(pointer);
            if (slot < 0) {
                return;
            }
            if (spareCount == spare.length) {
                spare = java.util.Arrays.copyOf(spare, spareCount * 2);
            }
            spare[spareCount++] = slot;
            out.call(FREE, slot, 0, 0, -Math.max(1, sizes[slot]));
        }

        private int take() {
            if (spareCount > 0) {
                return spare[--spareCount];
            }
            if (used == sizes.length) {
                sizes = java.util.Arrays.copyOf(sizes, used * 2);
            }
            return used++;
        }
    }

    /** Writes the calls through a buffer, then the header once their count is known. */
    private static final class Writer implements Calls, AutoCloseable {
        private final FileChannel channel;
        private final ByteBuffer buffer = ByteBuffer.allocateDirect(RECORD * 4096).order(ByteOrder.LITTLE_ENDIAN);
        long slots;
        long allocations;
        long frees;
        long liveBlocks;
        long peakBlocks;
        /** The live bytes and the requests (a realloc an allocation and a free) after each call. */
        final LongArrayList live = new LongArrayList();
        final LongArrayList requests = new LongArrayList();
        private long liveBytes;
        private IOException failure;

        Writer(Path file) throws IOException {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
            channel.position(HEADER);
        }

        @Override
        public void call(int op, int slot, long size, long aux, long liveChange) {
            liveBytes += liveChange;
            live.add(liveBytes);
            requests.add(allocations + frees + (op == REALLOC ? 2 : 1));
            slots = Math.max(slots, slot + 1L);
            if (op == FREE) {
                frees++;
                liveBlocks--;
            } else if (op != REALLOC) {
                allocations++;
                liveBlocks++;
                peakBlocks = Math.max(peakBlocks, liveBlocks);
            } else {
                allocations++;
                frees++;
            }
            buffer.putInt(op).putInt(slot).putLong(size).putLong(aux);
            if (!buffer.hasRemaining()) {
                drain();
            }
        }

        private void drain() {
            buffer.flip();
            try {
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            } catch (IOException e) {
                failure = failure == null ? e : failure;
            }
            buffer.clear();
        }

        /** The header, once the calls are written; {@code peakCall} -1 when nothing was live. */
        void header(long calls, long every, long peakCall, long flags) throws IOException {
            drain();
            if (failure != null) {
                throw failure;
            }
            ByteBuffer head = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
            head.put("HLCALLS1".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).putLong(calls)
                    .putLong(Math.max(1, slots)).putLong(every).putLong(peakCall < 0 ? Long.MAX_VALUE : peakCall)
                    .putLong(flags).flip();
            while (head.hasRemaining()) {
                channel.write(head, HEADER - head.remaining());
            }
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
