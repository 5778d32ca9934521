package io.heaplab.system;

import io.heaplab.core.trace.PageRun;
import java.util.Arrays;

/**
 * A reference string compacted by Carr's inter-reference interval model (Carr &amp; Hennessy 1981, "The
 * Inter-Reference Interval Model"): events in order of virtual time, each a page and what happens to it.
 *
 * @param times  the virtual time of each event: a period starts before the reference at that time, ends after the
 *               reference just before it
 * @param events each event's page and kind, packed as {@code page << 2 | kind}
 * @param omega  the window: a page is idle after omega references without one to it
 */
record Irim(long[] times, int[] events, long omega) {

    /** The page is referenced, perhaps after an idle interval: a possible fault. */
    static final int START = 0;
    /** The page is written, first in its period or after omega references without a write. */
    static final int WRITE = 1;
    /** The page's last reference before omega or more without one: it is idle from here. */
    static final int END = 2;

    static int page(int event) {
        return event >>> 2;
    }

    static int kind(int event) {
        return event & 3;
    }

    /** The IRIM form of {@code runs} (pages dense below {@code pages}) with window {@code omega}. */
    static Irim of(long[] runs, int pages, long omega) {
        long[] last = new long[pages]; // the virtual time just after the page's last reference so far
        long[] lastWrite = new long[pages];
        boolean[] open = new boolean[pages];
        Arrays.fill(lastWrite, Long.MIN_VALUE / 2);
        long[] times = new long[16];
        int[] events = new int[16];
        int n = 0;
        long vt = 0;
        for (long run : runs) {
            int page = PageRun.page(run);
            if (open[page] && vt - last[page] >= omega) {
                // the idle interval starts at the period's last reference
                if (n + 1 >= times.length) {
                    times = Arrays.copyOf(times, times.length * 2);
                    events = Arrays.copyOf(events, events.length * 2);
                }
                times[n] = last[page];
                events[n++] = page << 2 | END;
                open[page] = false;
            }
            if (n + 2 >= times.length) {
                times = Arrays.copyOf(times, times.length * 2);
                events = Arrays.copyOf(events, events.length * 2);
            }
            if (!open[page]) {
                open[page] = true;
                times[n] = vt;
                events[n++] = page << 2 | START;
                lastWrite[page] = Long.MIN_VALUE / 2;
            }
            if (PageRun.isWrite(run) && vt - lastWrite[page] >= omega) {
                times[n] = vt;
                events[n++] = page << 2 | WRITE;
            }
            if (PageRun.isWrite(run)) {
                lastWrite[page] = vt;
            }
            vt += PageRun.count(run);
            last[page] = vt;
        }
        for (int page = 0; page < pages; page++) {
            if (open[page]) {
                if (n >= times.length) {
                    times = Arrays.copyOf(times, times.length * 2);
                    events = Arrays.copyOf(events, events.length * 2);
                }
                times[n] = last[page];
                events[n++] = page << 2 | END;
            }
        }
        return sorted(Arrays.copyOf(times, n), Arrays.copyOf(events, n), omega);
    }

    /** The events in order of time; at one time, ends before starts and starts before writes. */
    private static Irim sorted(long[] times, int[] events, long omega) {
        Integer[] order = new Integer[times.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> times[a] != times[b] ? Long.compare(times[a], times[b])
                : Integer.compare(rank(events[a]), rank(events[b])) != 0
                ? Integer.compare(rank(events[a]), rank(events[b])) : Integer.compare(a, b));
        long[] t = new long[times.length];
        int[] e = new int[times.length];
        for (int i = 0; i < order.length; i++) {
            t[i] = times[order[i]];
            e[i] = events[order[i]];
        }
        return new Irim(t, e, omega);
    }

    private static int rank(int event) {
        return switch (kind(event)) {
            case END -> 0;
            case START -> 1;
            default -> 2;
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Irim other && omega == other.omega && Arrays.equals(times, other.times)
                && Arrays.equals(events, other.events);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(times) * 31 + Arrays.hashCode(events);
    }

    @Override
    public String toString() {
        return "Irim[" + times.length + " events, omega " + omega + "]";
    }
}
