package io.heaplab.traces;

/**
 * How to read a trace: the page size in bytes (a power of two) that cuts a trace of byte addresses (lackey's,
 * UCSD's) into pages, and whether lackey's instruction fetches count as references; for an id trace (libCacheSim's
 * txt and csv), the 1-based column that holds the object id and whether the first line is a header, and the column
 * that holds each request's object size (0 for none). Which options a format takes is its own ({@link
 * TraceFormatSpec#options()}); {@link #checkApplies} refuses the others.
 */
public record ReadOptions(int pageSize, boolean instructions, int idColumn, boolean header, int sizeColumn) {

    public static final int DEFAULT_PAGE_SIZE = 4096;

    public ReadOptions {
        if (pageSize <= 0 || Integer.bitCount(pageSize) != 1) {
            throw new IllegalArgumentException("pageSize: " + pageSize + " (expected: a power of 2)");
        }
        if (idColumn < 1) {
            throw new IllegalArgumentException("idColumn: " + idColumn + " (expected: 1 or more)");
        }
        if (sizeColumn < 0 || sizeColumn == idColumn) {
            throw new IllegalArgumentException("sizeColumn: " + sizeColumn + " (expected: 1 or more, not the id "
                    + "column " + idColumn + "; 0 for none)");
        }
    }

    /** Options for an id trace without sizes. */
    public ReadOptions(int pageSize, boolean instructions, int idColumn, boolean header) {
        this(pageSize, instructions, idColumn, header, 0);
    }

    /** Options for a lackey trace; an id trace's ids in column 1, no header. */
    public ReadOptions(int pageSize, boolean instructions) {
        this(pageSize, instructions, 1, false);
    }

    /**
     * Fails when an option given here means nothing to {@code reader}'s format, or its trace contradicts it, rather
     * than ignoring it: instruction fetches but for lackey, an id column or header but for ids, and a page size
     * ({@code pageSizeGiven}) for a trace of object ids or one recorded with another page size.
     *
     * @param trace the trace as messages name it
     * @throws ReadOptionException naming the option refused
     */
    public void checkApplies(TraceReader reader, String trace, boolean pageSizeGiven) {
        TraceFormatSpec format = reader.format();
        String kind = "trace '" + trace + "' is " + TraceFormats.article(format.label()) + " trace";
        if (instructions && !format.options().contains("instructions")) {
            throw refused("instructions", "true", kind, trace, format, "instructions");
        }
        if (header && !format.options().contains("header")) {
            throw refused("header", "true", kind, trace, format, "header");
        }
        if (idColumn != 1 && !format.options().contains("idColumn")) {
            throw refused("idColumn", String.valueOf(idColumn), kind, trace, format, "idColumn");
        }
        if (sizeColumn != 0 && !format.options().contains("sizeColumn")) {
            throw refused("sizeColumn", String.valueOf(sizeColumn), kind, trace, format, "sizeColumn");
        }
        if (!pageSizeGiven || format.cutsAddresses()) {
            return;
        }
        String cutters = TraceFormats.installed().labels(TraceFormatSpec::cutsAddresses, "and");
        int recorded = reader.pageSize();
        if (recorded == 0 && format.renumbers()) {
            throw new ReadOptionException("pageSize: " + pageSize + ", but " + kind + " of object ids, not addresses"
                    + " (expected: a page size for " + cutters + " traces only)", "pageSize",
                    String.valueOf(pageSize), trace, format, 0);
        }
        if (recorded != 0 && recorded != pageSize) {
            throw new ReadOptionException("trace '" + trace + "' was recorded with " + recorded + "-byte pages, not "
                    + pageSize + " (expected: a page size for " + cutters + " traces only, whose addresses are bytes)",
                    "pageSize", String.valueOf(pageSize), trace, format, recorded);
        }
    }

    private static ReadOptionException refused(String option, String value, String kind, String trace,
                                               TraceFormatSpec format, String taken) {
        String takers = TraceFormats.installed().labels(f -> f.options().contains(taken), "and");
        return new ReadOptionException(option + ": " + value + ", but " + kind + " (expected: " + option + " for "
                + takers + " traces only)", option, value, trace, format, 0);
    }

    /** 4096-byte pages, data references only: what a process's paging sees of its own data. */
    public static ReadOptions defaults() {
        return new ReadOptions(DEFAULT_PAGE_SIZE, false);
    }
}
