package io.heaplab.traces;

/**
 * How to read a trace: the page size in bytes (a power of two) that cuts a lackey trace's byte addresses into
 * pages, and whether lackey's instruction fetches count as references; for an id trace (libCacheSim's txt and
 * csv), the 1-based column that holds the object id and whether the first line is a header. Binary and text traces
 * already hold pages and ignore them all.
 */
public record ReadOptions(int pageSize, boolean instructions, int idColumn, boolean header) {

    public static final int DEFAULT_PAGE_SIZE = 4096;

    public ReadOptions {
        if (pageSize <= 0 || Integer.bitCount(pageSize) != 1) {
            throw new IllegalArgumentException("pageSize: " + pageSize + " (expected: a power of 2)");
        }
        if (idColumn < 1) {
            throw new IllegalArgumentException("idColumn: " + idColumn + " (expected: 1 or more)");
        }
    }

    /** Options for a lackey trace; an id trace's ids in column 1, no header. */
    public ReadOptions(int pageSize, boolean instructions) {
        this(pageSize, instructions, 1, false);
    }

    /** 4096-byte pages, data references only: what a process's paging sees of its own data. */
    public static ReadOptions defaults() {
        return new ReadOptions(DEFAULT_PAGE_SIZE, false);
    }
}
