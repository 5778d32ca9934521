package io.heaplab.core.spi;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** What a replacement-policy simulator reports at the end of a run: a fault count, or a whole fault curve. */
public sealed interface PagingOutcome {

    /** The measure every policy reports: dirty pages written back when they left memory. */
    String WRITE_BACKS = "writeBacks";
    /** The measure a variable-memory policy reports: resident pages averaged over the measured references. */
    String MEAN_RESIDENT = "meanResident";

    /**
     * Faults at one memory size or window.
     *
     * @param faults   page faults, the first reference to each page included
     * @param measures further measures of the policy by name ({@link #WRITE_BACKS}, pointer travel...), in a fixed
     *                 order
     */
    record Faults(long faults, Map<String, Number> measures) implements PagingOutcome {
        public Faults {
            measures = Collections.unmodifiableMap(new LinkedHashMap<>(measures));
        }

        public Faults(long faults) {
            this(faults, Map.of());
        }
    }

    /**
     * Faults at many memory sizes at once, from one pass over the references: against the number of frames (a
     * stack algorithm such as LRU, Mattson et al. 1970) or against the window (the working set, Denning &amp;
     * Schwartz 1972). Each point is exact: the value a simulation at that one size would give.
     *
     * @param axis         what the sizes measure
     * @param sizes        the sizes of the points, increasing; a frames curve has every size from 1 up to the
     *                     number of distinct pages, beyond which only first references fault
     * @param faults       faults at each size
     * @param writeBacks   dirty pages written back on leaving memory at each size (pages still dirty when the
     *                     run ends are not written)
     * @param meanResident resident pages at each size, averaged over the measured references
     * @param references   the measured references: faults over references is the miss ratio
     */
    record Curve(Axis axis, long[] sizes, long[] faults, long[] writeBacks, double[] meanResident, long references)
            implements PagingOutcome {

        /** What a curve's sizes measure. */
        public enum Axis {
            /** Page frames of a fixed memory. */
            FRAMES("frames"),
            /** The window of a working-set policy, in references. */
            WINDOW("window");

            private final String label;

            Axis(String label) {
                this.label = label;
            }

            /** The name of the axis in reports. */
            public String label() {
                return label;
            }
        }

        public Curve {
            int n = sizes.length;
            if (faults.length != n || writeBacks.length != n || meanResident.length != n) {
                throw new IllegalArgumentException("curve arrays of lengths " + n + ", " + faults.length + ", "
                        + writeBacks.length + ", " + meanResident.length + " (expected: equal)");
            }
            for (int i = 0; i < n; i++) {
                if (sizes[i] < 1 || (i > 0 && sizes[i] <= sizes[i - 1])) {
                    throw new IllegalArgumentException("curve sizes " + Arrays.toString(sizes)
                            + " (expected: increasing, from 1)");
                }
            }
            sizes = sizes.clone();
            faults = faults.clone();
            writeBacks = writeBacks.clone();
            meanResident = meanResident.clone();
        }

        /** A curve over every frame count from 1 to {@code faults.length}. */
        public static Curve ofFrames(long[] faults, long[] writeBacks, double[] meanResident, long references) {
            long[] sizes = new long[faults.length];
            Arrays.setAll(sizes, i -> i + 1);
            return new Curve(Axis.FRAMES, sizes, faults, writeBacks, meanResident, references);
        }

        /** How many points the curve has. */
        public int points() {
            return sizes.length;
        }

        /**
         * The index of the point that holds for {@code size}: the largest size not above it. A frames curve has
         * every size, so the value is exact; between two points of a window curve it is the lower window's.
         */
        public int indexAt(long size) {
            if (size < 1) {
                throw new IllegalArgumentException(axis.label() + ": " + size + " (expected: >= 1)");
            }
            int at = Arrays.binarySearch(sizes, size);
            return at >= 0 ? at : -at - 2;
        }

        /** Faults at {@code size}; none when the curve is empty (no references). */
        public long faultsAt(long size) {
            int at = indexAt(size);
            return at < 0 ? 0 : faults[at];
        }

        /** Faults per measured reference at each point. */
        public double[] missRatio() {
            double[] ratio = new double[faults.length];
            Arrays.setAll(ratio, i -> references == 0 ? 0.0 : (double) faults[i] / references);
            return ratio;
        }

        /** Denning's lifetime at each point: measured references per fault (infinite without faults). */
        public double[] lifetime() {
            double[] lifetime = new double[faults.length];
            Arrays.setAll(lifetime, i -> faults[i] == 0 ? Double.POSITIVE_INFINITY : (double) references / faults[i]);
            return lifetime;
        }

        @Override
        public long[] sizes() {
            return sizes.clone();
        }

        @Override
        public long[] faults() {
            return faults.clone();
        }

        @Override
        public long[] writeBacks() {
            return writeBacks.clone();
        }

        @Override
        public double[] meanResident() {
            return meanResident.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Curve c && axis == c.axis && references == c.references
                    && Arrays.equals(sizes, c.sizes) && Arrays.equals(faults, c.faults)
                    && Arrays.equals(writeBacks, c.writeBacks) && Arrays.equals(meanResident, c.meanResident);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(faults) + Arrays.hashCode(sizes);
        }

        @Override
        public String toString() {
            return "Curve[" + axis.label() + " " + Arrays.toString(sizes) + ", faults " + Arrays.toString(faults)
                    + ", writeBacks " + Arrays.toString(writeBacks) + ", meanResident "
                    + Arrays.toString(meanResident) + ", references " + references + "]";
        }
    }
}
