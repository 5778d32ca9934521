package io.heaplab.core.heap;

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
        reference(address, 1, false);
        return heap.chunk(address).get(ValueLayout.JAVA_BYTE, heap.offsetInChunk(address));
    }

    public void setByte(long address, byte value) {
        reference(address, 1, true);
        heap.chunk(address).set(ValueLayout.JAVA_BYTE, heap.offsetInChunk(address), value);
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
        long last = (address + length - 1) >>> pageShift;
        for (long page = address >>> pageShift; page <= last; page++) {
            record((int) page, write);
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

    private long load(long address, int size) {
        reference(address, size, false);
        MemorySegment chunk = heap.chunk(address);
        long offset = heap.offsetInChunk(address);
        if (offset + size > chunk.byteSize()) {
            return loadAcrossChunks(address, size);
        }
        return switch (size) {
            case 2 -> chunk.get(SHORT, offset);
            case 4 -> chunk.get(INT, offset);
            default -> chunk.get(LONG, offset);
        };
    }

    private void store(long address, int size, long value) {
        reference(address, size, true);
        MemorySegment chunk = heap.chunk(address);
        long offset = heap.offsetInChunk(address);
        if (offset + size > chunk.byteSize()) {
            storeAcrossChunks(address, size, value);
            return;
        }
        switch (size) {
            case 2 -> chunk.set(SHORT, offset, (short) value);
            case 4 -> chunk.set(INT, offset, (int) value);
            default -> chunk.set(LONG, offset, value);
        }
    }

    // A value that straddles two chunks also straddles two pages: rare, so byte by byte, little-endian.
    private long loadAcrossChunks(long address, int size) {
        long value = 0;
        for (int i = size - 1; i >= 0; i--) {
            long a = address + i;
            value = (value << 8) | (heap.chunk(a).get(ValueLayout.JAVA_BYTE, heap.offsetInChunk(a)) & 0xFF);
        }
        return value;
    }

    private void storeAcrossChunks(long address, int size, long value) {
        for (int i = 0; i < size; i++) {
            long a = address + i;
            heap.chunk(a).set(ValueLayout.JAVA_BYTE, heap.offsetInChunk(a), (byte) (value >>> (8 * i)));
        }
    }

    private void reference(long address, int size, boolean write) {
        checkBounds(address, size);
        long first = address >>> pageShift;
        record((int) first, write);
        long last = (address + size - 1) >>> pageShift;
        if (last != first) {
            record((int) last, write);
        }
    }

    private void record(int page, boolean write) {
        references++;
        if (recording) {
            recorder.reference(page, write);
        }
    }

    private void checkBounds(long address, long length) {
        if (address < 0 || address > heap.size() - length) {
            throw new IndexOutOfBoundsException(source + " access of " + length + " bytes at " + address
                    + " is outside the heap [0, " + heap.size() + ")");
        }
    }
}
