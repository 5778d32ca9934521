package io.heaplab.cli;

import io.heaplab.core.run.MemoryLimits;
import picocli.CommandLine.Option;

/** {@code --max-memory}: the bound on the off-heap memory of each run's simulated heap, for commands that run any. */
final class MaxMemoryOption {

    @Option(names = "--max-memory", paramLabel = "BYTES", converter = ByteSize.ToLong.class,
            description = "The most memory each run's simulated heap may take, units allowed: 8GiB; a run that"
                    + " would grow past it stops with a one-line error (default: half this machine's memory).")
    private Long maxMemory;

    /** Sets the bound for the runs this command makes: as given, or the default. */
    void apply() {
        MemoryLimits.setOffHeap(maxMemory == null ? MemoryLimits.DEFAULT_OFF_HEAP : maxMemory);
    }
}
