package io.heaplab.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The reference model for blocks of varied sizes: live blocks as intervals, each stamped with a pattern unique to
 * it through the workload's view of the heap, so overlapping blocks and trampled data both show.
 *
 * <p>A block of up to {@link #FULLY_STAMPED} bytes is stamped in every byte; a larger one in its first and last 8
 * bytes and the 8 bytes on either side of every page boundary inside it, where a descriptor or link written by
 * mistake into a large block would land.
 *
 * <p>Checks fail through AssertJ, so a contract test (or a plugin's own) reports which block broke and how.
 * Every block must also start on an 8-byte boundary, as heaplab's workloads store words in their blocks.
 */
public final class LiveBlocks {

    /** Blocks up to this many bytes are stamped and checked in every byte. */
    public static final int FULLY_STAMPED = 512;

    private record Block(long size, int stamp) {
    }

    private final Heap heap;
    private final int alignment;
    private final TreeMap<Long, Block> byAddress = new TreeMap<>();
    private final List<Long> order = new ArrayList<>();
    private int nextStamp = 1;

    /** A model with no live block, stamping through {@code heap}'s workload view; blocks must be 8-aligned. */
    public LiveBlocks(Heap heap) {
        this(heap, 8);
    }

    /** A model whose blocks must start at multiples of {@code alignment} bytes. */
    public LiveBlocks(Heap heap, int alignment) {
        this.heap = heap;
        this.alignment = alignment;
    }

    /** Checks a new block of {@code size} bytes against the heap and every live block, then stamps it. */
    public void add(long address, long size) {
        assertThat(address).as("allocation of %d bytes failed", size).isNotEqualTo(Allocator.NO_FIT);
        assertThat(address).as("block start").isGreaterThanOrEqualTo(0);
        assertThat(address % alignment).as("alignment of block %d", address).isZero();
        assertThat(address + size).as("end of block %d of %d bytes", address, size).isLessThanOrEqualTo(heap.size());
        Map.Entry<Long, Block> below = byAddress.floorEntry(address);
        if (below != null && below.getKey() + below.getValue().size() > address) {
            fail("block " + address + " of " + size + " bytes overlaps live block " + below.getKey() + " of "
                    + below.getValue().size());
        }
        Long above = byAddress.higherKey(address);
        if (above != null && address + size > above) {
            fail("block " + address + " of " + size + " bytes overlaps live block " + above);
        }
        Block block = new Block(size, nextStamp++);
        stamp(address, block, true);
        byAddress.put(address, block);
        order.add(address);
    }

    /** Checks the data of the {@code index}-th live block and forgets it; returns its address. */
    public long removeAt(int index) {
        long address = order.get(index);
        order.set(index, order.getLast());
        order.removeLast();
        stamp(address, byAddress.remove(address), false);
        return address;
    }

    /** The size the live block at {@code address} was requested with. */
    public long sizeOf(long address) {
        return byAddress.get(address).size();
    }

    /** The address of the {@code index}-th live block. */
    public long addressAt(int index) {
        return order.get(index);
    }

    /** Checks the data of every live block. */
    public void checkAll() {
        byAddress.forEach((address, block) -> stamp(address, block, false));
    }

    /** How many blocks are live. */
    public int size() {
        return order.size();
    }

    private void stamp(long address, Block block, boolean write) {
        long size = block.size();
        if (size <= FULLY_STAMPED) {
            bytes(address, 0, size, block, write);
            return;
        }
        int pageSize = heap.pageSize();
        bytes(address, 0, 8, block, write);
        bytes(address, size - 8, size, block, write);
        long firstBoundary = (address + pageSize) & -pageSize;
        for (long boundary = firstBoundary; boundary < address + size; boundary += pageSize) {
            long offset = boundary - address;
            bytes(address, Math.max(8, offset - 8), Math.min(size - 8, offset + 8), block, write);
        }
    }

    private void bytes(long address, long from, long to, Block block, boolean write) {
        for (long i = from; i < to; i++) {
            byte expected = (byte) (block.stamp() * 0x9E3779B1 + i * 31 + (block.stamp() >>> 8));
            if (write) {
                heap.data().setByte(address + i, expected);
            } else if (heap.data().getByte(address + i) != expected) {
                fail("data of live block " + address + " of " + block.size() + " bytes changed at byte " + i);
            }
        }
    }
}
