package io.heaplab.traces;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;

/**
 * Object ids or page numbers of any size made heaplab's dense pages: each distinct id gets the next page, 0, 1,
 * 2, ..., in order of its first reference. Simulators index arrays by page, so memory then follows the distinct
 * pages, not the largest id: an object id of 2^63 costs what id 7 does. Renumbering keeps every reference's
 * identity, which is all replacement policies look at. Ids are numbers, or names (a CSV trace's string keys).
 */
final class DensePages {

    private final Long2IntOpenHashMap numbers = new Long2IntOpenHashMap();
    private Object2IntOpenHashMap<String> names;
    private int next;
    /** The last number asked for and its page: a trace repeats its last id often, and this skips the hash. */
    private long lastNumber;
    private int lastPage = -1;

    DensePages() {
        numbers.defaultReturnValue(-1);
    }

    /** The page of {@code id}, a new one on its first reference; -1 when every int is a page already. */
    int page(long id) {
        if (id == lastNumber && lastPage >= 0) {
            return lastPage;
        }
        int page = numbers.get(id);
        if (page < 0 && next < Integer.MAX_VALUE) {
            page = next++;
            numbers.put(id, page);
        }
        lastNumber = id;
        lastPage = page;
        return page;
    }

    /** The page of the id named {@code name}, apart from every number's; -1 when every int is a page already. */
    int page(String name) {
        if (names == null) {
            names = new Object2IntOpenHashMap<>();
            names.defaultReturnValue(-1);
        }
        int page = names.getInt(name);
        if (page < 0 && next < Integer.MAX_VALUE) {
            page = next++;
            names.put(name, page);
        }
        return page;
    }

    /** Distinct ids seen so far. */
    int size() {
        return next;
    }
}
