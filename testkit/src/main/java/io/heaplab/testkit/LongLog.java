package io.heaplab.testkit;

import java.util.Arrays;

/** A growable array of longs, so a recorded run can be compared with another as a whole. */
final class LongLog {

    private long[] values = new long[64];
    private int size;

    void add(long value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, 2 * size);
        }
        values[size++] = value;
    }

    void add(long a, long b, long c) {
        add(a);
        add(b);
        add(c);
    }

    int size() {
        return size;
    }

    long[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
