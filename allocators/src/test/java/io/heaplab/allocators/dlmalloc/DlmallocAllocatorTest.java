package io.heaplab.allocators.dlmalloc;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * glibc 2.36's rules worked by hand on a growable heap of 4096-byte pages: malloc_state takes page 0, so the arena
 * (the first sbrk) begins at {@value #BASE}; chunk {@code c}'s user memory is at {@code c + 16}.
 */
class DlmallocAllocatorTest {

    /** The sbrk base: malloc_state's 2200 bytes rounded to the page. */
    static final long BASE = 4096;
    /** The tcache struct's chunk: request2size(640). */
    static final long TCACHE_CHUNK = 656;
    static final long KIB = 1024;

    private final List<Heap> heaps = new ArrayList<>();

    @AfterEach
    void closeHeaps() {
        heaps.forEach(Heap::close);
    }

    private DlmallocAllocator dl(Tunables tunables) {
        Heap heap = new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), false);
        heaps.add(heap);
        return new DlmallocAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED), tunables);
    }

    /** glibc as it starts, but for the tcache, fastbins and mmap threshold given. */
    private DlmallocAllocator dl(int tcache, int fast, long mmap) {
        return dl(new Tunables(tcache, fast, 128 * KIB, mmap, true, true));
    }

    private static long chunk(long mem) {
        return mem - 16;
    }

    // ---- the top and sbrk

    @Test
    void theFirstMallocMakesTheTcacheThenSplitsTheTopOfAPaddedSbrk() {
        DlmallocAllocator dl = dl(Tunables.GLIBC);
        assertThat(dl.stateAddress()).isZero();
        long a = dl.allocate(1);
        // the tcache struct is the first chunk, 656 bytes at the sbrk base; malloc(1) is a 32-byte chunk after it:
        // the pointer a traced glibc 2.36 program's first malloc gets, heap start + 0x2a0
        assertThat(a).isEqualTo(BASE + TCACHE_CHUNK + 16).isEqualTo(BASE + 0x2a0);
        assertThat(dl.tcache().struct()).isEqualTo(BASE + 16);
        // sbrk(656 + 128 KiB top_pad + 32 = 131760, rounded to 33 pages = 135168)
        assertThat(dl.brk()).isEqualTo(BASE + 135168);
        assertThat(dl.top()).isEqualTo(BASE + 656 + 32);
        assertThat(dl.topSize()).isEqualTo(135168 - 656 - 32);
        // grow=touched: the heap ends with the page holding the top's header (and 32 bytes), not at the break
        assertThat(dl.heap().size()).isEqualTo(2 * 4096);
        assertThat(dl.heldBytes()).isEqualTo(32);
        dl.verify();

        DlmallocAllocator sbrk = dl(new Tunables(7, 128, 128 * KIB, 128 * KIB, true, false));
        sbrk.allocate(1);
        assertThat(sbrk.heap().size()).as("grow=sbrk: the heap grows with the break").isEqualTo(BASE + 135168);
        sbrk.verify();
    }

    @Test
    void theTopGrowsByTheRequestPlusTopPadLessItsSizeRoundedToThePage() {
        DlmallocAllocator dl = dl(7, 128, 0);
        dl.allocate(1);
        long topBefore = dl.top();
        long sizeBefore = dl.topSize(); // 135168 - 688 = 134480
        assertThat(sizeBefore).isEqualTo(134480);
        // nb = request2size(140000) = 140016 > 134480 - 32: sysmalloc extends the top contiguously by
        // pageRound(140016 + 131072 + 32 - 134480 = 136640) = 34 pages = 139264
        long big = dl.allocate(140000);
        assertThat(big).as("carved from the old top's address").isEqualTo(topBefore + 16);
        assertThat(dl.brk()).isEqualTo(BASE + 135168 + 139264);
        assertThat(dl.top()).isEqualTo(topBefore + 140016);
        assertThat(dl.topSize()).isEqualTo(134480 + 139264 - 140016);
        // the heap covers the new top's header page: pageRound(topBefore + 140016 + 32) = 36 pages
        assertThat(dl.heap().size()).isEqualTo(36 * 4096);
        dl.verify();
    }

    // ---- tcache and fastbins

    @Test
    void theTcacheTakesSevenThenTheFastbinAndMallocRefillsTheTcacheFromIt() {
        DlmallocAllocator dl = dl(Tunables.GLIBC);
        long[] c = new long[9];
        for (int i = 0; i < 9; i++) {
            c[i] = dl.allocate(24); // 32-byte chunks, back to back after the tcache struct
            assertThat(c[i]).isEqualTo(BASE + TCACHE_CHUNK + 32L * i + 16);
        }
        dl.allocate(24); // a guard before the top
        for (long m : c) {
            dl.free(m, 24);
        }
        Tcache tcache = dl.tcache();
        assertThat(tcache.count(0)).isEqualTo(7);
        assertThat(tcache.head(0)).as("LIFO: the seventh freed").isEqualTo(c[6]);
        MainArena arena = dl.arena();
        assertThat(arena.fastbin(0)).as("the ninth, at the fastbin's head").isEqualTo(chunk(c[8]));
        assertThat(dl.chunks().fd(chunk(c[8]))).isEqualTo(chunk(c[7]));
        assertThat(dl.chunks().fd(chunk(c[7]))).isZero();
        assertThat(arena.haveFastchunks()).isTrue();
        dl.verify();

        for (int i = 6; i >= 0; i--) {
            assertThat(dl.allocate(24)).as("from the tcache, last in first out").isEqualTo(c[i]);
        }
        assertThat(tcache.count(0)).isZero();
        // the tcache is empty: _int_malloc takes the fastbin's head and stashes the rest of it in the tcache
        assertThat(dl.allocate(24)).isEqualTo(c[8]);
        assertThat(arena.fastbin(0)).isZero();
        assertThat(tcache.count(0)).isEqualTo(1);
        assertThat(dl.allocate(24)).isEqualTo(c[7]);
        dl.verify();
    }

    @Test
    void aFastChunkStaysUncoalescedUntilMallocConsolidate() {
        DlmallocAllocator dl = dl(0, 128, 128 * KIB);
        long a = dl.allocate(24);
        long b = dl.allocate(24);
        long c = dl.allocate(24);
        dl.allocate(24);
        assertThat(a).isEqualTo(BASE + 16); // no tcache struct
        Chunks chunks = dl.chunks();
        dl.free(a, 24);
        dl.free(b, 24);
        MainArena arena = dl.arena();
        assertThat(arena.fastbin(0)).isEqualTo(chunk(b));
        assertThat(chunks.fd(chunk(b))).isEqualTo(chunk(a));
        // still in use as far as the boundary tags go: no merge, no footer
        assertThat(chunks.prevInuse(chunk(b))).isTrue();
        assertThat(chunks.prevInuse(chunk(c))).isTrue();
        // a large request (nb = 1040 >= 1024) consolidates: b first (the head) goes to the unsorted bin and
        // clears c's PREV_INUSE; then a merges with b into one chunk of 64, which the scan puts in small bin 4
        long large = dl.allocate(1024);
        assertThat(arena.fastbin(0)).isZero();
        assertThat(arena.haveFastchunks()).isFalse();
        long bin4 = arena.binAt(4);
        assertThat(chunks.fd(bin4)).isEqualTo(chunk(a)).isEqualTo(chunks.bk(bin4));
        assertThat(chunks.size(chunk(a))).isEqualTo(64);
        assertThat(chunks.prevInuse(chunk(c))).isFalse();
        assertThat(chunks.prevSize(chunk(c))).as("the footer").isEqualTo(64);
        assertThat(large).as("from the top, after the four small chunks").isEqualTo(BASE + 4 * 32 + 16);
        dl.verify();
    }

    @Test
    void aFreeIntoATopOf64KibOrMoreConsolidatesTheFastbins() {
        DlmallocAllocator dl = dl(0, 128, 128 * KIB);
        long x = dl.allocate(24);
        dl.allocate(24);
        long big = dl.allocate(70000); // under the mmap threshold: from the top
        dl.free(x, 24);
        assertThat(dl.arena().fastbin(0)).isEqualTo(chunk(x));
        dl.free(big, 70000); // merges into the top: 64 KiB or more
        assertThat(dl.arena().fastbin(0)).isZero();
        long unsorted = dl.arena().unsorted();
        assertThat(dl.chunks().fd(unsorted)).isEqualTo(chunk(x));
        dl.verify();
    }

    // ---- bins

    @Test
    void aSmallRequestTakesTheOldestChunkOfItsSmallBinAndTheLastRemainderServesTheNext() {
        DlmallocAllocator dl = dl(0, 0, 128 * KIB);
        // x_i are 112-byte chunks (request 100), g_i 32-byte guards: 144 bytes a pair
        long x1 = dl.allocate(100);
        dl.allocate(24);
        long x2 = dl.allocate(100);
        dl.allocate(24);
        long x3 = dl.allocate(100);
        dl.allocate(24);
        dl.free(x1, 100);
        dl.free(x2, 100);
        dl.free(x3, 100);
        Chunks chunks = dl.chunks();
        MainArena arena = dl.arena();
        // no fastbins: each goes to the front of the unsorted bin
        assertThat(chunks.fd(arena.unsorted())).isEqualTo(chunk(x3));
        assertThat(chunks.bk(arena.unsorted())).isEqualTo(chunk(x1));
        // malloc(24), nb 32: small bin 2 is empty; the scan (oldest first) bins x1, x2, x3 in small bin 7, each at
        // the front; the binmap scan from bin 3 finds bin 7 and splits its last (oldest) chunk, x1
        long y = dl.allocate(24);
        assertThat(y).isEqualTo(x1);
        long rest = chunk(x1) + 32;
        assertThat(arena.lastRemainder()).isEqualTo(rest);
        assertThat(chunks.size(rest)).isEqualTo(80);
        assertThat(chunks.fd(arena.unsorted())).isEqualTo(rest);
        long bin7 = arena.binAt(7);
        assertThat(chunks.fd(bin7)).isEqualTo(chunk(x3));
        assertThat(chunks.bk(bin7)).isEqualTo(chunk(x2));
        // malloc(100), nb 112: exactly from small bin 7, its oldest chunk first (FIFO)
        assertThat(dl.allocate(100)).isEqualTo(x2);
        assertThat(dl.allocate(100)).isEqualTo(x3);
        assertThat(chunks.fd(bin7)).isEqualTo(bin7);
        // malloc(24): the last remainder is the only unsorted chunk and 80 > 32 + 32: split again
        assertThat(dl.allocate(24)).isEqualTo(rest + 16);
        assertThat(arena.lastRemainder()).isEqualTo(rest + 32);
        assertThat(chunks.size(rest + 32)).isEqualTo(48);
        // malloc(24): 48 > 64 fails, so the remainder is binned (bin 3) and the binmap scan takes it whole:
        // 48 - 32 = 16 is less than MINSIZE
        assertThat(dl.allocate(24)).isEqualTo(rest + 32 + 16);
        assertThat(chunks.size(rest + 32)).isEqualTo(48);
        assertThat(dl.heldBytes()).isEqualTo(3 * 32 + 2 * 112 + 32 + 32 + 48);
        dl.verify();
    }

    @Test
    void theLastRemainderIsPassedOverWhenAnotherChunkIsUnsorted() {
        DlmallocAllocator dl = dl(0, 0, 128 * KIB);
        long x = dl.allocate(200); // 208
        dl.allocate(24);
        long z = dl.allocate(100); // 112
        dl.allocate(24);
        dl.free(x, 200);
        long first = dl.allocate(24); // x binned (bin 13), split by the binmap scan: the last remainder, 176
        assertThat(first).isEqualTo(x);
        long rest = chunk(x) + 32;
        assertThat(dl.arena().lastRemainder()).isEqualTo(rest);
        dl.free(z, 100); // now two chunks are unsorted: z (newest, front) and the remainder
        // malloc(24): the oldest, the remainder, is not alone: it is binned (bin 11); z is binned (bin 7); the
        // binmap scan takes the smaller bin, z's, and splits it
        assertThat(dl.allocate(24)).isEqualTo(z);
        assertThat(dl.arena().lastRemainder()).isEqualTo(chunk(z) + 32);
        long bin11 = dl.arena().binAt(11);
        assertThat(dl.chunks().fd(bin11)).isEqualTo(rest);
        dl.verify();
    }

    @Test
    void aLargeRequestTakesTheBestFitInItsBinAndTheSecondOfItsSize() {
        DlmallocAllocator dl = dl(0, 0, 128 * KIB);
        // three chunks of large bin 79 (1984..2047): a 2032, b 2016, c 2032, with guards between them
        long a = dl.allocate(2020);
        dl.allocate(24);
        long b = dl.allocate(2000);
        dl.allocate(24);
        long c = dl.allocate(2020);
        dl.allocate(24);
        Chunks chunks = dl.chunks();
        assertThat(chunks.size(chunk(a))).isEqualTo(2032);
        assertThat(chunks.size(chunk(b))).isEqualTo(2016);
        dl.free(a, 2020);
        dl.free(b, 2000);
        dl.free(c, 2020);
        // a larger request (nb 3008, bin 95) sorts them: a alone; b smaller than the smallest, last; c equal to
        // a, second in the bin so that the nextsize ring (a, b) need not change
        dl.allocate(3000);
        MainArena arena = dl.arena();
        long bin = arena.binAt(79);
        assertThat(chunks.fd(bin)).isEqualTo(chunk(a));
        assertThat(chunks.fd(chunk(a))).isEqualTo(chunk(c));
        assertThat(chunks.fd(chunk(c))).isEqualTo(chunk(b));
        assertThat(chunks.fdNextsize(chunk(a))).isEqualTo(chunk(b));
        assertThat(chunks.bkNextsize(chunk(a))).isEqualTo(chunk(b));
        assertThat(chunks.fdNextsize(chunk(c))).as("not the first of its size").isZero();
        assertThat(arena.binmap(79 >>> 5) >>> (79 & 31) & 1).isOne();
        // malloc(1970), nb 1984: best fit is b (2016); the 32 left go to the unsorted bin
        assertThat(dl.allocate(1970)).isEqualTo(b);
        long rest = chunk(b) + 1984;
        assertThat(chunks.fd(arena.unsorted())).isEqualTo(rest);
        assertThat(chunks.size(rest)).isEqualTo(32);
        assertThat(arena.lastRemainder()).as("only a small request's remainder is advertised").isZero();
        // malloc(2020), nb 2032: a and c fit exactly; c, the second of the size, is taken
        assertThat(dl.allocate(2020)).isEqualTo(c);
        assertThat(dl.allocate(2020)).isEqualTo(a);
        assertThat(chunks.fd(bin)).isEqualTo(bin);
        dl.verify();
    }

    // ---- coalescing

    @Test
    void freeingMergesWithFreeNeighboursAndIntoTheTop() {
        DlmallocAllocator dl = dl(0, 0, 128 * KIB);
        long a = dl.allocate(100);
        long b = dl.allocate(100);
        long c = dl.allocate(100);
        long d = dl.allocate(100);
        long topSize = dl.topSize();
        Chunks chunks = dl.chunks();
        dl.free(b, 100);
        assertThat(chunks.prevInuse(chunk(c))).isFalse();
        assertThat(chunks.prevSize(chunk(c))).isEqualTo(112);
        // a merges forward with b: 224 bytes at a, b unlinked, the footer at c
        dl.free(a, 100);
        assertThat(chunks.size(chunk(a))).isEqualTo(224);
        assertThat(chunks.prevSize(chunk(c))).isEqualTo(224);
        assertThat(chunks.fd(dl.arena().unsorted())).isEqualTo(chunk(a)).isEqualTo(chunks.bk(dl.arena().unsorted()));
        // d borders the top: it becomes the top
        dl.free(d, 100);
        assertThat(dl.top()).isEqualTo(chunk(d));
        assertThat(dl.topSize()).isEqualTo(topSize + 112);
        // c merges backward with a and b, and forward into the top: everything from a is the top again
        dl.free(c, 100);
        assertThat(dl.top()).isEqualTo(chunk(a)).isEqualTo(BASE);
        assertThat(dl.topSize()).isEqualTo(topSize + 4 * 112);
        assertThat(chunks.fd(dl.arena().unsorted())).isEqualTo(dl.arena().unsorted());
        assertThat(dl.heldBytes()).isZero();
        dl.verify();
    }

    // ---- mmap

    @Test
    void aRequestAtTheThresholdTheArenaCannotServeIsMappedAndItsFreeRaisesTheThreshold() {
        DlmallocAllocator dl = dl(Tunables.GLIBC);
        dl.allocate(1);
        // nb = 200016 >= 128 KiB and the top (134480) cannot serve it: a region of pageRound(200016 + 8) = 49 pages
        long m = dl.allocate(200000);
        // grow=touched: the break's untouched pages are given back, and the region follows the heap's end (8192)
        assertThat(m).isEqualTo(2 * 4096 + 16);
        assertThat(dl.chunks().sizeField(chunk(m))).isEqualTo(49 * 4096 | Chunks.IS_MMAPPED);
        assertThat(dl.brk()).isEqualTo(2 * 4096);
        assertThat(dl.heap().size()).isEqualTo(51 * 4096);
        assertThat(dl.heldBytes()).isEqualTo(32 + 49 * 4096);
        dl.verify();
        dl.free(m, 200000);
        assertThat(dl.mmapThreshold()).as("raised to the freed chunk's size").isEqualTo(49 * 4096);
        // the same request is now under the threshold: the arena's break grows into the hole the region left
        long again = dl.allocate(200000);
        assertThat(again).as("the top's address: the arena is contiguous").isEqualTo(BASE + TCACHE_CHUNK + 32 + 16);
        // the new top at 4784 + 200016 = 204800 keeps its header in the 51st page: the hole was enough
        assertThat(dl.heap().size()).isEqualTo(51 * 4096);
        dl.verify();
    }

    @Test
    void aFreedRegionIsReusedByTheNextMappingOfItsPages() {
        DlmallocAllocator dl = dl(new Tunables(7, 128, 128 * KIB, 128 * KIB, false, true));
        dl.allocate(1);
        long r1 = dl.allocate(200000);
        long r2 = dl.allocate(200000);
        assertThat(r2).isEqualTo(r1 + 49 * 4096);
        dl.free(r1, 200000);
        assertThat(dl.mmapThreshold()).as("dynamic=false").isEqualTo(128 * KIB);
        long size = dl.heap().size();
        assertThat(dl.allocate(199000)).as("49 pages again, in the hole").isEqualTo(r1);
        assertThat(dl.heap().size()).isEqualTo(size);
        dl.verify();
    }

    @Test
    void theBreakJumpsARegionInItsWayFencingOffTheOldTop() {
        DlmallocAllocator dl = dl(new Tunables(7, 128, 128 * KIB, 128 * KIB, false, true));
        dl.allocate(1);
        long region = dl.allocate(200000); // at 8192, the arena's break lowered to 8192
        long oldTop = dl.top();
        long oldSize = dl.topSize();
        assertThat(oldTop + oldSize).isEqualTo(2 * 4096);
        // 100000 is under the threshold: the top must grow, but the region follows it; the break jumps to the
        // heap's end and sbrk takes pageRound(100016 + 131072 + 32 - oldSize) + pageRound(oldSize)
        long m = dl.allocate(100000);
        long jump = region - 16 + 49 * 4096;
        assertThat(m).isEqualTo(jump + 16);
        long expected = (100016 + 131072 + 32 - oldSize + 4095) / 4096 * 4096 + 4096;
        assertThat(dl.brk()).isEqualTo(jump + expected);
        // the old top keeps (oldSize - 32) & ~15 bytes, freed to the unsorted bin, then two 16-byte fenceposts
        long kept = oldSize - 32 & ~15L;
        Chunks chunks = dl.chunks();
        assertThat(chunks.fd(dl.arena().unsorted())).isEqualTo(oldTop);
        assertThat(chunks.size(oldTop)).isEqualTo(kept);
        assertThat(chunks.sizeField(oldTop + kept)).as("PREV_INUSE cleared: the old top is free").isEqualTo(16);
        assertThat(chunks.sizeField(oldTop + kept + 16)).isEqualTo(16 | Chunks.PREV_INUSE);
        dl.verify();
    }

    // ---- measures

    @Test
    void searchesCountWhatMallocExamines() {
        DlmallocAllocator dl = dl(Tunables.GLIBC);
        long a = dl.allocate(24);
        dl.free(a, 24);
        long before = dl.searches();
        assertThat(dl.allocate(24)).isEqualTo(a);
        assertThat(dl.searches() - before).as("a tcache hit").isOne();
        before = dl.searches();
        dl.allocate(24);
        // fastbin 0 (empty), small bin 2 (empty), the top
        assertThat(dl.searches() - before).isEqualTo(3);
    }

    @Test
    void allocateZeroAndTheReallocPaths() {
        DlmallocAllocator dl = dl(0, 0, 128 * KIB);
        long z1 = dl.allocate(0);
        long z2 = dl.allocate(0);
        assertThat(z2).as("malloc(0) is a 32-byte chunk of its own").isEqualTo(z1 + 32);
        long r = dl.allocate(100);
        // grows into the top in place
        assertThat(dl.reallocate(r, 1000)).isEqualTo(r);
        assertThat(dl.chunks().size(chunk(r))).isEqualTo(1008);
        long g = dl.allocate(24);
        // no room after it: allocate (from the top, after g), copy, free
        long moved = dl.reallocate(r, 2000);
        assertThat(moved).isEqualTo(g + 32);
        // shrinking splits off and frees the rest
        assertThat(dl.reallocate(moved, 100)).isEqualTo(moved);
        assertThat(dl.chunks().size(chunk(moved))).isEqualTo(112);
        assertThat(dl.heldBytes()).isEqualTo(32 + 32 + 32 + 112);
        assertThat(dl.allocate(1L << 51)).isEqualTo(Allocator.NO_FIT);
        dl.verify();
    }
}
