package io.heaplab.core.testing;

import java.util.BitSet;

/** Faults on each page's first reference only: an infinite memory, the simplest policy with a running count. */
public class ColdMisses extends CountingPolicy {

    private final BitSet seen = new BitSet();

    @Override
    protected boolean faults(int page) {
        if (seen.get(page)) {
            return false;
        }
        seen.set(page);
        return true;
    }
}
