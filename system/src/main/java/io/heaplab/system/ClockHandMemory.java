package io.heaplab.system;

import java.util.List;
import java.util.function.IntConsumer;

/**
 * Memory swept by one clock hand over all frames (WSCLOCK and global CLOCK): a page stays resident, and usable, until
 * the hand replaces it, so there is nothing to reclaim; pages of an inactive task stay where they are for the hand
 * to find, and a dirty page the hand passes is cleaned.
 */
abstract class ClockHandMemory extends Memory {

    /** The frame last replaced; the next search starts after it. */
    int hand = -1;

    ClockHandMemory(SystemConfig config, List<Task> tasks, IntConsumer cleaner) {
        super(config, tasks, cleaner);
    }

    @Override
    final boolean usable(int frame) {
        return state[frame] == USED || state[frame] == WRITING;
    }

    @Override
    final boolean reclaim(Task task, int page) {
        return false;
    }

    @Override
    void advance(Task task) {
        // the hand looks at the use bits when it needs a frame, not at every reference
    }

    @Override
    final void deactivated(Task task) {
        // its pages are replaceable while it is inactive; the hand finds them
    }

    @Override
    final boolean needsCleaning(int frame) {
        return true;
    }

    @Override
    void free(int frame) {
        evict(frame);
    }

    /**
     * The hand stops at a replaceable frame: a dirty page is cleaned and passed over (false); a clean one is
     * evicted and the hand left on it (true).
     */
    final boolean takes(int f) {
        if (dirty[f]) {
            clean(f);
            return false;
        }
        hand = f;
        evict(f);
        return true;
    }
}
