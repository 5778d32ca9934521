package io.heaplab.allocators.dlmalloc;

import static io.heaplab.allocators.dlmalloc.ChunkSizes.NBINS;

import io.heaplab.core.heap.HeapAccess;

/**
 * glibc 2.36's {@code struct malloc_state} of the main arena (malloc/malloc.c), in the heap at its 64-bit offsets,
 * with the operations on its bins: {@code unlink_chunk}, the insertion at the front of the unsorted bin, and the
 * placing of a chunk in its small or (sorted) large bin that only {@code _int_malloc}'s unsorted scan does.
 *
 * <pre>
 *  offset  0      mutex, flags (not modelled)
 *          8      have_fastchunks
 *          16     fastbinsY[10]      LIFO lists through fd, NULL (0) ended
 *          96     top                } bin 1's fake chunk starts here: its prev_size and size overlay top and
 *          104    last_remainder     } last_remainder, its fd and bk are bins[0] and bins[1]
 *          112    bins[254]          bin i (1..127) is a fake chunk at 96 + 16 (i - 1): fd and bk of its list
 *          2144   binmap[4]          bit i: bin i may be non-empty (cleared lazily by the scan)
 *          2160   next, next_free, attached_threads (not modelled)
 *          2184   system_mem, max_system_mem
 *          2200   end
 * </pre>
 *
 * A bin's list is circular through its fake chunk: {@code first(bin)} is its fd, {@code last(bin)} its bk. Chunks go
 * in at the front and small bins give from the back (FIFO); a large bin is sorted by size, largest first, and the
 * first chunk of each size is on a second ring through {@code fd_nextsize}/{@code bk_nextsize}.
 */
final class MainArena {

    /** {@code sizeof (struct malloc_state)}. */
    static final int SIZE = 2200;

    private static final int HAVE_FASTCHUNKS = 8;
    private static final int FASTBINS = 16;
    private static final int TOP = 96;
    private static final int LAST_REMAINDER = 104;
    private static final int BINMAP = 2144;
    private static final int SYSTEM_MEM = 2184;
    private static final int MAX_SYSTEM_MEM = 2192;

    private final HeapAccess mem;
    private final Chunks chunks;
    private final long state;

    /** {@code malloc_init_state}: every bin an empty ring, top the initial top (the unsorted bin, of size 0). */
    MainArena(HeapAccess mem, Chunks chunks, long state) {
        this.mem = mem;
        this.chunks = chunks;
        this.state = state;
        for (int i = 1; i < NBINS; i++) {
            long bin = binAt(i);
            chunks.setFd(bin, bin);
            chunks.setBk(bin, bin);
        }
        setTop(initialTop());
    }

    /** {@code bin_at}. */
    long binAt(int i) {
        return state + TOP + (long) (i - 1) * 16;
    }

    /** {@code unsorted_chunks}. */
    long unsorted() {
        return binAt(1);
    }

    /** {@code initial_top}: the unsorted bin, whose "size" is last_remainder, 0 until a chunk is first split. */
    long initialTop() {
        return binAt(1);
    }

    long top() {
        return mem.getLong(state + TOP);
    }

    void setTop(long top) {
        mem.setLong(state + TOP, top);
    }

    long lastRemainder() {
        return mem.getLong(state + LAST_REMAINDER);
    }

    void setLastRemainder(long chunk) {
        mem.setLong(state + LAST_REMAINDER, chunk);
    }

    long fastbin(int idx) {
        return mem.getLong(state + FASTBINS + 8L * idx);
    }

    void setFastbin(int idx, long chunk) {
        mem.setLong(state + FASTBINS + 8L * idx, chunk);
    }

    boolean haveFastchunks() {
        return mem.getInt(state + HAVE_FASTCHUNKS) != 0;
    }

    void setHaveFastchunks(boolean have) {
        mem.setInt(state + HAVE_FASTCHUNKS, have ? 1 : 0);
    }

    int binmap(int block) {
        return mem.getInt(state + BINMAP + 4L * block);
    }

    void setBinmap(int block, int map) {
        mem.setInt(state + BINMAP + 4L * block, map);
    }

    /** {@code mark_bin}. */
    void markBin(int i) {
        setBinmap(i >>> 5, binmap(i >>> 5) | 1 << (i & 31));
    }

    long systemMem() {
        return mem.getLong(state + SYSTEM_MEM);
    }

    /** Adds to system_mem, raising max_system_mem with it. */
    void addSystemMem(long bytes) {
        long now = systemMem() + bytes;
        mem.setLong(state + SYSTEM_MEM, now);
        if (now > mem.getLong(state + MAX_SYSTEM_MEM)) {
            mem.setLong(state + MAX_SYSTEM_MEM, now);
        }
    }

    // ---- the lists ----------------------------------------------------------------------------------------------

    /**
     * {@code unlink_chunk}: takes free chunk {@code p} off its bin, after glibc's checks of its footer and its
     * neighbours' links; a large chunk that heads its size hands the nextsize ring to the next chunk of its size.
     */
    void unlink(long p) {
        long size = chunks.size(p);
        if (size != chunks.prevSize(p + size)) {
            throw corrupted("corrupted size vs. prev_size", p);
        }
        long fd = chunks.fd(p);
        long bk = chunks.bk(p);
        if (chunks.bk(fd) != p || chunks.fd(bk) != p) {
            throw corrupted("corrupted double-linked list", p);
        }
        chunks.setBk(fd, bk);
        chunks.setFd(bk, fd);
        if (!ChunkSizes.isSmall(size) && chunks.fdNextsize(p) != 0) {
            long fdNext = chunks.fdNextsize(p);
            long bkNext = chunks.bkNextsize(p);
            if (chunks.bkNextsize(fdNext) != p || chunks.fdNextsize(bkNext) != p) {
                throw corrupted("corrupted double-linked list (not small)", p);
            }
            if (chunks.fdNextsize(fd) == 0) {
                if (fdNext == p) {
                    chunks.setFdNextsize(fd, fd);
                    chunks.setBkNextsize(fd, fd);
                } else {
                    chunks.setFdNextsize(fd, fdNext);
                    chunks.setBkNextsize(fd, bkNext);
                    chunks.setBkNextsize(fdNext, fd);
                    chunks.setFdNextsize(bkNext, fd);
                }
            } else {
                chunks.setBkNextsize(fdNext, bkNext);
                chunks.setFdNextsize(bkNext, fdNext);
            }
        }
    }

    /**
     * Puts free chunk {@code p} of {@code size} at the front of the unsorted bin, as {@code _int_free}, the splits
     * and {@code malloc_consolidate} do; a large one gets NULL nextsize links, so {@link #unlink} leaves the ring
     * alone.
     */
    void pushUnsorted(long p, long size) {
        long bck = unsorted();
        long fwd = chunks.fd(bck);
        if (chunks.bk(fwd) != bck) {
            throw corrupted("free(): corrupted unsorted chunks", p);
        }
        chunks.setFd(p, fwd);
        chunks.setBk(p, bck);
        if (!ChunkSizes.isSmall(size)) {
            chunks.setFdNextsize(p, 0);
            chunks.setBkNextsize(p, 0);
        }
        chunks.setFd(bck, p);
        chunks.setBk(fwd, p);
    }

    /**
     * Places {@code victim}, just taken off the unsorted bin, in its bin and marks the bin in the binmap: at the
     * front of a small bin; in a large bin before the first smaller chunk, or second among chunks of its own size
     * so that the nextsize ring need not change. Returns the chunks it stepped over on the nextsize ring.
     */
    int placeInBin(long victim, long size) {
        int index;
        long bck;
        long fwd;
        int steps = 0;
        if (ChunkSizes.isSmall(size)) {
            index = ChunkSizes.smallbinIndex(size);
            bck = binAt(index);
            fwd = chunks.fd(bck);
        } else {
            index = ChunkSizes.largebinIndex(size);
            bck = binAt(index);
            fwd = chunks.fd(bck);
            if (fwd != bck) {
                long withBit = size | Chunks.PREV_INUSE;
                if (withBit < chunks.sizeField(chunks.bk(bck))) {
                    // smaller than the smallest: last in the bin, and last on the nextsize ring
                    fwd = bck;
                    bck = chunks.bk(bck);
                    long largest = chunks.fd(fwd);
                    chunks.setFdNextsize(victim, largest);
                    chunks.setBkNextsize(victim, chunks.bkNextsize(largest));
                    chunks.setFdNextsize(chunks.bkNextsize(victim), victim);
                    chunks.setBkNextsize(largest, victim);
                    steps = 1;
                } else {
                    steps = 1;
                    while (withBit < chunks.sizeField(fwd)) {
                        fwd = chunks.fdNextsize(fwd);
                        steps++;
                    }
                    if (withBit == chunks.sizeField(fwd)) {
                        fwd = chunks.fd(fwd);
                    } else {
                        chunks.setFdNextsize(victim, fwd);
                        chunks.setBkNextsize(victim, chunks.bkNextsize(fwd));
                        if (chunks.fdNextsize(chunks.bkNextsize(fwd)) != fwd) {
                            throw corrupted("malloc(): largebin double linked list corrupted (nextsize)", fwd);
                        }
                        chunks.setBkNextsize(fwd, victim);
                        chunks.setFdNextsize(chunks.bkNextsize(victim), victim);
                    }
                    bck = chunks.bk(fwd);
                    if (chunks.fd(bck) != fwd) {
                        throw corrupted("malloc(): largebin double linked list corrupted (bk)", fwd);
                    }
                }
            } else {
                chunks.setFdNextsize(victim, victim);
                chunks.setBkNextsize(victim, victim);
            }
        }
        markBin(index);
        chunks.setBk(victim, bck);
        chunks.setFd(victim, fwd);
        chunks.setBk(fwd, victim);
        chunks.setFd(bck, victim);
        return steps;
    }

    /** malloc_printerr's abort, as an exception naming the chunk. */
    static IllegalStateException corrupted(String what, long chunk) {
        return new IllegalStateException(what + " (chunk at " + chunk + ")");
    }
}
