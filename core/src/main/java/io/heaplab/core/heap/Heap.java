package io.heaplab.core.heap;

import io.heaplab.core.trace.ReferenceRecorder;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;

/**
 * A simulated virtual address space whose bytes really live off-heap: in one range of address space reserved
 * from the operating system ({@link ReservedMemory}), or, where none can be had and past its end, in
 * {@link MemorySegment} chunks taken from an {@link Arena} as the space grows.
 *
 * <pre>
 *  address 0                                  break            capacity
 *  |--page--|--page--|--page--| ... |--page--|..................|
 *  |<------------ reserved range: base + address ------------>|<- chunk ->|<- chunk ->| ...
 * </pre>
 *
 * Addresses are {@code long}s from 0; the page of an address is {@code address >>> pageShift}. An allocator
 * extends the space with {@link #grow} like {@code sbrk}; in a bounded heap a request past the capacity is
 * refused with {@link #NO_ROOM}, never an exception. Every load and store goes through one of the two
 * {@link HeapAccess} views, which record the page touched for the paging simulators.
 *
 * <p>Memory is taken when an address is first read or written, not when the break passes it: the system backs a
 * reserved page on first touch, and a chunk is taken from the arena then. An allocator that grows a large bounded
 * heap at once (Purdom's memory of M cells is one free block) costs the memory its run touches. The break itself
 * may not pass a {@linkplain #limitMemory memory limit}, which keeps a run from taking the machine's memory:
 * passing it is a {@link HeapMemoryException}, not {@link #NO_ROOM}, since the run would otherwise measure a
 * smaller machine than it asked for.
 *
 * <p>A heap belongs to one thread at a time: the thread that made it takes its chunks and closes it.
 */
public final class Heap implements AutoCloseable {

    public static final int MIN_PAGE_SIZE = 64;
    public static final int MAX_PAGE_SIZE = 1 << 20;
    /** The page sizes a heap takes, as messages state them. */
    public static final String PAGE_SIZES = "a power of 2 from " + MIN_PAGE_SIZE + " to " + MAX_PAGE_SIZE;
    public static final int DEFAULT_PAGE_SIZE = 4096;
    /** Capacity of a heap that grows without bound. */
    public static final long GROWABLE = Long.MAX_VALUE;
    /** What {@link #grow} answers when a bounded heap has no room. */
    public static final long NO_ROOM = -1;

    /** Chunks are at least 1 MiB, and always whole pages, so no page straddles two chunks. */
    private static final int MIN_CHUNK_SHIFT = 20;
    /** Page numbers are {@code int}s in the reference stream. */
    private static final long MAX_PAGES = Integer.MAX_VALUE;

    /**
     * All of native memory as one segment of global scope, through which every access to the reserved range goes at
     * a native address: one constant segment the JIT folds, where a segment per chunk costs a lookup, a liveness and
     * thread check and a bounds check per access. Safety stays with the heap: {@link HeapAccess} checks every access
     * against the break, and a closed heap has nothing left to reach. Null, and no range reserved, when this code
     * has no native access ({@code --enable-native-access}): the heap is then all chunks, slower and silent.
     */
    static final MemorySegment MEMORY = ReservedMemory.AVAILABLE ? MemorySegment.NULL.reinterpret(Long.MAX_VALUE) : null;
    /** The most address space one heap reserves; a bounded heap larger than this keeps the rest in chunks. */
    static final long MAX_RESERVATION = 64L << 30;

    private final Arena arena = Arena.ofConfined();
    private final int pageSize;
    private final int pageShift;
    private final int chunkShift;
    private final long chunkMask;
    private final long capacity;
    private final boolean bounded;
    /** The bytes from address 0 that lie in one reserved range, a whole number of chunks; 0 when there is none. */
    private final long reserved;
    /** The native address of heap address 0 in the reserved range. */
    final long base;
    /**
     * The last address at which a value of up to 8 bytes lies wholly below the break and in the reserved range, or
     * -1 when there is none (and once the heap is closed): an access at {@code 0 <= a <= fastLast} is at native
     * address {@code base + a} with nothing more to check. Never below -1, so {@code fastLast - a} cannot overflow.
     */
    long fastLast = -1;
    private boolean closed;
    /** The chunks past the reserved range, each null until it is first touched. */
    private MemorySegment[] chunks = new MemorySegment[4];
    private long brk;
    private long memoryLimit = Long.MAX_VALUE;

    private final ReferenceRecorder recorder;
    private final HeapAccess data;
    private final HeapAccess bookkeeping;

    /**
     * @param pageSize                 a power of two from 64 B to 1 MiB
     * @param capacity                 the most bytes the heap may hold, or {@link #GROWABLE}
     * @param recorder                 where references go
     * @param recordAllocatorReferences whether the allocator's own bookkeeping references reach the recorder
     */
    public Heap(int pageSize, long capacity, ReferenceRecorder recorder, boolean recordAllocatorReferences) {
        this(pageSize, capacity, recorder, true, recordAllocatorReferences);
    }

    /**
     * A heap whose references, the workload's and the allocator's, reach no recorder (its views still count
     * them): the same run minus the recording, to measure what recording costs.
     */
    public static Heap unrecorded(int pageSize, long capacity) {
        return new Heap(pageSize, capacity, new ReferenceRecorder(List.of()), false, false);
    }

    private Heap(int pageSize, long capacity, ReferenceRecorder recorder, boolean recordWorkloadReferences,
                 boolean recordAllocatorReferences) {
        checkPageSize(pageSize);
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity: " + capacity + " (expected: a positive number of bytes)");
        }
        this.pageSize = pageSize;
        this.pageShift = Integer.numberOfTrailingZeros(pageSize);
        this.chunkShift = Math.max(MIN_CHUNK_SHIFT, pageShift);
        this.chunkMask = (1L << chunkShift) - 1;
        this.capacity = Math.min(capacity, MAX_PAGES << pageShift);
        this.bounded = capacity != GROWABLE;
        long wanted = Math.min(MAX_RESERVATION, this.capacity + chunkMask & ~chunkMask);
        long reservation = ReservedMemory.reserve(wanted);
        this.reserved = reservation != 0 ? wanted : 0;
        this.base = reservation;
        this.recorder = recorder;
        this.data = new HeapAccess(this, recorder, Source.WORKLOAD, recordWorkloadReferences);
        this.bookkeeping = new HeapAccess(this, recorder, Source.ALLOCATOR, recordAllocatorReferences);
    }

    /** Whether a heap takes pages of {@code bytes}: {@value #PAGE_SIZES}. */
    public static boolean isPageSize(long bytes) {
        return bytes >= MIN_PAGE_SIZE && bytes <= MAX_PAGE_SIZE && Long.bitCount(bytes) == 1;
    }

    /** Fails, naming {@code pageSize}, unless {@link #isPageSize} takes it. */
    public static void checkPageSize(int pageSize) {
        if (!isPageSize(pageSize)) {
            throw new IllegalArgumentException("pageSize: " + pageSize + " (expected: " + PAGE_SIZES + ")");
        }
    }

    /**
     * Extends the heap by {@code bytes} and returns the old break, the address of the new space; or
     * {@link #NO_ROOM} when a bounded heap cannot hold that much more.
     */
    public long grow(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes: " + bytes + " (expected: >= 0)");
        }
        if (bytes > capacity - brk) {
            return NO_ROOM;
        }
        if (bytes > memoryLimit - brk) {
            throw new HeapMemoryException(brk + bytes, memoryLimit);
        }
        long old = brk;
        brk += bytes;
        fastLast = Math.max(-1, Math.min(brk, reserved) - Long.BYTES);
        ensureChunkSlots(brk);
        return old;
    }

    /**
     * Grows the heap, if it is shorter, so that its break is at least {@code end}: as an allocator whose memory
     * becomes resident only when touched grows to the highest byte it has touched. False when a bounded heap cannot
     * reach it.
     */
    public boolean growTo(long end) {
        return end <= brk || grow(end - brk) != NO_ROOM;
    }

    /**
     * Bounds the bytes the heap may grow to, the off-heap memory its run may take: a {@link #grow} past it fails
     * with a {@link HeapMemoryException}. Unbounded until set.
     */
    public void limitMemory(long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("bytes: " + bytes + " (expected: a positive number of bytes)");
        }
        memoryLimit = bytes;
    }

    /**
     * Begins the measured phase of the run: the recorder's sinks forget their counts so far but keep their
     * state. Returns the virtual time at which measuring begins.
     */
    public long startMeasuring() {
        return recorder.startMeasuring();
    }

    /**
     * The program enters phase {@code phase}: the runs of references that begin from here on are tagged with it, for
     * sinks that charge by phase (a run's diagnostics), when the recorder tracks phases.
     */
    public void enterPhase(int phase) {
        recorder.enterPhase(phase);
    }

    /** The view workloads use: their references are recorded unless the heap is {@link #unrecorded}. */
    public HeapAccess data() {
        return data;
    }

    /** The view an allocator uses for free-list links and headers it keeps inside the heap. */
    public HeapAccess bookkeeping() {
        return bookkeeping;
    }

    public int pageSize() {
        return pageSize;
    }

    public int pageShift() {
        return pageShift;
    }

    /** The number of bytes the heap has grown to: its break. */
    public long size() {
        return brk;
    }

    public long capacity() {
        return capacity;
    }

    public boolean isBounded() {
        return bounded;
    }

    /** The high-water mark of the heap in pages: every page the allocator ever obtained. */
    public long virtualPages() {
        return (brk + pageSize - 1) >>> pageShift;
    }

    /** The page that holds {@code address}. */
    public int pageOf(long address) {
        return (int) (address >>> pageShift);
    }

    /**
     * The segment that holds heap address {@code address}: {@link #MEMORY} for the reserved range, else its chunk,
     * taken on first touch; {@link #offset} is where in it. Fails once the heap is closed.
     */
    MemorySegment segment(long address) {
        if (closed) {
            throw new IllegalStateException("the heap is closed; its memory is gone");
        }
        if (address < reserved) {
            return MEMORY;
        }
        int index = (int) (address >>> chunkShift);
        MemorySegment chunk = chunks[index];
        return chunk != null ? chunk : takeChunk(index);
    }

    /** Where heap address {@code address} lies in its {@link #segment}. */
    long offset(long address) {
        return address < reserved ? base + address : address & chunkMask;
    }

    /** Whether {@code size} bytes at {@code address} run past the end of a chunk (or the reserved range). */
    boolean crossesChunk(long address, int size) {
        return (address & chunkMask) > chunkMask + 1 - size;
    }

    /** Takes chunk {@code index} from the arena on the first access to it: zeroed, as fresh memory is. */
    private MemorySegment takeChunk(int index) {
        MemorySegment chunk = arena.allocate(1L << chunkShift, 8);
        chunks[index] = chunk;
        return chunk;
    }

    /** Makes room in the table of chunks for every chunk below {@code end}; the chunks come on first access. */
    private void ensureChunkSlots(long end) {
        long needed = (end + (1L << chunkShift) - 1) >>> chunkShift;
        if (needed > chunks.length) {
            chunks = Arrays.copyOf(chunks, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(needed, chunks.length * 2L)));
        }
    }

    /** Frees the off-heap memory; an access afterwards fails. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        fastLast = -1;
        if (reserved > 0) {
            ReservedMemory.release(base, reserved);
        }
        arena.close();
    }
}
