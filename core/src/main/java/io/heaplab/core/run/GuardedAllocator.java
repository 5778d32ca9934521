package io.heaplab.core.run;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import java.util.BitSet;

/**
 * A plugin's allocator with every block it hands out checked: inside the heap it has grown, and apart from every
 * live block. A built-in strategy proves this in its tests; a plugin's is checked as it runs, so a wrong answer
 * stops the run with a message instead of quietly corrupting the workload's data and the measures.
 *
 * <p>Live bytes are one bit each: a check costs a few word operations per block, allocates nothing once the
 * bitmap has grown, and works for blocks of any size and alignment. Blocks past the first 2 GiB of address space
 * (beyond a {@link BitSet}'s reach) are checked against the heap's bounds only.
 */
final class GuardedAllocator implements Allocator {

    private final Allocator allocator;
    private final Heap heap;
    private final String who;
    private final BitSet live = new BitSet();
    private long requests;

    /**
     * @param who names the provider in messages, like {@code "plugin x.jar: allocator 'quick-fit'"}
     */
    GuardedAllocator(Allocator allocator, Heap heap, String who) {
        this.allocator = allocator;
        this.heap = heap;
        this.who = who;
    }

    @Override
    public long allocate(long size) {
        long address = allocator.allocate(size);
        requests++;
        if (address == NO_FIT) {
            return NO_FIT;
        }
        long end = heap.size();
        if (address < 0 || size > end || address > end - size) {
            throw new PluginFailure(who + " returned " + block(address, size) + " at request " + requests
                    + ", outside the heap [0, " + end + ") (expected: a block inside the heap it has grown)");
        }
        if (address + size <= Integer.MAX_VALUE) {
            int from = (int) address;
            int to = (int) (address + size);
            int taken = live.nextSetBit(from);
            if (taken >= 0 && taken < to) {
                throw new PluginFailure(who + " returned " + block(address, size) + " at request " + requests
                        + ", over byte " + taken + " of a live block (expected: a block apart from every live one)");
            }
            live.set(from, to);
        }
        return address;
    }

    @Override
    public void free(long address, long size) {
        if (address >= 0 && address + size <= Integer.MAX_VALUE) {
            live.clear((int) address, (int) (address + size));
        }
        allocator.free(address, size);
    }

    @Override
    public long searches() {
        return allocator.searches();
    }

    @Override
    public long heldBytes() {
        return allocator.heldBytes();
    }

    @Override
    public void verify() {
        allocator.verify();
    }

    private static String block(long address, long size) {
        return "the block [" + address + ", " + (address + size) + ") for " + size + " bytes";
    }
}
