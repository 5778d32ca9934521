package io.heaplab.traces;

/**
 * How to read a trace: the page size in bytes (a power of two) that cuts a lackey trace's byte addresses into
 * pages, and whether lackey's instruction fetches count as references. Binary and text traces already hold pages
 * and ignore both.
 */
public record ReadOptions(int pageSize, boolean instructions) {

    public static final int DEFAULT_PAGE_SIZE = 4096;

    public ReadOptions {
        if (pageSize <= 0 || Integer.bitCount(pageSize) != 1) {
            throw new IllegalArgumentException("pageSize: " + pageSize + " (expected: a power of 2)");
        }
    }

    /** 4096-byte pages, data references only: what a process's paging sees of its own data. */
    public static ReadOptions defaults() {
        return new ReadOptions(DEFAULT_PAGE_SIZE, false);
    }
}
