package io.heaplab.core.heap;

import java.util.Locale;

/** A heap asked to grow past the memory limit its run was given: the run stops with one line saying so. */
public final class HeapMemoryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    HeapMemoryException(long wanted, long limit) {
        super(String.format(Locale.ROOT, "the simulated heap would grow to %,d bytes, past the %,d its run may take"
                + " (expected: a run that fits, or a larger --max-memory)", wanted, limit));
    }
}
