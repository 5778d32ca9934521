package io.heaplab.allocators.fit;

/** Which free block a list-fit strategy takes for a request (Knuth, TAOCP 1, 2.5 and exercise 6; course report). */
public enum Fit {
    /** The first block in list order that is large enough (Knuth's Algorithm A). */
    FIRST,
    /**
     * First fit from where the last search ended, wrapping around once: Knuth's roving pointer (exercise 2.5-6).
     */
    NEXT,
    /** The smallest block that is large enough, the first of equals in list order; an exact fit ends the search. */
    BEST,
    /** The largest block, the first of equals in list order. */
    WORST
}
