package io.heaplab.traces.malloc;

import io.heaplab.core.run.MemoryLimits;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import java.util.Arrays;

/**
 * A whole malloc trace in memory, a primitive column per field, so a replay reads event {@code i} without an object
 * per event.
 *
 * <p>Per event: its {@link #op}, the {@link #thread} that made it, the pointer the call returned ({@link #result}:
 * 0 when it returned NULL, and for {@code free}), the pointer it took ({@link #pointer}: what {@code free} freed and
 * what {@code realloc} moved; 0 otherwise), the bytes asked for ({@link #size}: {@code calloc}'s product) and one
 * more number ({@link #extra}: {@code calloc}'s {@code nmemb}, {@code memalign}'s alignment; 0 otherwise), kept so
 * a conversion gives back what it read.
 */
public final class MallocTrace {

    private final byte[] ops;
    private final int[] threads;
    private final long[] results;
    private final long[] pointers;
    private final long[] sizes;
    private final long[] extras;
    private final int events;
    private final String provenance;
    /** {@link #liveProfile()}, worked out once: the trace never changes. */
    private volatile LiveProfile liveProfile;

    private MallocTrace(Builder b) {
        this.events = b.events;
        this.ops = Arrays.copyOf(b.ops, events);
        this.threads = Arrays.copyOf(b.threads, events);
        this.results = Arrays.copyOf(b.results, events);
        this.pointers = Arrays.copyOf(b.pointers, events);
        this.sizes = Arrays.copyOf(b.sizes, events);
        this.extras = Arrays.copyOf(b.extras, events);
        this.provenance = b.provenance;
    }

    public static Builder builder() {
        return new Builder();
    }

    public int events() {
        return events;
    }

    public MallocOp op(int i) {
        return MallocOp.of(ops[i]);
    }

    public int thread(int i) {
        return threads[i];
    }

    public long result(int i) {
        return results[i];
    }

    public long pointer(int i) {
        return pointers[i];
    }

    public long size(int i) {
        return sizes[i];
    }

    public long extra(int i) {
        return extras[i];
    }

    /** Where the trace came from, in words (the command, the machine, the date); may be empty. */
    public String provenance() {
        return provenance;
    }

    /**
     * The trace's own profile of live bytes, whatever allocator replays it: each returned block's requested size is
     * live from its allocation to its free ({@code realloc} frees the old block and allocates the new at once).
     */
    public LiveProfile liveProfile() {
        LiveProfile known = liveProfile;
        if (known == null) {
            known = profile();
            liveProfile = known;
        }
        return known;
    }

    private LiveProfile profile() {
        Long2LongOpenHashMap live = new Long2LongOpenHashMap();
        long bytes = 0;
        long peak = 0;
        long unknownFrees = 0;
        long failedCalls = 0;
        for (int i = 0; i < events; i++) {
            switch (op(i)) {
                case MALLOC, CALLOC, MEMALIGN -> {
                    if (results[i] == 0) {
                        failedCalls++;
                    } else {
                        bytes -= live.remove(results[i]); // a live pointer handed out again: its free was not traced
                        bytes += Math.max(1, sizes[i]);
                        live.put(results[i], Math.max(1, sizes[i]));
                    }
                }
                case REALLOC -> {
                    boolean known = pointers[i] != 0 && live.containsKey(pointers[i]);
                    if (results[i] == 0) {
                        if (sizes[i] == 0 && known) {
                            bytes -= live.remove(pointers[i]);
                        } else {
                            failedCalls++;
                        }
                    } else {
                        if (known) {
                            bytes -= live.remove(pointers[i]);
                        }
                        bytes -= live.remove(results[i]);
                        bytes += Math.max(1, sizes[i]);
                        live.put(results[i], Math.max(1, sizes[i]));
                    }
                }
                case FREE -> {
                    if (pointers[i] != 0) {
                        if (live.containsKey(pointers[i])) {
                            bytes -= live.remove(pointers[i]);
                        } else {
                            unknownFrees++;
                        }
                    }
                }
                case THREAD_DONE -> {
                }
            }
            peak = Math.max(peak, bytes);
        }
        return new LiveProfile(peak, bytes, live.size(), unknownFrees, failedCalls);
    }

    /**
     * What a trace's own bookkeeping of live blocks finds.
     *
     * @param peakLiveBytes the most requested bytes live at once (a size of 0 counts as 1, as heaplab replays it)
     * @param liveBytesAtEnd the requested bytes never freed
     * @param liveBlocksAtEnd the blocks never freed
     * @param unknownFrees  frees of a pointer that was not live (freed twice, or allocated before the trace began);
     *                      {@code free(NULL)} is legal C and not counted
     * @param failedCalls   calls that returned NULL
     */
    public record LiveProfile(long peakLiveBytes, long liveBytesAtEnd, long liveBlocksAtEnd, long unknownFrees,
                              long failedCalls) {
    }

    /**
     * The largest request a trace may hold: 2^47 bytes, the whole of a 64-bit program's user address space. A size
     * beyond it (a 64-bit value read as signed, a calloc whose product overflows) is a damaged trace, not a request.
     */
    public static final long MAX_REQUEST = 1L << 47;

    /**
     * A request's size, or an {@link IllegalArgumentException} saying why it cannot be one: a reader names the line
     * or byte (see {@link Builder}).
     */
    static long requestSize(String what, long size) {
        if (size < 0 || size > MAX_REQUEST) {
            throw new IllegalArgumentException(what + " of " + Long.toUnsignedString(size) + " bytes (expected: at"
                    + " most " + MAX_REQUEST + ", 2^47, the most a program's address space holds)");
        }
        return size;
    }

    /**
     * Events appended one at a time; arrays grow geometrically. A size no program could have asked for fails with an
     * {@link IllegalArgumentException}, which each reader turns into a {@link io.heaplab.traces.TraceFormatException}
     * naming its line or byte.
     */
    public static final class Builder {
        /** The bytes of the tables one event takes: its op, thread, result, pointer, size and extra. */
        private static final long BYTES_PER_EVENT = 1 + 4 + 4 * 8;

        private byte[] ops = new byte[256];
        private int[] threads = new int[256];
        private long[] results = new long[256];
        private long[] pointers = new long[256];
        private long[] sizes = new long[256];
        private long[] extras = new long[256];
        private int events;
        private String provenance = "";

        private Builder() {
        }

        public Builder malloc(int thread, long result, long size) {
            return add(MallocOp.MALLOC, thread, result, 0, requestSize("malloc", size), 0);
        }

        /** {@code calloc(nmemb, elementSize)}; the trace keeps the product as the size, checked not to wrap. */
        public Builder calloc(int thread, long result, long nmemb, long elementSize) {
            // the product of two sizes may pass 2^64 and wrap to a small number: compared in full before it is kept
            if (nmemb < 0 || elementSize < 0 || Math.multiplyHigh(nmemb, elementSize) != 0
                    || nmemb * elementSize > MAX_REQUEST) {
                throw new IllegalArgumentException("calloc of " + Long.toUnsignedString(nmemb) + " x "
                        + Long.toUnsignedString(elementSize) + " bytes (expected: a product of at most " + MAX_REQUEST
                        + ", 2^47, the most a program's address space holds)");
            }
            return add(MallocOp.CALLOC, thread, result, 0, nmemb * elementSize, nmemb);
        }

        public Builder realloc(int thread, long result, long old, long size) {
            return add(MallocOp.REALLOC, thread, result, old, requestSize("realloc", size), 0);
        }

        public Builder memalign(int thread, long result, long alignment, long size) {
            return add(MallocOp.MEMALIGN, thread, result, 0, requestSize("memalign", size), alignment);
        }

        public Builder free(int thread, long pointer) {
            return add(MallocOp.FREE, thread, 0, pointer, 0, 0);
        }

        public Builder threadDone(int thread) {
            return add(MallocOp.THREAD_DONE, thread, 0, 0, 0, 0);
        }

        public Builder provenance(String provenance) {
            this.provenance = provenance == null ? "" : provenance;
            return this;
        }

        public int events() {
            return events;
        }

        /** Appends event {@code i} of {@code trace} as it is. */
        public Builder append(MallocTrace trace, int i) {
            return add(trace.op(i), trace.thread(i), trace.result(i), trace.pointer(i), trace.size(i),
                    trace.extra(i));
        }

        Builder add(MallocOp op, int thread, long result, long pointer, long size, long extra) {
            if (events == ops.length) {
                int capacity = events * 2;
                // a small deflated file may hold hundreds of millions of calls: the tables' growth is checked
                // against the JVM's heap before it is made, the old and the new arrays both held while copying
                MemoryLimits.checkJavaHeap("a malloc trace of more than " + events + " calls", 3L * capacity
                        * BYTES_PER_EVENT / 2);
                ops = Arrays.copyOf(ops, capacity);
                threads = Arrays.copyOf(threads, capacity);
                results = Arrays.copyOf(results, capacity);
                pointers = Arrays.copyOf(pointers, capacity);
                sizes = Arrays.copyOf(sizes, capacity);
                extras = Arrays.copyOf(extras, capacity);
            }
            ops[events] = (byte) op.ordinal();
            threads[events] = thread;
            results[events] = result;
            pointers[events] = pointer;
            sizes[events] = size;
            extras[events] = extra;
            events++;
            return this;
        }

        public MallocTrace build() {
            return new MallocTrace(this);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MallocTrace t && events == t.events && provenance.equals(t.provenance)
                && Arrays.equals(ops, t.ops) && Arrays.equals(threads, t.threads) && Arrays.equals(results, t.results)
                && Arrays.equals(pointers, t.pointers) && Arrays.equals(sizes, t.sizes)
                && Arrays.equals(extras, t.extras);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(results) * 31 + events;
    }

    @Override
    public String toString() {
        return "MallocTrace[" + events + " events]";
    }
}
