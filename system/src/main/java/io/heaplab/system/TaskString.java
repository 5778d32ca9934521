package io.heaplab.system;

import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.TraceReader;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.util.Arrays;

/**
 * A program's reference string, run-merged: consecutive references to one page form a run with a count and
 * whether any of them wrote the page (Carr &amp; Hennessy's (p, d) pairs). Pages are renumbered densely from 0 in
 * order of first reference, so a task's page table is a plain array.
 */
public final class TaskString {

    private final long[] runs;
    private final int pages;
    private final long references;
    /** The IRIM form, when this string is one: events in order of virtual time, else null. */
    private final Irim irim;

    private TaskString(long[] runs, int pages, long references) {
        this.runs = runs;
        this.pages = pages;
        this.references = references;
        this.irim = null;
    }

    private TaskString(Irim irim, int pages, long references) {
        this.runs = new long[0];
        this.pages = pages;
        this.references = references;
        this.irim = irim;
    }

    /**
     * The string in Carr's inter-reference interval model (IRIM) with window {@code omega}: the references are gone,
     * and each page instead has periods in which it is referenced at least once every omega references; the string
     * keeps, in order of virtual time, where each period starts (a possible fault), where its page is written again
     * after omega references without a write, and where it ends (its last reference). The task runs through the
     * time between events without work, its pages of open periods counted as referenced throughout. Same length,
     * same pages, some hundred times fewer events than references.
     */
    public TaskString irim(long omega) {
        if (omega < 1) {
            throw new IllegalArgumentException("omega " + omega + " (expected: at least 1 reference)");
        }
        if (irim != null) {
            throw new IllegalStateException("this string is already in IRIM form");
        }
        return new TaskString(Irim.of(runs, pages, omega), pages, references);
    }

    /**
     * What an IRIM string holds: its periods (a page referenced at least once every omega references), the writes
     * it keeps inside them, and their ends, in that order; zeros for a string of references.
     */
    public long[] irimEvents() {
        long[] counts = new long[3];
        if (irim != null) {
            for (int event : irim.events()) {
                counts[Irim.kind(event)]++;
            }
        }
        return counts;
    }

    /** The IRIM events, or null for a string of references. */
    Irim irimForm() {
        return irim;
    }

    /** How many steps a simulation takes through this string: its runs, or its IRIM events. */
    public int steps() {
        return irim != null ? irim.times().length : runs.length;
    }

    /** The string of {@code runs} (packed as {@link PageRun}s, any page numbers), its pages renumbered densely. */
    public static TaskString of(long[] runs) {
        Int2IntOpenHashMap dense = new Int2IntOpenHashMap();
        dense.defaultReturnValue(-1);
        long[] renumbered = new long[runs.length];
        long references = 0;
        int n = 0;
        for (int i = 0; i < runs.length; i++) {
            long run = runs[i];
            int count = PageRun.count(run);
            if (count < 1) {
                throw new IllegalArgumentException("run " + i + " has " + count + " references (expected: at least 1)");
            }
            int page = dense.get(PageRun.page(run));
            if (page < 0) {
                page = n++;
                dense.put(PageRun.page(run), page);
            }
            renumbered[i] = PageRun.pack(page, count, PageRun.isWrite(run));
            references += count;
        }
        return new TaskString(renumbered, n, references);
    }

    /** The string of a trace: every run {@code reader} replays. */
    public static TaskString read(TraceReader reader) throws IOException {
        LongArrayList runs = new LongArrayList();
        reader.replay((batch, length) -> runs.addElements(runs.size(), batch, 0, length));
        return of(runs.toLongArray());
    }

    /** A string written out by hand: each element a page, negative for a write to page {@code -page - 1}. */
    public static TaskString ofPages(int... pages) {
        long[] runs = new long[pages.length];
        for (int i = 0; i < pages.length; i++) {
            int page = pages[i] < 0 ? -pages[i] - 1 : pages[i];
            runs[i] = PageRun.pack(page, 1, pages[i] < 0);
        }
        return of(runs);
    }

    /**
     * Denning's mean working-set size at window {@code theta}: the time average over the string's virtual time of
     * the distinct pages referenced in the last {@code theta} references (a page joins W at a reference and leaves
     * theta after its last one, or when the string ends). One pass; a string of references only.
     */
    public double meanWorkingSet(long theta) {
        if (theta < 1) {
            throw new IllegalArgumentException("theta " + theta + " (expected: at least 1 reference)");
        }
        if (irim != null) {
            throw new IllegalStateException("an IRIM string has no references to measure a working set on");
        }
        long[] last = new long[pages];
        Arrays.fill(last, -1);
        long inW = 0; // page-references of membership: each reference's page counts from it until theta after it
        long t = 0;
        for (long run : runs) {
            int page = PageRun.page(run);
            int count = PageRun.count(run);
            if (last[page] >= 0) {
                inW += Math.min(t - last[page], theta); // the gap since its last reference, up to theta
            }
            inW += count - 1; // inside the run, one reference after another
            t += count;
            last[page] = t - 1;
        }
        for (long at : last) {
            if (at >= 0) {
                inW += Math.min(t - at, theta); // after its last reference, until theta or the end
            }
        }
        return references == 0 ? 0 : (double) inW / references;
    }

    /** The runs, pages dense; not to be changed. */
    long[] runs() {
        return runs;
    }

    /** How many runs. */
    public int length() {
        return runs.length;
    }

    /** Distinct pages. */
    public int pages() {
        return pages;
    }

    /** References in all, the task's virtual time when it completes. */
    public long references() {
        return references;
    }

    @Override
    public String toString() {
        return "TaskString[" + references + " references, " + pages + " pages, " + (irim != null
                ? irim.times().length + " IRIM events" : runs.length + " runs") + "]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TaskString other && Arrays.equals(runs, other.runs) && java.util.Objects.equals(irim,
                other.irim);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(runs) * 31 + java.util.Objects.hashCode(irim);
    }
}
