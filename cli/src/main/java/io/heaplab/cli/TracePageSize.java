package io.heaplab.cli;

import io.heaplab.traces.ReadOptions;
import picocli.CommandLine.Option;

/** The page size that cuts a lackey trace's addresses into pages, for the commands that read traces alone. */
final class TracePageSize {

    @Option(names = "--page-size", paramLabel = "BYTES", converter = ByteSize.ToInt.class,
            description = "Bytes per page for a lackey trace, a power of 2 (default: " + ReadOptions.DEFAULT_PAGE_SIZE
                    + "); heaplab traces carry their own.")
    private Integer pageSize;

    /** The page size given, or null. */
    Integer given() {
        return pageSize;
    }
}
