package io.heaplab.core.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;

/**
 * The miss ratio over virtual time of a stream's policies, window by window ({@link WindowedFaults}): every
 * policy's windows end at the same references.
 *
 * @param length      references per window (the last may hold fewer)
 * @param ends        the virtual time at each window's end, increasing
 * @param faults      faults in each window, by fixed-memory policy spec, in the order given
 * @param curves      faults in each window at each size, by one-pass curve spec, in the order given
 * @param notWindowed the policies left out, as they count their faults only at the end (OPT, sampled curves)
 */
public record FaultWindows(long length, long[] ends, SequencedMap<String, long[]> faults,
                           SequencedMap<String, CurveWindows> curves, List<String> notWindowed) {

    public FaultWindows {
        if (ends.length == 0) {
            throw new IllegalArgumentException("no windows (expected: one at least)");
        }
        ends = ends.clone();
        SequencedMap<String, long[]> copy = new LinkedHashMap<>();
        for (var entry : faults.entrySet()) {
            if (entry.getValue().length != ends.length) {
                throw new IllegalArgumentException(entry.getKey() + ": " + entry.getValue().length
                        + " windows (expected: " + ends.length + ")");
            }
            copy.put(entry.getKey(), entry.getValue().clone());
        }
        faults = Collections.unmodifiableSequencedMap(copy);
        for (var entry : curves.entrySet()) {
            if (entry.getValue().faultsAt(0).length != ends.length) {
                throw new IllegalArgumentException(entry.getKey() + ": " + entry.getValue().faultsAt(0).length
                        + " windows (expected: " + ends.length + ")");
            }
        }
        curves = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(curves));
        notWindowed = List.copyOf(notWindowed);
    }

    /** The miss ratio in each window of {@code policy}: its faults over the references in the window. */
    public double[] missRatio(String policy) {
        return missRatio(faults.get(policy));
    }

    /** The miss ratio in each window of a curve at its {@code k}-th size. */
    public double[] missRatio(String curve, int k) {
        return missRatio(curves.get(curve).faultsAt(k));
    }

    private double[] missRatio(long[] of) {
        double[] ratio = new double[ends.length];
        for (int i = 0; i < ratio.length; i++) {
            long start = i == 0 ? 0 : ends[i - 1];
            ratio[i] = (double) of[i] / (ends[i] - start);
        }
        return ratio;
    }

    @Override
    public long[] ends() {
        return ends.clone();
    }
}
