package io.heaplab.traces.kit;

import io.heaplab.core.run.MemoryLimits;
import it.unimi.dsi.fastutil.HashCommon;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

/**
 * Object ids or page numbers of any size made heaplab's dense pages: each distinct id gets the next page, 0, 1,
 * 2, ..., in order of its first reference. Simulators index arrays by page, so memory then follows the distinct
 * pages, not the largest id: an object id of 2^63 costs what id 7 does. Renumbering keeps every reference's
 * identity, which is all replacement policies look at. Ids are numbers, or names (a CSV trace's string keys).
 *
 * <p>Numbers have a table of their own rather than a general hash map: on a trace of a million objects the lookup
 * is a cache miss per reference and was half of a replay's time. Here an id and its page share a slot, so a probe
 * touches one cache line, and {@link #pages} loads the slots of a whole block of ids before resolving any of them,
 * so the misses overlap. A distinct id costs 21 to 43 bytes of table (16-byte slots, kept a third to three quarters
 * full).
 */
public final class DensePages {

    /** Distinct ids at most: the table, three quarters full at most, then has 2^29 slots, of 16 bytes each. */
    public static final int MAX_PAGES = 1 << 28;
    private static final int INITIAL_SLOTS = 1 << 12;
    /** Ids resolved ahead at once by {@link #pages}. */
    private static final int AHEAD = 64;

    /** Open addressing, linear probing: slot i holds an id at 2i and its page + 1 at 2i + 1 (0: the slot is empty). */
    private long[] slots = new long[2 * INITIAL_SLOTS];
    private int mask = INITIAL_SLOTS - 1;
    private Object2IntOpenHashMap<String> names;
    private final int maxPages;
    private int next;
    /** The last number asked for and its page: a trace repeats its last id often, and this skips the hash. */
    private long lastNumber;
    private int lastPage = -1;
    /** Keeps the loads ahead from being optimized away. */
    private long touched;

    public DensePages() {
        this(MAX_PAGES);
    }

    /** At most {@code maxPages} distinct ids: tests reach the limit with a small one. */
    public DensePages(int maxPages) {
        this.maxPages = maxPages;
    }

    /** The page of {@code id}, a new one on its first reference; -1 when there are MAX_PAGES already. */
    public int page(long id) {
        if (id == lastNumber && lastPage >= 0) {
            return lastPage;
        }
        int page = lookUp(id);
        lastNumber = id;
        lastPage = page;
        return page;
    }

    /**
     * The pages of {@code ids[0..count)} into {@code pages}, as {@link #page(long)} gives them one by one; the index
     * of the first id that found MAX_PAGES pages already, or -1 when all have a page.
     */
    public int pages(long[] ids, int count, int[] pages) {
        for (int from = 0; from < count; from += AHEAD) {
            int to = Math.min(count, from + AHEAD);
            long[] slots = this.slots;
            long sum = 0;
            for (int i = from; i < to; i++) {
                sum += slots[2 * ((int) HashCommon.mix(ids[i]) & mask)];
            }
            touched += sum;
            for (int i = from; i < to; i++) {
                int page = lookUp(ids[i]);
                if (page < 0) {
                    return i;
                }
                pages[i] = page;
            }
        }
        return -1;
    }

    private int lookUp(long id) {
        long[] slots = this.slots;
        int slot = (int) HashCommon.mix(id) & mask;
        while (true) {
            long page = slots[2 * slot + 1];
            if (page == 0) {
                return add(id, slot);
            }
            if (slots[2 * slot] == id) {
                return (int) page - 1;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** Gives {@code id} the next page in the empty {@code slot}, growing the table past three quarters full. */
    private int add(long id, int slot) {
        if (next == maxPages) {
            return -1;
        }
        int page = next++;
        slots[2 * slot] = id;
        slots[2 * slot + 1] = page + 1L;
        if (4L * next > 3L * (mask + 1)) {
            grow();
        }
        return page;
    }

    private void grow() {
        long[] old = slots;
        int size = (mask + 1) * 2;
        // a small deflated trace may name hundreds of millions of pages: the table's growth, old and new held while
        // it is rehashed, is checked against the JVM's heap before it is made
        MemoryLimits.checkJavaHeap("a trace of more than " + next + " distinct pages", 16L * size + 8L * old.length);
        slots = new long[2 * size];
        mask = size - 1;
        for (int i = 0; i < old.length; i += 2) {
            if (old[i + 1] != 0) {
                int slot = (int) HashCommon.mix(old[i]) & mask;
                while (slots[2 * slot + 1] != 0) {
                    slot = (slot + 1) & mask;
                }
                slots[2 * slot] = old[i];
                slots[2 * slot + 1] = old[i + 1];
            }
        }
    }

    /** The page of the id named {@code name}, apart from every number's; -1 when there are MAX_PAGES already. */
    public int page(String name) {
        if (names == null) {
            names = new Object2IntOpenHashMap<>();
            names.defaultReturnValue(-1);
        }
        int page = names.getInt(name);
        if (page < 0 && next < maxPages) {
            page = next++;
            names.put(name, page);
        }
        return page;
    }

    /** Distinct ids seen so far. */
    public int size() {
        return next;
    }
}
