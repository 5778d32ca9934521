package io.heaplab.allocators.dlmalloc;

import static io.heaplab.allocators.dlmalloc.ChunkSizes.HEADER;
import static io.heaplab.allocators.dlmalloc.ChunkSizes.MINSIZE;

import io.heaplab.core.heap.Heap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;

/**
 * The heavy invariants of a {@link DlmallocAllocator}, checked by walking its heap, as glibc's MALLOC_DEBUG
 * {@code do_check_malloc_state} does (malloc/malloc.c, glibc 2.36) and more; for tests, never on the hot path.
 */
final class ArenaCheck {

    private final DlmallocAllocator allocator;
    private final Heap heap;
    private final Chunks chunks;
    private final MainArena arena;
    /** Chunks the walk found free (in a bin) and in use (the workload's, cached, or the tcache struct), by size. */
    private final Long2LongOpenHashMap free = new Long2LongOpenHashMap();
    private final Long2LongOpenHashMap used = new Long2LongOpenHashMap();
    private long mmapped;
    private int mmappedChunks;

    ArenaCheck(DlmallocAllocator allocator) {
        this.allocator = allocator;
        this.heap = allocator.heap();
        this.chunks = allocator.chunks();
        this.arena = allocator.arena();
    }

    void run() {
        walkHeap();
        checkBins();
        long cached = checkFastbins() + checkTcache();
        long held = mmapped;
        for (long size : used.values()) {
            held += size;
        }
        expect(held == allocator.heldBytes(), "held bytes " + allocator.heldBytes() + " (walk: " + held
                + ", besides " + cached + " cached)");
        expect(mmappedChunks == allocator.mmaps(), "mmapped chunks " + allocator.mmaps() + " (walk: "
                + mmappedChunks + ")");
    }

    /** malloc_state's pages, then pieces of the arena, holes and mmapped regions, up to the heap's end. */
    private void walkHeap() {
        AddressSpace space = allocator.space();
        long a = allocator.stateAddress() + space.pageRound(MainArena.SIZE);
        int piece = 0;
        while (a < heap.size()) {
            if (piece < allocator.pieces() && allocator.pieceStart(piece) == a) {
                walkPiece(piece);
                a = allocator.pieceEnd(piece);
                piece++;
            } else if (space.holeEndAt(a) > a) {
                a = space.holeEndAt(a);
            } else {
                long field = chunks.sizeField(a);
                long size = field & ~Chunks.SIZE_BITS;
                expect((field & Chunks.IS_MMAPPED) != 0 && size > 0 && size % heap.pageSize() == 0
                        && chunks.prevSize(a) == 0, "no arena, hole or mmapped chunk at " + a);
                mmapped += size;
                mmappedChunks++;
                a += size;
            }
        }
        expect(piece == allocator.pieces(), "walked " + piece + " of the arena's " + allocator.pieces() + " pieces");
        expect(a == heap.size() || space.touchedOnly() && a == space.brk(), "the walk ends at " + a
                + " (expected: the heap's end, " + heap.size() + ")");
        if (allocator.pieces() == 0) {
            expect(arena.top() == arena.initialTop(), "a top without an arena");
        } else {
            long top = arena.top();
            expect(top + chunks.size(top) == space.brk(), "top " + top + " + " + chunks.size(top) + " (expected: to"
                    + " end at the break, " + space.brk() + ")");
            expect(heap.size() >= space.pageRound(top + MINSIZE), "the heap ends at " + heap.size()
                    + " below the top's header at " + top);
        }
    }

    /**
     * One piece of the arena: chunks back to back, each PREV_INUSE telling whether the one before is free, free
     * chunks with footers and never two together; the last piece ends with the top, earlier ones with two
     * 16-byte fenceposts.
     */
    private void walkPiece(int piece) {
        long c = allocator.pieceStart(piece);
        long end = allocator.pieceEnd(piece);
        boolean last = piece == allocator.pieces() - 1;
        boolean prevFree = false;
        while (true) {
            long size = chunks.size(c);
            expect(chunks.prevInuse(c) == !prevFree, "chunk " + c + ": PREV_INUSE " + chunks.prevInuse(c));
            if (last && c == arena.top()) {
                expect(!prevFree && size >= MINSIZE && size % ChunkSizes.ALIGNMENT == 0, "top " + c + " of " + size);
                return;
            }
            if (!last && c + 2 * HEADER == end) {
                expect(size == HEADER && chunks.size(c + HEADER) == HEADER && chunks.prevInuse(c + HEADER),
                        "fenceposts at " + c);
                return;
            }
            if (!last && c + 3 * HEADER == end && size == HEADER) {
                // an old top of 48 bytes keeps 16 before its fenceposts: too small to free, lost
                prevFree = false;
                c += HEADER;
                continue;
            }
            expect(size >= MINSIZE && size % ChunkSizes.ALIGNMENT == 0 && c + size <= end, "chunk " + c + " of "
                    + size + " in the piece ending at " + end);
            boolean isFree = !chunks.prevInuse(c + size);
            if (isFree) {
                expect(!prevFree, "free chunks " + c + " and the one before it touch");
                expect(chunks.prevSize(c + size) == size, "free chunk " + c + ": footer " + chunks.prevSize(c + size));
                free.put(c, size);
            } else {
                used.put(c, size);
            }
            prevFree = isFree;
            c += size;
        }
    }

    /** Every free chunk in exactly one bin, of its index; rings, order, nextsize rings and the binmap. */
    private void checkBins() {
        for (int i = 1; i < ChunkSizes.NBINS; i++) {
            long bin = arena.binAt(i);
            long prev = bin;
            long previousSize = Long.MAX_VALUE;
            int count = 0;
            for (long p = chunks.fd(bin); p != bin; p = chunks.fd(p)) {
                expect(chunks.bk(p) == prev, "bin " + i + ": chunk " + p + " has bk " + chunks.bk(p));
                expect(free.containsKey(p), "bin " + i + " holds " + p + ", not a free chunk (or twice in bins)");
                long size = free.remove(p);
                if (i == 1) {
                    expect(ChunkSizes.isSmall(size) || chunks.fdNextsize(p) == 0, "unsorted " + p + ": nextsize set");
                } else {
                    expect(ChunkSizes.binIndex(size) == i, "bin " + i + " holds a chunk of " + size);
                    if (!ChunkSizes.isSmall(size)) {
                        expect(size <= previousSize, "large bin " + i + " out of order at " + p);
                        boolean heads = size < previousSize;
                        expect(heads == (chunks.fdNextsize(p) != 0), "large bin " + i + ": " + p + (heads
                                ? " heads its size without" : " does not head its size but has") + " nextsize links");
                        if (heads) {
                            long down = chunks.fdNextsize(p);
                            expect(chunks.bkNextsize(down) == p, "nextsize ring broken at " + p);
                            expect(down == chunks.fd(bin) ? true : chunks.size(down) < size,
                                    "nextsize ring of bin " + i + " out of order at " + p);
                        }
                    }
                    previousSize = size;
                }
                prev = p;
                count++;
                expect(count <= heap.size() / MINSIZE, "bin " + i + " does not end");
            }
            expect(chunks.bk(bin) == prev, "bin " + i + ": bk " + chunks.bk(bin) + " (expected: " + prev + ")");
            if (count > 0 && i > 1) {
                expect((arena.binmap(i >>> 5) >>> (i & 31) & 1) != 0, "bin " + i + " holds chunks, its bit clear");
            }
        }
        expect(free.isEmpty(), "free chunks in no bin: " + free.keySet());
    }

    /** Fastbin chunks: in use to the arena, of their bin's size, LIFO lists that end; returns their bytes. */
    private long checkFastbins() {
        long bytes = 0;
        for (int i = 0; i < ChunkSizes.NFASTBINS; i++) {
            int count = 0;
            for (long p = arena.fastbin(i); p != 0; p = chunks.fd(p)) {
                expect(used.containsKey(p), "fastbin " + i + " holds " + p + ", not a chunk in use or cached twice");
                long size = used.remove(p);
                expect(ChunkSizes.fastbinIndex(size) == i && size <= allocator.maxFast(), "fastbin " + i
                        + " holds a chunk of " + size);
                bytes += size;
                count++;
            }
            expect(count == 0 || arena.haveFastchunks(), "fastbin " + i + " holds chunks, have_fastchunks clear");
        }
        return bytes;
    }

    /** The tcache struct's chunk, and each list: its count, chunk sizes and keys; returns the cached bytes. */
    private long checkTcache() {
        Tcache tcache = allocator.tcache();
        if (tcache == null || !tcache.isReady()) {
            return 0;
        }
        long struct = tcache.struct() - HEADER;
        expect(used.containsKey(struct), "the tcache struct's chunk " + struct + " is not in use");
        expect(used.remove(struct) == ChunkSizes.request2size(Tcache.STRUCT_SIZE), "the tcache struct's size");
        long bytes = 0;
        for (int i = 0; i < ChunkSizes.TCACHE_BINS; i++) {
            int count = 0;
            for (long e = tcache.head(i); e != 0; e = tcache.next(e)) {
                long p = e - HEADER;
                expect(used.containsKey(p), "tcache " + i + " holds " + p + ", not a chunk in use or cached twice");
                long size = used.remove(p);
                expect(size == ChunkSizes.tcacheSize(i), "tcache " + i + " holds a chunk of " + size);
                expect(tcache.key(e) == Tcache.KEY, "tcache " + i + ": " + p + " without the key");
                bytes += size;
                count++;
            }
            expect(count == tcache.count(i) && count <= tcache.fill(), "tcache " + i + ": count " + tcache.count(i)
                    + " (list: " + count + ", most " + tcache.fill() + ")");
        }
        return bytes;
    }

    private static void expect(boolean holds, String problem) {
        if (!holds) {
            throw new IllegalStateException(problem);
        }
    }
}
