package io.heaplab.cli;

import io.heaplab.core.run.MemoryLimits;
import picocli.CommandLine.Option;

/** {@code --max-memory}: the bound on the off-heap memory of each run's simulated heap, for commands that run any. */
final class MaxMemoryOption {

    @Option(names = "--max-memory", paramLabel = "BYTES", converter = ByteSize.ToLong.class,
            description = "The most memory each run's simulated heap may take, units allowed: 8GiB; a run that"
                    + " would grow past it stops with a one-line error (default: half this machine's memory).")
    private Long maxMemory;

    /** Sets the bound for the runs this command makes: as given, or the default; {@link Main} reports a refusal. */
    void apply() {
        MemoryLimits.setOffHeap(maxMemory == null ? MemoryLimits.DEFAULT_OFF_HEAP : maxMemory);
    }

    /**
     * The message of {@code refused} with its limit named as the command line sets it, where the library names the
     * parameter: this option, or the launcher's Java options.
     */
    static String named(MemoryLimits.Refused refused) {
        return refused.naming(switch (refused.limit()) {
            case OFF_HEAP -> "--max-memory";
            case JAVA_HEAP -> "-Xmx in HEAPLAB_JAVA_OPTS";
        });
    }
}
