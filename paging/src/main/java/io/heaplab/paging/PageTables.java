package io.heaplab.paging;

/** Sizing of the per-page arrays simulators index by page id, which are dense from 0 in one heap. */
public final class PageTables {

    private PageTables() {
    }

    /**
     * The length a per-page array of {@code length} must grow to so that {@code page} fits: at least double, so
     * growing is amortized O(1); a negative page fails.
     */
    public static int grownLength(int length, int page) {
        if (page < 0) {
            throw new IllegalArgumentException("page: " + page + " (expected: >= 0)");
        }
        return (int) Math.min(Integer.MAX_VALUE - 8, Math.max(page + 1L, 2L * length));
    }
}
