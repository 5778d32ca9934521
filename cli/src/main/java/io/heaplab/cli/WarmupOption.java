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
                // in decimal, so 29% is 0.29 of the trace, not a hair less
                java.math.BigDecimal percent = new java.math.BigDecimal(text.substring(0, text.length() - 1));
                if (percent.signum() < 0 || percent.compareTo(java.math.BigDecimal.valueOf(100)) >= 0) {
                    throw refused("a share of the trace from 0% up to 100%, 100% excluded, such as 10%");
                }
                replay.warmupFraction(percent.movePointLeft(2).doubleValue());
            } else if (text.contains(".")) {
                java.math.BigDecimal value = new java.math.BigDecimal(text);
                if (value.compareTo(java.math.BigDecimal.ONE) >= 0 && value.stripTrailingZeros().scale() <= 0) {
                    replay.warmup(value.longValueExact()); // 5.0 is five references, as a size 64.0 is 64
                    return;
                }
                if (value.signum() < 0 || value.compareTo(java.math.BigDecimal.ONE) >= 0) {
                    throw refused("a share of the trace from 0 up to 1, 1 excluded, such as 0.1");
                }
                replay.warmupFraction(value.doubleValue());
            } else {
                long references = Long.parseLong(text);
                if (references < 0) {
                    throw refused(EXPECTED);
                }
                replay.warmup(references);
            }
        } catch (NumberFormatException | ArithmeticException e) {
            throw refused(EXPECTED);
        }
    }

    private SpecException refused(String expected) {
        return new SpecException("--warmup " + warmup + " (expected: " + expected + ")");
    }
}
