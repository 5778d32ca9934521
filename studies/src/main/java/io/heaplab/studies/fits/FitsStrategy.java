package io.heaplab.studies.fits;

/**
 * The strategies the fits study runs: the report's three fits on its allocator, then the enhancements it proposes
 * (C. Zhang's report, "Potential enhancements"), measured rather than stated.
 */
public enum FitsStrategy {
    FIRST("first", "first fit", "record-fit:fit=first"),
    BEST("best", "best fit", "record-fit:fit=best"),
    WORST("worst", "worst fit", "record-fit:fit=worst"),
    /** Merging neighbouring free blocks, which the report says "would theoretically lessen" fragmentation. */
    COALESCING("first+coalescing", "first fit, coalescing", "record-fit:fit=first,coalesce=true"),
    /** Johnstone &amp; Wilson's address-ordered first fit, which coalesces. */
    ADDRESS_ORDERED("address-ordered", "address-ordered first fit", "record-fit:fit=first,order=address,coalesce=true"),
    /** McCreight's and Brent's first fit in O(log n) over a tree of free blocks. */
    TREE("brent-ff", "first fit in O(log n) (Brent's tree)", "brent-ff");

    /** Its key in the result file. */
    final String key;
    /** Its name in tables. */
    final String title;
    /** The allocator spec that runs it. */
    final String allocator;

    FitsStrategy(String key, String title, String allocator) {
        this.key = key;
        this.title = title;
        this.allocator = allocator;
    }

    /** Whether the report measured it: first, best and worst fit. */
    boolean reported() {
        return ordinal() <= WORST.ordinal();
    }
}
