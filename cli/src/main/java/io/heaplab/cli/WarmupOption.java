package io.heaplab.cli;

import io.heaplab.core.spi.SpecException;
import io.heaplab.traces.TraceReplay;
import picocli.CommandLine.Option;

/**
 * {@code --warmup}: references that warm the policies before any is counted, as libCacheSim's and Caffeine's
 * simulators warm a cache; a number of references, or a share of the trace.
 */
final class WarmupOption {

    private static final String EXPECTED = "a number of references, 0 or more, or a share of the trace below 1, "
            + "such as 0.1 or 10%";

    @Option(names = "--warmup", paramLabel = "N|SHARE",
            description = "Warm the policies with the first N references (or a share of the trace: 0.1 or 10%%) "
                    + "and count faults only after them, in every policy and curve (default: 0).")
    private String warmup;

    /** Whether the option was given. */
    boolean given() {
        return warmup != null;
    }

    /** Gives {@code replay} the warm-up, if any; a value that is no count or share is a usage error naming it. */
    void applyTo(TraceReplay replay) {
        if (warmup == null) {
            return;
        }
        String text = warmup.strip();
        try {
            if (text.endsWith("%")) {
                double percent = Double.parseDouble(text.substring(0, text.length() - 1));
                if (!(percent >= 0 && percent < 100)) {
                    throw refused("a share of the trace from 0% up to 100%, 100% excluded, such as 10%");
                }
                replay.warmupFraction(percent / 100);
            } else if (text.contains(".")) {
                double fraction = Double.parseDouble(text);
                if (!(fraction >= 0 && fraction < 1)) {
                    throw refused("a share of the trace from 0 up to 1, 1 excluded, such as 0.1");
                }
                replay.warmupFraction(fraction);
            } else {
                long references = Long.parseLong(text);
                if (references < 0) {
                    throw refused(EXPECTED);
                }
                replay.warmup(references);
            }
        } catch (NumberFormatException e) {
            throw refused(EXPECTED);
        }
    }

    private SpecException refused(String expected) {
        return new SpecException("--warmup " + warmup + " (expected: " + expected + ")");
    }
}
