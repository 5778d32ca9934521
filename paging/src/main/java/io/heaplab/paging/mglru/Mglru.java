package io.heaplab.paging.mglru;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.FrameTable;
import io.heaplab.paging.PageLists;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Map;

/**
 * Linux's multi-generational LRU (Yu Zhao 2022; mm/vmscan.c and mm/workingset.c, merged in 6.1 and on where the
 * kernel is built with {@code CONFIG_LRU_GEN_ENABLED=y}, as ChromeOS, Android and several distributions do; design
 * in Documentation/mm/multigen_lru.rst) in a fixed number of frames, with the rules of the 6.1 kernel.
 *
 * <p><b>Generations.</b> Every resident page is in one of the generations {@code min_seq .. max_seq}; their number
 * {@code max_seq - min_seq + 1} stays between {@code MIN_NR_GENS = 2} and {@code MAX_NR_GENS = 4}. Generation
 * {@code seq} is the list {@code seq % 4} (head first), and each page has a gen counter saying which generation
 * it is in. As in the kernel the two can differ: the aging only updates the counter, and the page stays on its
 * old list until the eviction meets it there ({@code sort_folio}, below). At the start {@code min_seq = 0},
 * {@code max_seq = MIN_NR_GENS + 1} ({@code lru_gen_init_lruvec}), all empty.
 *
 * <p><b>Access.</b> A reference string does not say whether an access went through a page table or a file
 * descriptor, so {@code access} says it for all of them:
 * <ul>
 *   <li>{@code mapped} (the default: a program's heap is anonymous memory, reached through page tables): every
 *       reference sets the page's accessed bit, as the MMU sets the PTE young bit. A page faulted in joins the
 *       youngest generation {@code max_seq} at the head, its accessed bit set by the faulting access (6.1
 *       {@code folio_add_lru}: a page added in a fault is active; {@code lru_gen_add_folio} puts it in
 *       {@code max_seq}). Tiers are unused: all pages are in tier 0. (A refault in a fault sets
 *       {@code PG_workingset}, tier 1; but the page entered with its accessed bit set, so the first aging after
 *       it clears the flag ({@code folio_update_gen}) before the page can be in the oldest generation, where
 *       tiers are read; leaving it out changes nothing.)</li>
 *   <li>{@code file}: every reference is a read through a file descriptor ({@code folio_mark_accessed}): no
 *       accessed bit is ever set. A page read in joins the oldest generation {@code min_seq} at the head (clean
 *       and cold, case 3 of {@code lru_gen_add_folio}), and the read marks it accessed. Each reference, the
 *       {@code count - 1} more of a run too, counts in the page's refs as {@code folio_inc_refs} does: the first
 *       sets {@code PG_referenced}, the next sets {@code PG_workingset} (refs 1), the next ones add to
 *       {@code LRU_REFS} up to its 2 bits (refs at most {@code BIT(LRU_REFS_WIDTH) = 4}). The tier is
 *       {@code order_base_2(refs + 1)}, 0..3: a page read {@code N} times is in tier {@code order_base_2(N)}. (The
 *       kernel's {@code filemap_read} does not mark a page again when a read starts in the page the previous one
 *       ended in; a string cannot say where reads start, so every reference counts.)</li>
 * </ul>
 *
 * <p><b>Aging</b> ({@code should_run_aging}, {@code try_to_inc_max_seq}), checked before each page the eviction
 * looks at: with fewer than {@code MIN_NR_GENS + 1} generations the eviction cannot go on and the aging must run;
 * with exactly {@code MIN_NR_GENS + 1} (the ideal, by 6.1's comment) it runs when the youngest generation holds
 * more than {@code 1/MIN_NR_GENS} of the resident pages or the oldest less than {@code 1/(MIN_NR_GENS + 2)};
 * with more, never: so the generations never exceed {@code MIN_NR_GENS + 2 = MAX_NR_GENS} and the aging never
 * has to force {@code min_seq} on ({@code inc_min_seq} inside {@code inc_max_seq}, which only a proactive aging
 * through debugfs reaches; not modelled). The aging walks the page tables: every page whose accessed bit is set
 * has it cleared and its gen counter set to the current {@code max_seq} ({@code walk_pte_range} with
 * {@code folio_update_gen}, which also clears the refs); then {@code max_seq} is incremented, opening an empty
 * youngest generation, and the pages not accessed fall back one generation behind it. The walk is taken to reach
 * every resident page (no Bloom filter skipping sparse page tables, no VMA skipped, every young PTE found).
 *
 * <p><b>Eviction</b> (one victim per fault once memory is full; {@code scan_folios}, {@code sort_folio},
 * {@code shrink_folio_list}), from the tail of the oldest list, page by page:
 * <ol>
 *   <li>an empty oldest list: {@code min_seq} moves past it and any empty ones after it while at least
 *       {@code MIN_NR_GENS} generations remain ({@code try_to_inc_min_seq});</li>
 *   <li>a page whose gen counter the aging moved on is promoted: it goes to the head of its generation's list;</li>
 *   <li>a page whose accessed bit is set is promoted by the rmap walk instead of evicted: the bit is cleared and
 *       the page joins {@code max_seq} at the head (6.1's {@code lru_gen_look_around} and
 *       {@code folio_check_references}: activated, put back in the youngest generation);</li>
 *   <li>a page of a tier above the controller's {@code tier_idx} (below) is protected: it moves to the tail of
 *       {@code min_seq + 1} with its refs cleared ({@code folio_inc_gen}), and counts in {@code protected} of its
 *       tier;</li>
 *   <li>any other page is evicted; {@code min_seq} moves on if that emptied the oldest generation, then the page
 *       leaves a shadow entry with {@code min_seq} and its refs, and counts in {@code evicted} of its tier
 *       ({@code lru_gen_eviction}). A dirty page is written back as it goes, one write-back.</li>
 * </ol>
 * It ends: after the first aging of an eviction no accessed bit is set and no gen counter is younger than the
 * generation that aging filled, and a protected page has refs 0 (tier 0, never protected again), so at most one more
 * aging brings an evictable page into the oldest of three generations. An eviction ages at most twice (the
 * property test checks it on every fault).
 *
 * <p><b>Refaults</b> ({@code lru_gen_refault}): when a page with a shadow entry faults in again, after the
 * eviction that made room for it, and {@code min_seq} still equals the entry's (the oldest generation has not
 * moved since: the eviction window), it counts as a refault in {@code refaulted} of the tier it was evicted from,
 * and in the measure {@code refaults}. With {@code access=file} a page evicted with saturated refs comes back with
 * {@code PG_workingset} (refs 1). The entry goes either way; entries are never reclaimed otherwise.
 *
 * <p><b>The PID controller</b> ({@code read_ctrl_pos}, {@code positive_ctrl_err}, {@code get_tier_idx},
 * {@code reset_ctrl_pos}; the P and I terms, no D). Per tier, the position is {@code refaulted} over
 * {@code total = evicted + protected}, each the count of the current oldest generation plus the running average
 * of the earlier ones: each time {@code min_seq} moves, the averages become {@code (average + count) / 2} and the
 * counts restart from 0 (one history generation, {@code NR_HIST_GENS = 1}). Tier 0 is the set point with gain 1,
 * each higher tier a process variable with gain 2 (6.1's 1:2); a tier's error is positive (no protection needed)
 * when {@code refaulted < MIN_LRU_BATCH} or
 * {@code pv.refaulted * (sp.total + MIN_LRU_BATCH) * 1 <= (sp.refaulted + 1) * pv.total * 2}. {@code tier_idx}
 * is one below the first tier from 1 up whose error is not positive (3 when none): that tier and all above it are
 * protected. It is worked out once per eviction. {@code MIN_LRU_BATCH} is {@code BITS_PER_LONG = 64} in the
 * kernel and {@code batch} here, as a lab of a few hundred frames rarely sees 64 refaults of a tier in one
 * generation. With {@code access=mapped} every page is in tier 0 and nothing is ever protected.
 *
 * <p>A run of {@code k} references is {@code k} references: with {@code mapped} the later ones set a bit that is
 * already set; with {@code file} each counts in the refs, and after five the refs are saturated.
 *
 * <p>Not modelled, as a reference string cannot say it or the lab has no use for it: the anon/file split (one
 * type; so no {@code swappiness}, no {@code get_type_to_scan}, one {@code min_seq}), memcgs and nodes (one
 * lruvec), zones, {@code min_ttl} and the OOM killer, the page-table walk's locality (Bloom filters,
 * {@code lru_gen_look_around}'s promotion of a young page's neighbours in the same page table), the
 * {@code mm_struct} list, batches (the kernel isolates up to {@code MIN_LRU_BATCH} pages and reclaims to
 * watermarks; here exactly one page per fault, only when memory is full), reclaim priorities and kswapd (the
 * aging test above runs before each page looked at), folios larger than a page, readahead, dirty file pages
 * waiting for writeback in {@code min_seq + 1} (a dirty victim is written back at once and counted), proactive
 * aging and reclaim through debugfs, and the changes of kernels after 6.1 (new file pages in {@code min_seq + 1}
 * and saturated refs always protected; the refs reworked, with a second strike before the accessed bit promotes
 * and a refault window of {@code |max_seq - token| < MAX_NR_GENS}; gains 2:3 in {@code get_tier_idx}). A page is
 * dirty from a run that writes it until it leaves memory; pages still dirty when the run ends are not counted.
 *
 * <p>Cost: O(1) amortized per reference, no allocation but the growth of two arrays. The lists are a
 * {@link PageLists} of four, intrusive over arrays indexed by page; a page's gen counter, refs and bits are four
 * bytes side by side; the pages whose accessed bit went from clear to set since the last aging are a stack, so
 * the aging costs O(pages referenced since the last aging), as the kernel's costs O(hot pages), and each reference
 * pays for its page's visit. Each step of an eviction either evicts, promotes or protects a page (each
 * paid by an earlier reference or fault) or moves {@code min_seq} or {@code max_seq}, and there are at most two
 * agings per fault. The frames, dirty bits and write-backs are a {@link FrameTable}.
 *
 * <p>Measures: {@code writeBacks}; {@code refaults} (refaults within the eviction window); {@code agings}
 * (increments of {@code max_seq}); {@code promotions} (accessed pages the eviction met and promoted);
 * {@code protected} (pages the controller kept by their tier).
 */
public final class Mglru implements PagingSimulator {

    /** Through what the references reach their pages. */
    public enum Access {
        /** Through page tables: the accessed bit. */
        MAPPED,
        /** Through file descriptors: the refs and tiers. */
        FILE
    }

    static final int MIN_NR_GENS = 2;
    static final int MAX_NR_GENS = 4;
    static final int MAX_NR_TIERS = 4;
    /** {@code BIT(LRU_REFS_WIDTH)}, {@code LRU_REFS_WIDTH = MAX_NR_TIERS - 2}: the most refs a page holds. */
    static final int MAX_REFS = 1 << (MAX_NR_TIERS - 2);
    /** The kernel's {@code MIN_LRU_BATCH}, {@code BITS_PER_LONG} on a 64-bit machine. */
    public static final int MIN_LRU_BATCH = 64;
    /** 6.1's gains in {@code get_tier_idx}: the set point's and a process variable's. */
    static final int SP_GAIN = 1;
    static final int PV_GAIN = 2;

    private static final byte NO_GEN = -1;
    private static final long NO_SHADOW = -1;
    private static final int REFS_BITS = 3;

    private final FrameTable table;
    private final int frames;
    private final boolean file;
    private final int batch;

    /** Generation {@code seq} is list {@code seq % MAX_NR_GENS}, head first. */
    private final PageLists lists = new PageLists("gen0", "gen1", "gen2", "gen3");
    /** Bytes per page in {@link #meta}. */
    private static final int W = 16;
    /** A page's shadow entry, a long in {@link #meta}. */
    private static final VarHandle SHADOW = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    /**
     * Per page {@code p}, sixteen bytes side by side, so that touching a page costs one cache line when the pages are
     * far more than the caches hold: at {@code 16p} its gen counter (a list number) while resident, else
     * {@link #NO_GEN}; at {@code 16p + 1} {@code LRU_REFS} plus {@code PG_workingset}, 0..{@link #MAX_REFS}; at
     * {@code 16p + 2} {@code PG_referenced}; at {@code 16p + 3} the accessed bit; at {@code 16p + 8} its shadow
     * entry, {@code min_seq << REFS_BITS | refs}, or {@link #NO_SHADOW}.
     */
    private byte[] meta;
    /**
     * The pages whose accessed bit was set since the last aging, for the walk: a page is pushed when its bit goes
     * from clear to set, so one whose bit was cleared at eviction and set again may stand twice, and an entry whose
     * bit is clear is passed over.
     */
    private int[] young = new int[64];
    private int youngCount;

    private long minSeq;
    private long maxSeq = MIN_NR_GENS + 1;
    /** Resident pages per gen counter. */
    private final int[] nrPages = new int[MAX_NR_GENS];

    // the controller: counts of the current oldest generation, and averages of the earlier ones, per tier
    private final long[] refaulted = new long[MAX_NR_TIERS];
    private final long[] evicted = new long[MAX_NR_TIERS];
    private final long[] protectedPages = new long[MAX_NR_TIERS];
    private final long[] avgRefaulted = new long[MAX_NR_TIERS];
    private final long[] avgTotal = new long[MAX_NR_TIERS];

    private long refaults;
    private long agings;
    private long promotions;
    private long protections;

    /** The multi-gen LRU with the kernel's {@code MIN_LRU_BATCH}. */
    public Mglru(int frames, Access access) {
        this(frames, access, MIN_LRU_BATCH);
    }

    /**
     * @param batch {@code MIN_LRU_BATCH}: the refaults a tier needs before the controller may protect it, also added
     *              to the set point's total
     */
    public Mglru(int frames, Access access, int batch) {
        this.table = new FrameTable(frames);
        if (batch < 0) {
            throw new IllegalArgumentException("batch: " + batch + " (expected: >= 0)");
        }
        this.frames = frames;
        this.file = access == Access.FILE;
        this.batch = batch;
        int capacity = lists.capacity();
        this.meta = noGen(new byte[W * capacity], 0);
    }

    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            long run = runs[i];
            int page = PageRun.page(run);
            int frame = table.frameOf(page); // rejects a negative page
            if (page >= meta.length / W) {
                grow(page);
            }
            if (frame == FrameTable.MISSING) {
                frame = fault(page);
            } else if (file) {
                markAccessed(page);
            } else {
                setAccessed(page);
            }
            if (file) { // the rest of the run: after five reads the refs are saturated
                for (int r = Math.min(PageRun.count(run) - 1, MAX_REFS + 1); r > 0; r--) {
                    markAccessed(page);
                }
            }
            table.markDirty(frame, PageRun.isWrite(run));
        }
    }

    /** Makes room if memory is full, then loads {@code page} and puts it in its generation; its frame. */
    private int fault(int page) {
        int frame;
        if (table.isFull()) {
            int victim = evict();
            frame = table.frameOf(victim);
            table.replace(frame, page);
        } else {
            frame = table.load(page);
        }
        refault(page);
        int g = genOf(file ? minSeq : maxSeq);
        meta[W * page] = (byte) g;
        nrPages[g]++;
        lists.pushHead(g, page);
        if (file) {
            markAccessed(page);
        } else {
            setAccessed(page);
        }
        return frame;
    }

    /** The hardware sets the accessed bit of a mapped page. */
    private void setAccessed(int page) {
        if (meta[W * page + 3] == 0) {
            meta[W * page + 3] = 1;
            if (youngCount == young.length) {
                young = Arrays.copyOf(young, 2 * youngCount);
            }
            young[youngCount++] = page;
        }
    }

    /** {@code folio_inc_refs}: a read through a file descriptor. */
    private void markAccessed(int page) {
        if (meta[W * page + 2] == 0) {
            meta[W * page + 2] = 1;
        } else if (meta[W * page + 1] < MAX_REFS) {
            meta[W * page + 1]++;
        }
    }

    private long shadow(int page) {
        return (long) SHADOW.get(meta, W * page + 8);
    }

    /** {@code lru_gen_refault}: a shadow entry of the current oldest generation counts a refault of its tier. */
    private void refault(int page) {
        long entry = shadow(page);
        if (entry == NO_SHADOW) {
            return;
        }
        SHADOW.set(meta, W * page + 8, NO_SHADOW);
        if (entry >>> REFS_BITS != minSeq) {
            return;
        }
        int evictedRefs = (int) (entry & ((1 << REFS_BITS) - 1));
        refaulted[tier(evictedRefs)]++;
        refaults++;
        if (file && evictedRefs == MAX_REFS) {
            meta[W * page + 1] = 1; // PG_workingset
        }
    }

    /** Frees a frame: ages, sorts and evicts from the tail of the oldest generation; the victim. */
    private int evict() {
        int tierIdx = tierIndex();
        while (true) {
            if (shouldAge()) {
                age();
            }
            int oldest = genOf(minSeq);
            int page = lists.tail(oldest);
            if (page == PageLists.NIL) {
                tryIncMinSeq();
                continue;
            }
            int g = meta[W * page];
            if (g != oldest) { // the aging promoted it
                lists.moveToHead(g, page);
                continue;
            }
            if (meta[W * page + 3] != 0) { // the rmap walk finds it accessed
                meta[W * page + 3] = 0;
                int youngest = genOf(maxSeq);
                setGen(page, youngest);
                lists.moveToHead(youngest, page);
                promotions++;
                continue;
            }
            int tier = tier(meta[W * page + 1]);
            if (tier > tierIdx) {
                int next = genOf(minSeq + 1);
                setGen(page, next);
                meta[W * page + 1] = 0;
                meta[W * page + 2] = 0;
                lists.moveToTail(next, page);
                protectedPages[tier]++;
                protections++;
                continue;
            }
            lists.remove(page);
            nrPages[g]--;
            meta[W * page] = NO_GEN;
            tryIncMinSeq();
            SHADOW.set(meta, W * page + 8, minSeq << REFS_BITS | meta[W * page + 1]);
            evicted[tier]++;
            meta[W * page + 1] = 0;
            meta[W * page + 2] = 0;
            return page;
        }
    }

    /** 6.1's {@code should_run_aging}. */
    private boolean shouldAge() {
        long generations = maxSeq - minSeq + 1;
        if (generations != MIN_NR_GENS + 1) {
            return generations < MIN_NR_GENS + 1;
        }
        long total = table.loaded();
        return (long) nrPages[genOf(maxSeq)] * MIN_NR_GENS > total
                || (long) nrPages[genOf(minSeq)] * (MIN_NR_GENS + 2) < total;
    }

    /** The page-table walk moves the accessed pages' gen counters to {@code max_seq}; then {@code max_seq++}. */
    private void age() {
        int youngest = genOf(maxSeq);
        for (int i = 0; i < youngCount; i++) {
            int page = young[i];
            if (meta[W * page + 3] != 0) {
                meta[W * page + 3] = 0;
                setGen(page, youngest); // refs are 0: the references that set the bit were mapped
            }
        }
        youngCount = 0;
        maxSeq++;
        agings++;
    }

    /** {@code try_to_inc_min_seq}: past the empty oldest generations while {@code MIN_NR_GENS} remain. */
    private void tryIncMinSeq() {
        long seq = minSeq;
        while (seq + MIN_NR_GENS <= maxSeq && lists.size(genOf(seq)) == 0) {
            seq++;
        }
        if (seq != minSeq) {
            carryOver();
            minSeq = seq;
        }
    }

    /** {@code reset_ctrl_pos(carryover)}: the counts of the oldest generation fold into the averages. */
    private void carryOver() {
        for (int tier = 0; tier < MAX_NR_TIERS; tier++) {
            avgRefaulted[tier] = (avgRefaulted[tier] + refaulted[tier]) / 2;
            avgTotal[tier] = (avgTotal[tier] + evicted[tier] + protectedPages[tier]) / 2;
            refaulted[tier] = 0;
            evicted[tier] = 0;
            protectedPages[tier] = 0;
        }
    }

    /** {@code get_tier_idx}: the tiers above it are protected. */
    int tierIndex() {
        long spRefaulted = avgRefaulted[0] + refaulted[0];
        long spTotal = avgTotal[0] + evicted[0] + protectedPages[0];
        int tier = 1;
        for (; tier < MAX_NR_TIERS; tier++) {
            long pvRefaulted = avgRefaulted[tier] + refaulted[tier];
            long pvTotal = avgTotal[tier] + evicted[tier] + protectedPages[tier];
            boolean positive = pvRefaulted < batch || atMost(pvRefaulted * SP_GAIN, spTotal + batch,
                    (spRefaulted + 1) * PV_GAIN, pvTotal);
            if (!positive) {
                break;
            }
        }
        return tier - 1;
    }

    /** Whether {@code a * b <= c * d} for non-negative longs, exactly (the products may not fit a long). */
    static boolean atMost(long a, long b, long c, long d) {
        long high = Math.multiplyHigh(a, b);
        long otherHigh = Math.multiplyHigh(c, d);
        return high != otherHigh ? high < otherHigh : Long.compareUnsigned(a * b, c * d) <= 0;
    }

    /** {@code lru_tier_from_refs}: {@code order_base_2(refs + 1)}. */
    static int tier(int refs) {
        return refs == 0 ? 0 : Integer.SIZE - Integer.numberOfLeadingZeros(refs);
    }

    private static int genOf(long seq) {
        return (int) (seq % MAX_NR_GENS);
    }

    private void setGen(int page, int g) {
        nrPages[meta[W * page]]--;
        meta[W * page] = (byte) g;
        nrPages[g]++;
    }

    private void grow(int page) {
        int old = meta.length / W;
        lists.grow(page);
        int capacity = lists.capacity();
        meta = noGen(Arrays.copyOf(meta, W * capacity), old);
    }

    /** Sets the gen counter of every page from {@code from} on to {@link #NO_GEN}, its shadow to none. */
    private static byte[] noGen(byte[] meta, int from) {
        for (int i = W * from; i < meta.length; i += W) {
            meta[i] = NO_GEN;
            SHADOW.set(meta, i + 8, NO_SHADOW);
        }
        return meta;
    }


    /** Forgets the counts; the generations, bits, refs, shadow entries and the controller's state stay. */
    @Override
    public void startMeasuring() {
        table.startMeasuring();
        refaults = 0;
        agings = 0;
        promotions = 0;
        protections = 0;
    }

    /**
     * Checks the frames and the lists: {@code MIN_NR_GENS..MAX_NR_GENS} generations; exactly the resident pages on
     * the lists of the generations {@code min_seq..max_seq}, each with a gen counter in them no older than its list;
     * the counts per gen counter; accessed bits only on resident pages and only with {@code mapped}, refs only with
     * {@code file} and only on resident pages.
     */
    @Override
    public void finish() {
        table.check();
        lists.check();
        long generations = maxSeq - minSeq + 1;
        if (generations < MIN_NR_GENS || generations > MAX_NR_GENS) {
            throw new IllegalStateException("generations " + minSeq + ".." + maxSeq);
        }
        int[] counted = new int[MAX_NR_GENS];
        int listed = 0;
        for (int page = 0; page < meta.length / W; page++) {
            boolean resident = table.frameOf(page) != FrameTable.MISSING;
            byte list = lists.listOf(page);
            if (resident != (list != PageLists.NONE) || resident != (meta[W * page] != NO_GEN)) {
                throw new IllegalStateException("page " + page + " resident " + resident + ", on list " + list
                        + ", gen " + meta[W * page]);
            }
            if ((meta[W * page + 3] != 0 && (!resident || file))
                    || ((meta[W * page + 1] != 0 || meta[W * page + 2] != 0) && (!resident || !file))
                    || (resident && shadow(page) != NO_SHADOW)) {
                throw new IllegalStateException("page " + page + " resident " + resident + ": accessed "
                        + (meta[W * page + 3] != 0) + ", refs " + meta[W * page + 1] + ", referenced "
                        + (meta[W * page + 2] != 0) + ", shadow " + shadow(page));
            }
            if (resident) {
                listed++;
                counted[meta[W * page]]++;
                if (seqOf(meta[W * page]) < seqOf(list)) {
                    throw new IllegalStateException("page " + page + " on generation " + seqOf(list)
                            + " has the older gen counter " + seqOf(meta[W * page]));
                }
            }
        }
        for (int g = 0; g < MAX_NR_GENS; g++) {
            if (counted[g] != nrPages[g] || (lists.size(g) > 0 && seqOf(g) < 0)) {
                throw new IllegalStateException("generation list " + g + ": " + lists.size(g) + " pages, " + counted[g]
                        + " by gen counter, counted " + nrPages[g] + ", window " + minSeq + ".." + maxSeq);
            }
        }
        if (listed != table.loaded() || listed > frames) {
            throw new IllegalStateException(listed + " pages listed, " + table.loaded() + " loaded, " + frames
                    + " frames");
        }
    }

    /** The generation in {@code min_seq..max_seq} whose list is {@code g}, or -1. */
    private long seqOf(int g) {
        for (long seq = minSeq; seq <= maxSeq; seq++) {
            if (genOf(seq) == g) {
                return seq;
            }
        }
        return -1;
    }

    @Override
    public long faultsSoFar() {
        return table.faults();
    }

    @Override
    public PagingOutcome outcome() {
        return table.outcome(Map.entry("refaults", refaults), Map.entry("agings", agings),
                Map.entry("promotions", promotions), Map.entry("protected", protections));
    }

    public int frames() {
        return frames;
    }

    public Access access() {
        return file ? Access.FILE : Access.MAPPED;
    }

    public int batch() {
        return batch;
    }

    long minSeq() {
        return minSeq;
    }

    long maxSeq() {
        return maxSeq;
    }

    /** Whether {@code page} is resident, for tests. */
    boolean isResident(int page) {
        return table.frameOf(page) != FrameTable.MISSING;
    }

    /**
     * The generations from the oldest, for tests: {@code "[3: 2 1] [4:] [5: 3*]"}, each list head first. After a
     * page, {@code *} marks its accessed bit, {@code >s} a gen counter that says generation {@code s} while the
     * page still sits on an older list, {@code .n} the {@code n} reads its refs count ({@code PG_referenced} and
     * refs).
     */
    String describe() {
        StringBuilder text = new StringBuilder();
        for (long seq = minSeq; seq <= maxSeq; seq++) {
            int g = genOf(seq);
            text.append(seq == minSeq ? "[" : " [").append(seq).append(':');
            for (int page = lists.head(g); page != PageLists.NIL; page = lists.next(page)) {
                text.append(' ').append(page);
                if (meta[W * page + 3] != 0) {
                    text.append('*');
                }
                if (meta[W * page] != g) {
                    text.append('>').append(seqOf(meta[W * page]));
                }
                int reads = ((meta[W * page + 2] != 0) ? 1 : 0) + meta[W * page + 1];
                if (reads > 0) {
                    text.append('.').append(reads);
                }
            }
            text.append(']');
        }
        return text.toString();
    }

    /** The controller's counts and averages per tier, for tests: {@code "refaulted/evicted/protected avg r/t"}. */
    String controller() {
        StringBuilder text = new StringBuilder();
        for (int tier = 0; tier < MAX_NR_TIERS; tier++) {
            text.append(tier == 0 ? "" : " | ").append(refaulted[tier]).append('/').append(evicted[tier]).append('/')
                    .append(protectedPages[tier]).append(" avg ").append(avgRefaulted[tier]).append('/')
                    .append(avgTotal[tier]);
        }
        return text.toString();
    }
}
