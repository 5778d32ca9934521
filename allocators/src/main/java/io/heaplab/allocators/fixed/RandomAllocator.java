package io.heaplab.allocators.fixed;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;
import java.util.SplittableRandom;

/**
 * Brent's RANDOM strategy (section 2.2): every request gets a block chosen uniformly at random from a pool of all
 * the free blocks; the benchmark a strategy for virtual memory must beat.
 *
 * <h2>Layout</h2>
 *
 * The pool is an array of block numbers kept in the heap, the array of pointers Brent mentions. Each data page
 * lends its {@code h = 4c} bytes of metadata (see {@link FixedSizeAllocator}) to {@code c} pool entries: entry
 * {@code i} lives in the metadata of data page {@code i / c}, at {@code (i % c) * 4}. The pool never holds more
 * entries than there are blocks, so every entry in use has a home; {@code h <= p} because {@code s >= 4}. Its
 * length {@code n} is a field, as a register would be. With {@code p = 64, s = 6} ({@code c = 10, h = 40,
 * H = 1}), after a fresh page whose entries 2, 5 and 0 were drawn in turn:
 *
 * <pre>
 *  heap page 0: metadata of data page 0, entries 0 .. 9       heap page 1: data page 0
 * +---+---+---+---+---+---+---+---+---+---+--------+         +-------+-------+-------+-------+-- ... --+------+
 * | 7 | 1 | 9 | 3 | 4 | 8 | 6 | 7 | 8 | 9 |  tail  |         | used  | free  | used  | free  |         | tail |
 * +---+---+---+---+---+---+---+---+---+---+--------+         +-------+-------+-------+-------+-- ... --+------+
 *                               ^ n = 7: entries 7 .. 9 are stale   block 0 block 1 block 2 block 3
 * </pre>
 *
 * <h2>Operations</h2>
 *
 * {@link #allocate} draws {@code i} uniformly from {@code 0 .. n-1}, hands out the block of entry {@code i} and
 * moves entry {@code n-1} into its place: one read, and a read and a write unless {@code i = n-1}. {@link #free}
 * appends: one write. When the pool is empty the heap grows by a data page (and its group's metadata page, every
 * {@code H}-th time) and its {@code c} blocks are appended in address order. Both operations are O(1); growing
 * costs {@code c} writes once per page, O(1) amortized. A bounded heap that is full gives {@link #NO_FIT}.
 *
 * <p>The choices come from {@code new SplittableRandom(setup.seed())}, so the same seed gives the same blocks.
 * The pool's pages are heap pages like any other: they count in the heap's high-water mark (for 6-byte blocks
 * that doubles it; Brent ignores this overhead, and {@link #dataPages()} leaves it out), and their references
 * reach the paging simulators only when the run counts the allocator's own references.
 */
public final class RandomAllocator extends FixedSizeAllocator {

    private final SplittableRandom random;
    /** {@code n}: the entries of the pool in use, {@code 0 .. n-1}. */
    private int poolSize;
    /** Data pages obtained from the heap: blocks {@code 0 .. pages * c} exist. */
    private long pages;
    /** Blocks handed out and not yet freed, for {@link #verify()}. */
    private long live;

    /** Fails with a one-line {@link io.heaplab.core.spi.SpecException} for a setup RANDOM cannot serve. */
    public RandomAllocator(AllocatorSetup setup) {
        super(RandomAllocatorProvider.NAME, setup, poolBytesPerPage(setup));
        this.random = new SplittableRandom(setup.seed());
    }

    /** {@code 4c}: one pool entry per block; 0 for a setup the base constructor rejects anyway. */
    private static int poolBytesPerPage(AllocatorSetup setup) {
        int pageSize = setup.heap().pageSize();
        long blockSize = setup.blockSize();
        return blockSize >= MIN_BLOCK_SIZE && blockSize <= pageSize ? Integer.BYTES * (int) (pageSize / blockSize)
                : 0;
    }

    @Override
    public long allocate(long size) {
        checkSize(size);
        if (poolSize == 0 && !addNewPage()) {
            return NO_FIT;
        }
        int pick = random.nextInt(poolSize);
        long entry = entryAddress(pick);
        int block = bookkeeping.getInt(entry);
        int last = --poolSize;
        if (pick != last) {
            bookkeeping.setInt(entry, bookkeeping.getInt(entryAddress(last)));
        }
        live++;
        return addressOf(block);
    }

    @Override
    public void free(long address, long size) {
        checkSize(size);
        int block = blockOf(address, pages);
        if (poolSize == pages * blocksPerPage) {
            // the pool has no entry left: appending would write into the metadata of a page not yet obtained
            throw new IllegalArgumentException(name + ": address " + address + " (expected: a block in use;"
                    + " every block is free, so it was freed twice)");
        }
        bookkeeping.setInt(entryAddress(poolSize++), block);
        live--;
    }

    /** The address of pool entry {@code i}: slot {@code i % c} of the metadata of data page {@code i / c}. */
    private long entryAddress(int i) {
        int page = pageOfBlock(i);
        return metadataAddress(page) + (long) (i - page * blocksPerPage) * Integer.BYTES;
    }

    private boolean addNewPage() {
        if (growPage(pages) == Heap.NO_ROOM) {
            return false;
        }
        int first = (int) pages * blocksPerPage;
        pages++;
        for (int slot = 0; slot < blocksPerPage; slot++) {
            bookkeeping.setInt(entryAddress(poolSize++), first + slot);
        }
        return true;
    }

    /** The free blocks in the pool, {@code n}. */
    public int poolSize() {
        return poolSize;
    }

    /**
     * Reads the pool: every entry names a block inside the heap, none twice, and the pool plus the blocks handed
     * out are all the blocks there are. The entries are read through the bookkeeping view, so call this in tests,
     * not in a measured run.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    @Override
    public void verify() {
        verifyHeapHolds(pages);
        long total = pages * blocksPerPage;
        if (poolSize < 0 || poolSize > total) {
            throw new IllegalStateException(name + ": pool of " + poolSize + " entries (expected: 0 .. " + total
                    + ", the blocks in " + pages + " pages)");
        }
        long[] seen = new long[(int) ((total + 63) >>> 6)];
        for (int i = 0; i < poolSize; i++) {
            int block = bookkeeping.getInt(entryAddress(i));
            if (block < 0 || block >= total) {
                throw new IllegalStateException(name + ": pool entry " + i + " holds block " + block
                        + ", outside the heap (expected: 0 .. " + (total - 1) + ")");
            }
            long bit = 1L << block;
            if ((seen[block >>> 6] & bit) != 0) {
                throw new IllegalStateException(name + ": block " + block + " at address " + addressOf(block)
                        + " is in the pool twice, again at entry " + i + " (a block freed twice?)");
            }
            seen[block >>> 6] |= bit;
        }
        if (poolSize + live != total) {
            throw new IllegalStateException(name + ": " + poolSize + " free blocks + " + live + " handed out != "
                    + total + " blocks in " + pages + " pages");
        }
    }
}
