package io.heaplab.system;

/** How memory is managed: the replacement rule and what the load control counts as a task's commitment. */
public enum MemoryPolicy {
    /**
     * Pure working set (Denning 1968), simulated exactly: LR(p) at every reference, a page leaves W when
     * VT - LR(p) reaches theta and joins the available set A, from which it is reclaimed without I/O if referenced
     * before it is replaced; the commitment is |W|.
     */
    WS,
    /**
     * WSCLOCK (Carr &amp; Hennessy 1981): one clock over all frames applying the WS rule at replacement time; the
     * commitment is the resident working set |RW|.
     */
    WSCLOCK,
    /**
     * Page-fault frequency (Chu &amp; Opderbeck 1972), beyond the paper: at a fault more than theta after the task's
     * last, the pages unused since then are released into the available set; the commitment is the resident set.
     */
    PFF,
    /**
     * Global CLOCK, beyond the paper: one clock over all frames, with no working set to commit; the load control is
     * feedback on the paging devices' busy time (Denning's 50% rule) and theta plays no part.
     */
    CLOCK;

    /** Whether the load control activates on commitments (|W|, |RW|, resident sets), not on feedback. */
    public boolean commits() {
        return this != CLOCK;
    }
}
