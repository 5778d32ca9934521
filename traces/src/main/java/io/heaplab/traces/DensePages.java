package io.heaplab.traces;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * Object ids or page numbers of any size made heaplab's dense pages: each distinct id gets the next page, 0, 1,
 * 2, ..., in order of its first reference. Simulators index arrays by page, so memory then follows the distinct
 * pages, not the largest id: an object id of 2^63 costs what id 7 does. Renumbering keeps every reference's
 * identity, which is all replacement policies look at.
 */
final class DensePages {

    private final Long2IntOpenHashMap pages = new Long2IntOpenHashMap();

    DensePages() {
        pages.defaultReturnValue(-1);
    }

    /** The page of {@code id}, a new one on its first reference; -1 when every int is a page already. */
    int page(long id) {
        int page = pages.get(id);
        if (page < 0 && pages.size() < Integer.MAX_VALUE) {
            page = pages.size();
            pages.put(id, page);
        }
        return page;
    }

    /** Distinct ids seen so far. */
    int size() {
        return pages.size();
    }
}
