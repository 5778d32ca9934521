package io.heaplab.allocators.records;

import io.heaplab.allocators.fit.Fit;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import java.util.TreeMap;

/**
 * The course report's segmented memory allocator: two lists of block records, one of blocks in use and one of free
 * blocks, searched from the front for first, best or worst fit, a free block split with its remainder recorded as a
 * new free block, and (as the report built it) no coalescing (C. Zhang, Operating Systems Principles: Segmented
 * Memory Allocator, RMIT COSC1114 report).
 *
 * <h2>Records</h2>
 *
 * The report keeps a {@code struct block {size; memoryAddress; isFree}} per block in a {@code std::list}: a node of
 * two links and the struct, 40 bytes. Here the nodes live in the heap too, so {@code --count-allocator} pages them:
 *
 * <pre>
 *  node (40 bytes)
 * +--------+--------+--------+---------+--------+
 * | next   | prev   | size   | address | free   |
 * +--------+--------+--------+---------+--------+
 *  0        8        16       24        32       40
 * </pre>
 *
 * Nodes are carved from record chunks of one page each, taken at the break as {@code new} would take them from the
 * C++ heap; so records and data interleave in the address space as they did in the report's process. A node that
 * coalescing frees goes on a stack of spare nodes, linked through {@code next}.
 *
 * <h2>Requests</h2>
 *
 * A request walks the free list from the front: first fit up to the first block that holds it, best fit the whole
 * list (an exact fit ends it), worst fit the whole list. The block found moves to the back of the list in use; if
 * it was larger, its low part is the request and its remainder gets a new record at the back of the free list (in
 * {@code address} order, in the block's place). A request nothing fits takes new memory at the break
 * ({@code sbrk}), exactly its size: the report's {@code createBlock}. Sizes are rounded up to {@code align} bytes,
 * 1 by default, as the report asked {@code sbrk} for {@code sizeof(int)} bytes.
 *
 * <h2>Frees</h2>
 *
 * A free walks the list in use from the front to the block's record and moves it to the back of the free list
 * (the report's {@code splice}); in {@code address} order it walks the free list to its place instead. With
 * {@code coalesce}, the report's proposed enhancement, a freed block merges with the free blocks that end where it
 * begins and begin where it ends: found at its place in address order, by a walk of the whole free list otherwise.
 *
 * <h2>Searches and cost</h2>
 *
 * Every record a call examines counts one search, a free's included: the list in use, walked to the record being
 * freed, and the free list, walked for a place or neighbours. An empty list costs one, for looking at its head.
 * Everything is O(n) in the list's length, as the report says.
 */
public final class RecordListAllocator implements Allocator {

    /** Bytes of a record node: two links and the report's {@code struct block}, padded. */
    public static final int NODE = 40;
    private static final long NONE = -1;
    private static final int NEXT = 0;
    private static final int PREV = 8;
    private static final int SIZE = 16;
    private static final int ADDRESS = 24;
    private static final int FREE = 32;

    private final Heap heap;
    private final HeapAccess records;
    private final Fit fit;
    private final RecordOrder order;
    private final boolean coalesce;
    private final long alignMask;

    private final RecordList used = new RecordList();
    private final RecordList free = new RecordList();
    /** The next node of the current record chunk, and its end. */
    private long poolNext;
    private long poolEnd;
    /** Nodes coalescing gave back, linked through {@code next}. */
    private long spareNodes = NONE;
    private long held;
    private long searches;

    /**
     * @param fit      first, best or worst (next fit is not the report's)
     * @param order    the free list's order: the report's insertion order, or address order
     * @param coalesce whether a freed block merges with free neighbours (the report's proposed enhancement)
     * @param align    every size is rounded up to this, a power of 2 from 1 to 4096
     */
    public RecordListAllocator(AllocatorSetup setup, Fit fit, RecordOrder order, boolean coalesce, int align) {
        if (fit == Fit.NEXT) {
            throw new IllegalArgumentException("fit: next (expected: first, best or worst)");
        }
        checkAlign(align);
        this.heap = setup.heap();
        this.records = heap.bookkeeping();
        this.fit = fit;
        this.order = order;
        this.coalesce = coalesce;
        this.alignMask = align - 1;
    }

    /** Fails with a one-line message unless {@code align} is a power of 2 from 1 to 4096. */
    public static void checkAlign(int align) {
        if (align < 1 || align > 4096 || Integer.bitCount(align) != 1) {
            throw new IllegalArgumentException("align: " + align + " (expected: a power of 2 from 1 to 4096)");
        }
    }

    public Fit fit() {
        return fit;
    }

    // ---- requests -----------------------------------------------------------------------------------------

    @Override
    public long allocate(long size) {
        if (size <= 0 || size > Long.MAX_VALUE / 2) {
            return size <= 0 ? allocate(1) : NO_FIT;
        }
        long bytes = (size + alignMask) & ~alignMask;
        long node = find(bytes);
        if (node == NONE) {
            return createBlock(bytes);
        }
        free.remove(node);
        long have = sizeOf(node);
        long address = records.getLong(node + ADDRESS);
        if (have > bytes) {
            long remainder = newNode();
            if (remainder == NONE) {
                bytes = have; // no room for a record: the block goes whole
            } else {
                records.setLong(node + SIZE, bytes);
                write(remainder, address + bytes, have - bytes, true);
                if (order == RecordOrder.ADDRESS) {
                    free.insertAfter(free.previousOf, remainder);
                } else {
                    free.pushBack(remainder);
                }
            }
        }
        records.setByte(node + FREE, (byte) 0);
        used.pushBack(node);
        held += bytes;
        return address;
    }

    /** The free record the fit chooses for {@code bytes}, or NONE; leaves its predecessor in {@code free.previousOf}. */
    private long find(long bytes) {
        if (free.head == NONE) {
            searches++;
            return NONE;
        }
        long chosen = NONE;
        long chosenSize = fit == Fit.BEST ? Long.MAX_VALUE : -1;
        for (long node = free.head; node != NONE; node = next(node)) {
            searches++;
            long have = sizeOf(node);
            if (have < bytes) {
                continue;
            }
            if (fit == Fit.FIRST) {
                chosen = node;
                break;
            }
            if (fit == Fit.BEST ? have < chosenSize : have > chosenSize) {
                chosen = node;
                chosenSize = have;
                if (fit == Fit.BEST && have == bytes) {
                    break;
                }
            }
        }
        free.previousOf = chosen == NONE ? NONE : records.getLong(chosen + PREV);
        return chosen;
    }

    /** New memory at the break for a block of {@code bytes}, recorded in use: the report's {@code createBlock}. */
    private long createBlock(long bytes) {
        long node = newNode();
        if (node == NONE) {
            return NO_FIT;
        }
        long address = heap.grow(bytes);
        if (address == Heap.NO_ROOM) {
            releaseNode(node);
            return NO_FIT;
        }
        write(node, address, bytes, false);
        used.pushBack(node);
        held += bytes;
        return address;
    }

    // ---- frees --------------------------------------------------------------------------------------------

    @Override
    public void free(long address, long size) {
        long node = used.head;
        while (node != NONE) {
            searches++;
            if (records.getLong(node + ADDRESS) == address) {
                break;
            }
            node = next(node);
        }
        if (node == NONE) {
            throw new IllegalArgumentException("free: address " + address + " (expected: a block in use)");
        }
        used.remove(node);
        held -= sizeOf(node);
        records.setByte(node + FREE, (byte) 1);
        if (order == RecordOrder.ADDRESS) {
            freeInAddressOrder(node, address);
        } else {
            freeInInsertionOrder(node, address);
        }
    }

    /** The report's splice to the back of the free list, after merging with any free neighbour found by a walk. */
    private void freeInInsertionOrder(long node, long address) {
        if (coalesce) {
            long end = address + sizeOf(node);
            long candidate = free.head;
            while (candidate != NONE) {
                searches++;
                long following = next(candidate);
                long start = records.getLong(candidate + ADDRESS);
                long candidateSize = sizeOf(candidate);
                if (start + candidateSize == address || start == end) {
                    free.remove(candidate);
                    if (start < address) {
                        address = start;
                        records.setLong(node + ADDRESS, start);
                    } else {
                        end = start + candidateSize;
                    }
                    records.setLong(node + SIZE, end - address);
                    releaseNode(candidate);
                }
                candidate = following;
            }
        }
        free.pushBack(node);
    }

    /** A walk of the free list to the block's place; merged there with its neighbours when coalescing. */
    private void freeInAddressOrder(long node, long address) {
        long before = NONE;
        long after = free.head;
        if (after == NONE) {
            searches++;
        }
        while (after != NONE) {
            searches++;
            if (records.getLong(after + ADDRESS) > address) {
                break;
            }
            before = after;
            after = next(after);
        }
        long size = sizeOf(node);
        if (coalesce && after != NONE && address + size == records.getLong(after + ADDRESS)) {
            size += sizeOf(after);
            long following = next(after);
            free.remove(after);
            releaseNode(after);
            after = following;
        }
        if (coalesce && before != NONE && records.getLong(before + ADDRESS) + sizeOf(before) == address) {
            records.setLong(before + SIZE, sizeOf(before) + size);
            releaseNode(node);
            return;
        }
        records.setLong(node + SIZE, size);
        free.insertAfter(before, node);
    }

    // ---- nodes --------------------------------------------------------------------------------------------

    private long newNode() {
        if (spareNodes != NONE) {
            long node = spareNodes;
            spareNodes = records.getLong(node + NEXT);
            return node;
        }
        if (poolNext + NODE > poolEnd) {
            // a chunk of whole nodes, 8-aligned, at the break: where the C++ heap would have put them
            long padding = (-heap.size()) & 7;
            long chunk = heap.pageSize() / NODE * NODE;
            long start = heap.grow(padding + chunk);
            if (start == Heap.NO_ROOM) {
                return NONE;
            }
            poolNext = start + padding;
            poolEnd = poolNext + chunk;
        }
        long node = poolNext;
        poolNext += NODE;
        return node;
    }

    private void releaseNode(long node) {
        records.setLong(node + NEXT, spareNodes);
        spareNodes = node;
    }

    private void write(long node, long address, long size, boolean isFree) {
        records.setLong(node + SIZE, size);
        records.setLong(node + ADDRESS, address);
        records.setByte(node + FREE, (byte) (isFree ? 1 : 0));
    }

    private long next(long node) {
        return records.getLong(node + NEXT);
    }

    private long sizeOf(long node) {
        return records.getLong(node + SIZE);
    }

    // ---- measures and checks ------------------------------------------------------------------------------

    @Override
    public long searches() {
        return searches;
    }

    @Override
    public long heldBytes() {
        return held;
    }

    /** Records in the free list: the fragments a search may walk. */
    public long freeRecords() {
        return free.count;
    }

    /** Records in the list of blocks in use. */
    public long usedRecords() {
        return used.count;
    }

    /** The bytes of every free block, in free-list order. */
    public long[] freeBlockBytes() {
        long[] sizes = new long[Math.toIntExact(free.count)];
        int i = 0;
        for (long node = free.head; node != NONE; node = next(node)) {
            sizes[i++] = sizeOf(node);
        }
        return sizes;
    }

    /**
     * Both lists' links and counts, every record's flag, the bytes held, no two blocks overlapping, an
     * address-ordered free list increasing, and (when coalescing in address order) no two free blocks touching.
     */
    @Override
    public void verify() {
        long usedBytes = used.verify(false);
        free.verify(true);
        if (usedBytes != held) {
            throw new IllegalStateException("held: " + held + " bytes (expected: " + usedBytes
                    + ", the sizes of the blocks in use)");
        }
        TreeMap<Long, Long> blocks = new TreeMap<>();
        long previous = NONE;
        for (RecordList list : new RecordList[] {used, free}) {
            for (long node = list.head; node != NONE; node = next(node)) {
                long start = records.getLong(node + ADDRESS);
                if (blocks.put(start, sizeOf(node)) != null) {
                    throw new IllegalStateException("two records of the block at " + start);
                }
                if (list == free && order == RecordOrder.ADDRESS) {
                    if (previous != NONE && start <= previous) {
                        throw new IllegalStateException("free list: block at " + start + " after block at "
                                + previous + " (expected: address order)");
                    }
                    previous = start;
                }
            }
        }
        long end = 0;
        for (var block : blocks.entrySet()) {
            if (block.getKey() < end) {
                throw new IllegalStateException("block at " + block.getKey() + " overlaps the one ending at " + end);
            }
            end = block.getKey() + block.getValue();
            if (end > heap.size()) {
                throw new IllegalStateException("block at " + block.getKey() + " ends past the break " + heap.size());
            }
        }
    }

    /** A doubly linked list of records in the heap: its ends and length are the only Java fields. */
    private final class RecordList {
        long head = NONE;
        long tail = NONE;
        long count;
        /** Where {@link #find} left the chosen record's predecessor, for a remainder placed in address order. */
        long previousOf = NONE;

        void pushBack(long node) {
            insertAfter(tail, node);
        }

        /** Links {@code node} after {@code before}, or at the front when {@code before} is NONE. */
        void insertAfter(long before, long node) {
            long after = before == NONE ? head : next(before);
            records.setLong(node + PREV, before);
            records.setLong(node + NEXT, after);
            if (before == NONE) {
                head = node;
            } else {
                records.setLong(before + NEXT, node);
            }
            if (after == NONE) {
                tail = node;
            } else {
                records.setLong(after + PREV, node);
            }
            count++;
        }

        void remove(long node) {
            long before = records.getLong(node + PREV);
            long after = next(node);
            if (before == NONE) {
                head = after;
            } else {
                records.setLong(before + NEXT, after);
            }
            if (after == NONE) {
                tail = before;
            } else {
                records.setLong(after + PREV, before);
            }
            count--;
        }

        /** Checks links, count and flags; returns the bytes of its blocks. */
        long verify(boolean isFree) {
            String name = isFree ? "free list" : "list in use";
            long seen = 0;
            long bytes = 0;
            long before = NONE;
            for (long node = head; node != NONE; node = next(node)) {
                if (records.getLong(node + PREV) != before) {
                    throw new IllegalStateException(name + ": record " + node + " links back to "
                            + records.getLong(node + PREV) + " (expected: " + before + ")");
                }
                if ((records.getByte(node + FREE) != 0) != isFree) {
                    throw new IllegalStateException(name + ": record " + node + " says free="
                            + (records.getByte(node + FREE) != 0));
                }
                bytes += sizeOf(node);
                before = node;
                if (++seen > count) {
                    throw new IllegalStateException(name + ": more than " + count + " records (a cycle?)");
                }
            }
            if (seen != count || tail != before) {
                throw new IllegalStateException(name + ": " + seen + " records ending at " + before
                        + " (expected: " + count + " ending at " + tail + ")");
            }
            return bytes;
        }
    }
}
