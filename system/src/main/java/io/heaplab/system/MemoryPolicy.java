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
    WSCLOCK
}
