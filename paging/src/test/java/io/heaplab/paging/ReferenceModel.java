package io.heaplab.paging;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.trace.PageRun;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A policy written the plain way, with lists and sets, for a property test to hold the real one against: the string
 * fed one reference at a time, the pages written remembered, and a write-back counted when a dirty page leaves.
 */
public abstract class ReferenceModel {

    private final Set<Integer> dirty = new HashSet<>();
    protected long faults;
    private long writeBacks;

    /** Faults and write-backs over {@code runs}, each run's references one by one. */
    public PagingOutcome run(long[] runs) {
        for (long run : runs) {
            int page = PageRun.page(run);
            for (int i = 0; i < PageRun.count(run); i++) {
                reference(page);
            }
            if (PageRun.isWrite(run)) {
                dirty.add(page);
            }
        }
        return new PagingOutcome.Faults(faults, Map.of(PagingOutcome.WRITE_BACKS, writeBacks));
    }

    /** One reference to {@code page}: a hit, or a fault that counts itself in {@link #faults}. */
    protected abstract void reference(int page);

    /** {@code page} leaves memory: written back if it was written since it was loaded. */
    protected void evicted(int page) {
        if (dirty.remove(page)) {
            writeBacks++;
        }
    }
}
