package io.heaplab.allocators.fixed;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.SpecException;

/**
 * The page geometry every fixed-size strategy of Brent ("The Most-Recently-Used Strategy for Dynamic Storage
 * Allocation on a Computer with Virtual Memory", section 2) shares: blocks of one size {@code s},
 * {@code c = floor(p / s)} of them to a page of {@code p} bytes, none straddling a page.
 *
 * <pre>
 *  data page d
 * +---------+---------+---------+-- ... --+-----------+--------------+
 * | slot 0  | slot 1  | slot 2  |         | slot c-1  | tail, unused |
 * +---------+---------+---------+-- ... --+-----------+--------------+
 * |<-- s -->|                                         |<- p - c*s -->|
 *
 *  block number n = d * c + slot       address(n) = address(data page n / c) + (n % c) * s
 * </pre>
 *
 * A block number is an {@code int}, so a strategy can keep it in 4 bytes inside a free block (Brent assumes a
 * block is "large enough to store one pointer"); that is why {@code s} must be at least 4. A strategy owns its
 * heap: it grows it a page at a time and nothing else may, so data page {@code d} is the {@code d}-th data page
 * it got.
 *
 * <h2>Metadata pages</h2>
 *
 * A strategy that keeps something per data page (a page header, a slice of a pool) declares {@code h} bytes of
 * metadata per data page. Those bytes live in the heap, where a real allocator would keep them, and are read and
 * written through {@link #bookkeeping}, so a run may count them as references. They never share a page with
 * blocks, because that would change {@code c} and with it Brent's tables (6-byte blocks, 512-byte pages, 85 to a
 * page). Instead the heap is laid out in groups of one metadata page and {@code H = floor(p / h)} data pages:
 *
 * <pre>
 * +--------+--------+--------+- ... -+--------+--------+--------+- ... -+--------+--------+--
 * |  meta  | data 0 | data 1 |       |data H-1|  meta  | data H |       |data2H-1|  meta  |
 * +--------+--------+--------+- ... -+--------+--------+--------+- ... -+--------+--------+--
 *     0        1        2                H       H+1      H+2              2H+1     2H+2    heap page
 *
 *  the metadata page of group g: one record of h bytes for each of its data pages, then a tail
 * +-----------+-----------+-- ... --+-----------+---------------+
 * | of gH     | of gH + 1 |         | of gH+H-1 | p-H*h, unused |
 * +-----------+-----------+-- ... --+-----------+---------------+
 * |<--- h --->|
 *
 *  heap page of data page d = d + d / H + 1        metadata of d at page (d / H) * (H + 1), offset (d % H) * h
 * </pre>
 *
 * Both directions are arithmetic: no table maps pages to anything on the Java side. Growing the data page that
 * starts a group grows its metadata page in the same request, so a bounded heap with room for only one of the
 * two answers {@link Heap#NO_ROOM} and stays as it was. With {@code h = 0} there are no metadata pages and data
 * page {@code d} is heap page {@code d}, as STACK and NOFREE need. The metadata pages count in the heap's
 * high-water mark; {@link #dataPages()} is the count without them (Brent ignores RANDOM's pool in his virtual
 * sizes, for instance).
 *
 * <p>The constructor checks the setup and fails with a one-line {@link SpecException}; a request for any size
 * but {@code s} is a bug in the workload and fails with an {@link IllegalArgumentException}.
 */
public abstract class FixedSizeAllocator implements Allocator {

    /** The smallest block: room for a 32-bit free-list link. */
    public static final int MIN_BLOCK_SIZE = 4;

    /** The end of a list of block numbers. */
    protected static final int END = -1;

    /** The strategy's short name, for messages. */
    protected final String name;
    protected final Heap heap;
    /** Where a strategy reads and writes what it keeps inside the heap, so a run can count those references. */
    protected final HeapAccess bookkeeping;
    /** {@code s}: bytes per block. */
    protected final int blockSize;
    /** {@code p}: bytes per page. */
    protected final int pageSize;
    protected final int pageShift;
    /** {@code c = floor(p / s)}: blocks per page. */
    protected final int blocksPerPage;
    /** The most data pages whose blocks all have an {@code int} number. */
    protected final long maxPages;
    /** {@code h}: bytes of metadata per data page; 0 for none. */
    protected final int metadataBytes;
    /** {@code H = floor(p / h)}: data pages after each metadata page; 0 when {@code h = 0}. */
    protected final int groupDataPages;
    // the divisions of every allocate and free, by c, s, H and H + 1, each a multiplication
    private final Divisor perPage;
    private final Divisor perBlock;
    private final Divisor perGroup;
    private final Divisor perGroupWithMetadata;

    /**
     * Checks that {@code setup} is a fixed-size one with {@code 4 <= s <= p}; no metadata pages.
     *
     * @param name the strategy's short name, which starts every error message
     */
    protected FixedSizeAllocator(String name, AllocatorSetup setup) {
        this(name, setup, 0);
    }

    /**
     * Checks that {@code setup} is a fixed-size one with {@code 4 <= s <= p}, and lays the heap out with
     * {@code metadataBytes} of metadata per data page.
     *
     * @param name          the strategy's short name, which starts every error message
     * @param metadataBytes {@code h}, from 0 (no metadata pages) to the page size
     */
    protected FixedSizeAllocator(String name, AllocatorSetup setup, int metadataBytes) {
        this.name = name;
        this.heap = setup.heap();
        this.pageSize = heap.pageSize();
        this.pageShift = heap.pageShift();
        if (!setup.isFixedSize()) {
            throw new SpecException(name + ": the workload asks for blocks of varied sizes (expected: one block"
                    + " size; " + name + " is one of Brent's fixed-size strategies)");
        }
        if (setup.blockSize() < MIN_BLOCK_SIZE || setup.blockSize() > pageSize) {
            throw new SpecException(name + ": blockSize " + setup.blockSize() + " (expected: " + MIN_BLOCK_SIZE
                    + " .. " + pageSize + " bytes, room for a free-list link and at most the page size)");
        }
        if (metadataBytes < 0 || metadataBytes > pageSize) {
            // a bug in the strategy, not in the spec
            throw new IllegalArgumentException(name + ": metadataBytes " + metadataBytes + " (expected: 0 .. "
                    + pageSize + " bytes per data page, the page size)");
        }
        this.bookkeeping = heap.bookkeeping();
        this.blockSize = (int) setup.blockSize();
        this.blocksPerPage = pageSize / blockSize;
        this.maxPages = Integer.MAX_VALUE / blocksPerPage;
        this.metadataBytes = metadataBytes;
        this.groupDataPages = metadataBytes == 0 ? 0 : pageSize / metadataBytes;
        this.perPage = new Divisor(blocksPerPage);
        this.perBlock = new Divisor(blockSize);
        this.perGroup = new Divisor(Math.max(1, groupDataPages));
        this.perGroupWithMetadata = new Divisor(groupDataPages + 1);
    }

    /** The data page of block {@code block}. */
    protected final int pageOfBlock(int block) {
        return perPage.divide(block);
    }

    /** The address of block {@code block}. */
    protected final long addressOf(int block) {
        int page = pageOfBlock(block);
        return dataPageAddress(page) + (long) (block - page * blocksPerPage) * blockSize;
    }

    /** The address of data page {@code dataPage}: its slot 0. */
    protected final long dataPageAddress(long dataPage) {
        long heapPage = metadataBytes == 0 ? dataPage : dataPage + perGroup.divide(dataPage) + 1;
        return heapPage << pageShift;
    }

    /** The address of the {@code h} bytes of metadata of data page {@code dataPage}; only when {@code h > 0}. */
    protected final long metadataAddress(long dataPage) {
        long group = perGroup.divide(dataPage);
        return (group * (groupDataPages + 1) << pageShift) + (dataPage - group * groupDataPages) * metadataBytes;
    }

    /**
     * The number of the block at {@code address}; an address that is not the start of a block in the first
     * {@code pages} data pages fails with an {@link IllegalArgumentException}.
     */
    protected final int blockOf(long address, long pages) {
        long page = address < 0 ? -1 : dataPageOf(address);
        int offset = (int) (address & (pageSize - 1));
        int slot = perBlock.divide(offset);
        if (page < 0 || page >= pages || slot >= blocksPerPage || slot * blockSize != offset) {
            throw new IllegalArgumentException(name + ": address " + address + " (expected: the start of a block"
                    + " this allocator handed out)");
        }
        return (int) page * blocksPerPage + slot;
    }

    /**
     * The data page that holds {@code address} (a non-negative address), or -1 when it lies in a metadata page.
     * Pure arithmetic: it does not ask whether the page was obtained yet.
     */
    public final long dataPageOf(long address) {
        long heapPage = address >>> pageShift;
        if (metadataBytes == 0) {
            return heapPage;
        }
        long group = perGroupWithMetadata.divide(heapPage);
        long inGroup = heapPage - group * (groupDataPages + 1);
        return inGroup == 0 ? -1 : group * groupDataPages + inGroup - 1;
    }

    /** Whether heap page {@code heapPage} holds metadata rather than blocks. */
    public final boolean isMetadataPage(long heapPage) {
        return metadataBytes != 0 && heapPage % (groupDataPages + 1) == 0;
    }

    /** How many heap pages {@code dataPages} data pages take, their metadata pages included. */
    public final long heapPagesFor(long dataPages) {
        return metadataBytes == 0 ? dataPages : dataPages + (dataPages + groupDataPages - 1) / groupDataPages;
    }

    /** The data pages obtained so far: the heap's pages less the metadata pages. */
    public final long dataPages() {
        long heapPages = heap.size() >>> pageShift;
        if (metadataBytes == 0) {
            return heapPages;
        }
        long group = heapPages / (groupDataPages + 1);
        long inGroup = heapPages - group * (groupDataPages + 1);
        return group * groupDataPages + Math.max(0, inGroup - 1);
    }

    /** Fails unless {@code size} is the block size: asking for another is a bug in the workload. */
    protected final void checkSize(long size) {
        if (size != blockSize) {
            throw new IllegalArgumentException(name + ": size " + size + " (expected: the block size "
                    + blockSize + ")");
        }
    }

    /**
     * Grows the heap for the {@code pages}-th data page (counting from 0), and for its metadata page first when it
     * starts a group, and returns the data page's address; or {@link Heap#NO_ROOM}, the heap unchanged, when a
     * bounded heap has no room for both or block numbers would overflow an {@code int}.
     */
    protected final long growPage(long pages) {
        if (pages >= maxPages) {
            return Heap.NO_ROOM;
        }
        boolean startsGroup = metadataBytes != 0 && pages % groupDataPages == 0;
        long expected = dataPageAddress(pages) - (startsGroup ? pageSize : 0);
        // one request for both pages, so that a heap with room for the metadata page alone is left untouched
        long base = heap.grow(startsGroup ? 2L * pageSize : pageSize);
        if (base == Heap.NO_ROOM) {
            return Heap.NO_ROOM;
        }
        if (base != expected) {
            // someone else grew the heap: block numbers would no longer match addresses
            throw new IllegalStateException(name + ": heap break " + base + " (expected: " + expected
                    + "; the heap must belong to this allocator alone)");
        }
        return startsGroup ? base + pageSize : base;
    }

    /**
     * For {@link #verify()}: fails unless the heap is exactly the {@code pages} data pages this strategy obtained
     * and their metadata pages.
     */
    protected final void verifyHeapHolds(long pages) {
        if (heap.size() != heapPagesFor(pages) << pageShift) {
            throw new IllegalStateException(name + ": heap holds " + heap.size() + " bytes, but " + pages
                    + " pages of " + pageSize + " were obtained"
                    + (metadataBytes == 0 ? "" : " with " + (heapPagesFor(pages) - pages) + " metadata pages"));
        }
    }

    /** Bytes per block. */
    public final int blockSize() {
        return blockSize;
    }

    /** Blocks per page. */
    public final int blocksPerPage() {
        return blocksPerPage;
    }

    /** Bytes of metadata per data page, {@code h}; 0 when the strategy keeps none. */
    public final int metadataBytesPerPage() {
        return metadataBytes;
    }
}
