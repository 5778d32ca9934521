package io.heaplab.testkit;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Map;
import java.util.TreeMap;

/**
 * A first-fit allocator that checks what a workload asks of it: requests of its one block size (if it has one)
 * and of no negative size; frees only of blocks it was given and not yet given back, each with the size it was
 * requested with. Blocks start on 8-byte boundaries and the heap grows by just what a block needs past its
 * break, so a bounded heap refuses exactly when no gap fits. Every request, answer and free goes into a log, so
 * two runs can be compared.
 *
 * <p>It is the workload's contract, not a strategy's, that is under test here: the allocator is deliberately
 * plain (a walk over the live blocks per request) and makes no references of its own.
 */
final class CheckingAllocator implements Allocator {

    /** Log tags: a request and its answer, a free. */
    static final long ALLOCATE = 1;
    static final long FREE = 2;

    private final Heap heap;
    private final long blockSize;
    /** Live blocks by address: the size each was requested with. */
    private final TreeMap<Long, Long> live = new TreeMap<>();
    private final LongArrayList log = new LongArrayList();
    private long allocations;
    private long rejections;
    private long peakBreak;
    private String violation;

    CheckingAllocator(AllocatorSetup setup) {
        this.heap = setup.heap();
        this.blockSize = setup.blockSize();
    }

    @Override
    public long allocate(long size) {
        if (size < 0 || (blockSize != AllocatorSetup.VARIED && size != blockSize)) {
            throw violated("asked for " + size + " bytes (expected: " + (blockSize == AllocatorSetup.VARIED
                    ? "a size >= 0" : "its block size, " + blockSize) + ")");
        }
        long address = place(size);
        log.add(ALLOCATE);
        log.add(size);
        log.add(address);
        if (address == NO_FIT) {
            rejections++;
        } else {
            allocations++;
            live.put(address, size);
        }
        return address;
    }

    @Override
    public void free(long address, long size) {
        Long requested = live.get(address);
        if (requested == null) {
            throw violated("freed address " + address + " (expected: a block it was given and still holds; was it"
                    + " freed twice, or never given?)");
        }
        if (requested != size) {
            throw violated("freed the block at " + address + " with size " + size + " (expected: " + requested
                    + ", the size it asked for)");
        }
        live.remove(address);
        log.add(FREE);
        log.add(address);
        log.add(size);
    }

    /** The first gap between live blocks that holds {@code size} bytes, else the end of the heap grown. */
    private long place(long size) {
        long room = roundUp(Math.max(size, 1));
        long from = 0;
        for (Map.Entry<Long, Long> block : live.entrySet()) {
            if (block.getKey() - from >= room) {
                return from;
            }
            from = roundUp(block.getKey() + Math.max(block.getValue(), 1));
        }
        long end = from + room;
        if (end > heap.size() && heap.grow(end - heap.size()) == Heap.NO_ROOM) {
            return NO_FIT;
        }
        peakBreak = Math.max(peakBreak, heap.size());
        return from;
    }

    private static long roundUp(long bytes) {
        return (bytes + 7) & -8;
    }

    private AssertionError violated(String what) {
        if (violation == null) {
            violation = "the workload " + what;
        }
        return new AssertionError("the workload " + what);
    }

    /** Every request with its answer, and every free, in order. */
    long[] log() {
        return log.toLongArray();
    }

    long allocations() {
        return allocations;
    }

    long rejections() {
        return rejections;
    }

    /** The largest the heap grew to. */
    long peakBreak() {
        return peakBreak;
    }

    /** The first misuse seen, even if the workload caught the error thrown for it; null if none. */
    String violation() {
        return violation;
    }
}
