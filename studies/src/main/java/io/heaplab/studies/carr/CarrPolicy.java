package io.heaplab.studies.carr;

import io.heaplab.system.MemoryPolicy;
import java.util.List;

/**
 * The paper's three memory-management policies (Carr &amp; Hennessy, "Model Policies"), and two beyond it that show
 * why it preferred WS-style load control: PFF, and global CLOCK under a feedback load control.
 */
public enum CarrPolicy {
    WS("pure WS", MemoryPolicy.WS, false),
    WS_LTRT("WS with LT/RT", MemoryPolicy.WS, true),
    WSCLOCK("WSCLOCK", MemoryPolicy.WSCLOCK, true),
    PFF("PFF with LT/RT", MemoryPolicy.PFF, true),
    CLOCK("global CLOCK, 50% rule", MemoryPolicy.CLOCK, true);

    /** The policies the paper simulated. */
    public static final List<CarrPolicy> PAPER = List.of(WS, WS_LTRT, WSCLOCK);

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

    /** Whether theta is a parameter of this policy: global CLOCK has none, so one run stands for every theta. */
    public boolean usesTheta() {
        return memory != MemoryPolicy.CLOCK;
    }
}
