package io.heaplab.core.spi;

import java.util.Map;

/** What a replacement-policy simulator reports at the end of a run: a fault count, or a whole fault curve. */
public sealed interface PagingOutcome {

    /**
     * Faults at one memory size.
     *
     * @param faults   page faults, the first reference to each page included
     * @param measures further measures of the policy by name (write-backs, pointer travel), in a fixed order
     */
    record Faults(long faults, Map<String, Number> measures) implements PagingOutcome {
        public Faults {
            measures = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(measures));
        }

        public Faults(long faults) {
            this(faults, Map.of());
        }
    }

    /**
     * Faults for every memory size at once.
     *
     * @param faultsByFrames element {@code i} is the fault count with {@code i + 1} frames; with more frames than
     *                       the curve is long, the faults are those of its last element (first references only)
     */
    record Curve(long[] faultsByFrames) implements PagingOutcome {
        public Curve {
            faultsByFrames = faultsByFrames.clone();
        }

        /** Faults with {@code frames} frames of memory. */
        public long faultsAt(int frames) {
            if (frames < 1) {
                throw new IllegalArgumentException("frames: " + frames + " (expected: >= 1)");
            }
            return faultsByFrames.length == 0 ? 0 : faultsByFrames[Math.min(frames, faultsByFrames.length) - 1];
        }

        @Override
        public long[] faultsByFrames() {
            return faultsByFrames.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Curve c && java.util.Arrays.equals(faultsByFrames, c.faultsByFrames);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(faultsByFrames);
        }

        @Override
        public String toString() {
            return "Curve" + java.util.Arrays.toString(faultsByFrames);
        }
    }
}
