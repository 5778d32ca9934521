package io.heaplab.core.heap;

import static io.heaplab.core.heap.Heap.MEMORY;

import io.heaplab.core.trace.ReferenceRecorder;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Typed loads and stores into a {@link Heap} that record each page they touch, on behalf of one {@link Source}.
 *
 * <p>Values are little-endian and may be unaligned, so a workload lays out records the way the papers do
 * (Brent's 6-byte blocks, 20-byte tree nodes). An access that spans two pages records both. Reading or writing
 * outside the heap is a bug in the caller and fails at once.
 */
public final class HeapAccess {

    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    private final Heap heap;
    private final ReferenceRecorder recorder;
    private final Source source;
    private final boolean recorded;
    private boolean recording;
    private final int pageShift;
    private long references;

    HeapAccess(Heap heap, ReferenceRecorder recorder, Source source, boolean recorded) {
        this.heap = heap;
        this.recorder = recorder;
        this.source = source;
        this.recorded = recorded;
        this.recording = recorded;
        this.pageShift = heap.pageShift();
    }

    public byte getByte(long address) {
        return (byte) load(address, 1);
    }

    public void setByte(long address, byte value) {
        store(address, 1, value);
    }

    public short getShort(long address) {
        return (short) load(address, 2);
    }

    public void setShort(long address, short value) {
        store(address, 2, value);
    }

    public int getInt(long address) {
        return (int) load(address, 4);
    }

    public void setInt(long address, int value) {
        store(address, 4, value);
    }

    public long getLong(long address) {
        return load(address, 8);
    }

    public void setLong(long address, long value) {
        store(address, 8, value);
    }

    /**
     * Records a read or write of {@code length} bytes at {@code address} without moving data: for bulk work a
     * workload models but need not carry out byte by byte.
     */
    public void touch(long address, long length, boolean write) {
        if (length <= 0) {
            throw new IllegalArgumentException("length: " + length + " (expected: > 0)");
        }
        checkBounds(address, length);
        long first = address >>> pageShift;
        long last = (address + length - 1) >>> pageShift;
        references += last - first + 1;
        if (recording) {
            for (long page = first; page <= last; page++) {
                recorder.reference((int) page, write);
            }
        }
    }

    /**
     * Lets this view's references reach the recorder again, or holds them back for a while: the allocator's
     * disposal references left unpaged, say. A view of a heap that records nothing stays silent.
     */
    public void setRecording(boolean on) {
        recording = on && recorded;
    }

    /** Whose references these are. */
    public Source source() {
        return source;
    }

    /** How many references this view made, whether or not they reached the recorder. */
    public long references() {
        return references;
    }

    /** The heap this view reads and writes. */
    public Heap heap() {
        return heap;
    }

    // The hot path: one compare puts an access in the heap's fast range (below the break, in the reserved range),
    // whose native address is the base plus the address: address >= 0 and fastLast - address >= 0, their sign bits
    // or-ed. Anything else, an error included, is the slow path's. Kept small, so the JIT inlines it everywhere.

    private long load(long address, int size) {
        Heap heap = this.heap;
        if ((address | heap.fastLast - address) < 0) {
            return loadSlowly(address, size);
        }
        count(address, size, false);
        return get(MEMORY, heap.base + address, size);
    }

    private void store(long address, int size, long value) {
        Heap heap = this.heap;
        if ((address | heap.fastLast - address) < 0) {
            storeSlowly(address, size, value);
            return;
        }
        count(address, size, true);
        set(MEMORY, heap.base + address, size, value);
    }

    /** Counts the pages an access touches, one or two, and records them when this view records. */
    private void count(long address, int size, boolean write) {
        long first = address >>> pageShift;
        long last = (address + size - 1) >>> pageShift;
        references += 1 + last - first;
        if (recording) {
            recorder.reference((int) first, write);
            if (last != first) {
                recorder.reference((int) last, write);
            }
        }
    }

    private static long get(MemorySegment memory, long at, int size) {
        return switch (size) {
            case 1 -> memory.get(ValueLayout.JAVA_BYTE, at);
            case 2 -> memory.get(SHORT, at);
            case 4 -> memory.get(INT, at);
            default -> memory.get(LONG, at);
        };
    }

    private static void set(MemorySegment memory, long at, int size, long value) {
        switch (size) {
            case 1 -> memory.set(ValueLayout.JAVA_BYTE, at, (byte) value);
            case 2 -> memory.set(SHORT, at, (short) value);
            case 4 -> memory.set(INT, at, (int) value);
            default -> memory.set(LONG, at, value);
        }
    }

    private long loadSlowly(long address, int size) {
        checkBounds(address, size);
        count(address, size, false);
        if (!heap.crossesChunk(address, size)) {
            return get(heap.segment(address), heap.offset(address), size);
        }
        // a value that straddles two chunks also straddles two pages: rare, so byte by byte, little-endian
        long value = 0;
        for (int i = size - 1; i >= 0; i--) {
            value = (value << 8) | (get(heap.segment(address + i), heap.offset(address + i), 1) & 0xFF);
        }
        return value;
    }

    private void storeSlowly(long address, int size, long value) {
        checkBounds(address, size);
        count(address, size, true);
        if (!heap.crossesChunk(address, size)) {
            set(heap.segment(address), heap.offset(address), size, value);
            return;
        }
        for (int i = 0; i < size; i++) {
            set(heap.segment(address + i), heap.offset(address + i), 1, value >>> (8 * i));
        }
    }

    private void checkBounds(long address, long length) {
        if (address < 0 || address > heap.size() - length) {
            throw outside(address, length);
        }
    }

    private IndexOutOfBoundsException outside(long address, long length) {
        return new IndexOutOfBoundsException(source + " access of " + length + " bytes at " + address
                + " is outside the heap [0, " + heap.size() + ")");
    }
}
