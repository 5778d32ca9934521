package io.heaplab.studies.carr;

import io.heaplab.system.MemoryPolicy;

/** The paper's three memory-management policies (Carr &amp; Hennessy, "Model Policies"). */
public enum CarrPolicy {
    WS("pure WS", MemoryPolicy.WS, false),
    WS_LTRT("WS with LT/RT", MemoryPolicy.WS, true),
    WSCLOCK("WSCLOCK", MemoryPolicy.WSCLOCK, true);

    /** The name the tables and charts show. */
    public final String title;
    /** The replacement rule. */
    public final MemoryPolicy memory;
    /** Whether the LT/RT control runs. */
    public final boolean ltrt;

    CarrPolicy(String title, MemoryPolicy memory, boolean ltrt) {
        this.title = title;
        this.memory = memory;
        this.ltrt = ltrt;
    }
}
