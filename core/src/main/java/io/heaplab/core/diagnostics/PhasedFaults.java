package io.heaplab.core.diagnostics;

import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.ReferenceSink;
import java.util.Arrays;

/**
 * Feeds a fixed-memory policy the run's references as they come, a phase's stretch at a time, and charges the
 * faults of each stretch to the phase its runs are tagged with: the simulator sees the same runs in the same order
 * as it would alone, so its own counts do not change.
 */
public final class PhasedFaults implements ReferenceSink {

    private final PagingSimulator simulator;
    private long[] faults = new long[4];
    private long[] stretch = new long[0];
    private long counted;

    PhasedFaults(PagingSimulator simulator) {
        if (simulator.faultsSoFar() < 0) {
            throw new IllegalArgumentException(simulator.getClass().getSimpleName()
                    + " does not count faults as it goes (expected: a fixed-memory policy that does)");
        }
        this.simulator = simulator;
    }

    /** Runs untagged are charged to the first phase, {@link Diagnostics#REST}. */
    @Override
    public void accept(long[] runs, int length) {
        simulator.accept(runs, length);
        charge(0);
    }

    @Override
    public void accept(long[] runs, int[] phases, int length) {
        int from = 0;
        while (from < length) {
            int phase = phases[from];
            int to = from + 1;
            while (to < length && phases[to] == phase) {
                to++;
            }
            if (from == 0 && to == length) {
                simulator.accept(runs, length);
            } else {
                if (stretch.length < to - from) {
                    stretch = new long[runs.length];
                }
                System.arraycopy(runs, from, stretch, 0, to - from);
                simulator.accept(stretch, to - from);
            }
            charge(phase);
            from = to;
        }
    }

    /** Charges {@code phase} with the faults since the last charge. */
    private void charge(int phase) {
        long now = simulator.faultsSoFar();
        if (phase >= faults.length) {
            faults = Arrays.copyOf(faults, Math.max(phase + 1, 2 * faults.length));
        }
        faults[phase] += now - counted;
        counted = now;
    }

    @Override
    public void startMeasuring() {
        simulator.startMeasuring();
        Arrays.fill(faults, 0);
        counted = simulator.faultsSoFar();
    }

    @Override
    public void finish() {
        simulator.finish();
    }

    /** The faults charged to phase {@code id} so far. */
    long faults(int id) {
        return id < faults.length ? faults[id] : 0;
    }
}
