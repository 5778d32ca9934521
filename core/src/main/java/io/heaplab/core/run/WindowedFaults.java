package io.heaplab.core.run;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.SplitAtBoundaries;
import java.util.Arrays;

/**
 * A fixed-memory policy's miss ratio over time, as libCacheSim's {@code cachesim} reports it every {@code
 * --report-interval} of trace time: its faults in windows of virtual time, read from {@link
 * PagingSimulator#faultsSoFar()} at each window's end.
 *
 * <p>The stream is cut at the window ends ({@link SplitAtBoundaries}), so the policy's own loop is untouched. With
 * no window length given the windows adapt to a trace of unknown length: they start one reference long and, each
 * time there are {@value #MOST} of them, neighbours merge and the length doubles, so a trace ends with between
 * {@value #FEWEST} and {@value #MOST} windows (about 1% of it each) for any length, and no second pass. Windows
 * span the whole trace, warm-up included, so a chart shows the cold start a warm-up leaves out; a last window
 * shorter than the others closes it.
 */
public final class WindowedFaults extends SplitAtBoundaries implements PagingSimulator {

    /** Windows of an adaptive timeline after merging. */
    public static final int FEWEST = 100;
    /** Windows of an adaptive timeline that make neighbours merge. */
    public static final int MOST = 2 * FEWEST;
    /**
     * The most windows of a given length kept: past it neighbours merge and the length doubles, as adaptive windows
     * do, so {@code --window 1} on a long trace costs neither memory nor a call per reference without bound.
     */
    public static final int MOST_GIVEN = 100_000;

    private final PagingSimulator policy;
    private final boolean adaptive;
    private long length;
    /** Faults counted before the measured phase began, which {@link PagingSimulator#startMeasuring()} forgets. */
    private long forgotten;
    /** Faults at the end of each closed window, from the start of the stream, and the windows closed. */
    private long[] faultsAt = new long[MOST];
    private long[] endsAt = new long[MOST];
    private int windows;
    private boolean finished;

    private WindowedFaults(PagingSimulator policy, long length, boolean adaptive) {
        super(policy, length);
        if (policy.faultsSoFar() < 0) {
            throw new IllegalArgumentException(policy + " counts its faults only at the end (expected: a policy "
                    + "with faultsSoFar())");
        }
        this.policy = policy;
        this.length = length;
        this.adaptive = adaptive;
    }

    /**
     * Windows of {@code length} references each (the last may be shorter), doubled whenever there would be more
     * than {@value #MOST_GIVEN} of them.
     */
    public static WindowedFaults every(PagingSimulator policy, long length) {
        if (length < 1) {
            throw new IllegalArgumentException("window: " + length + " (expected: >= 1)");
        }
        return new WindowedFaults(policy, length, false);
    }

    /** Between {@value #FEWEST} and {@value #MOST} windows of equal length, whatever the stream's length. */
    public static WindowedFaults adaptive(PagingSimulator policy) {
        return new WindowedFaults(policy, 1, true);
    }

    /** Whether {@code policy} can be windowed: it counts its faults as it goes. */
    public static boolean accepts(PagingSimulator policy) {
        return policy.faultsSoFar() >= 0;
    }

    @Override
    protected long atBoundary() {
        close(time());
        if (windows == (adaptive ? MOST : MOST_GIVEN)) {
            // keep every second end: neighbours merge, the windows are twice as long
            for (int i = 0; i < windows / 2; i++) {
                faultsAt[i] = faultsAt[2 * i + 1];
                endsAt[i] = endsAt[2 * i + 1];
            }
            windows /= 2;
            length *= 2;
        }
        return time() + length;
    }

    private void close(long end) {
        if (windows == faultsAt.length) {
            faultsAt = Arrays.copyOf(faultsAt, windows * 2);
            endsAt = Arrays.copyOf(endsAt, windows * 2);
        }
        faultsAt[windows] = forgotten + policy.faultsSoFar();
        endsAt[windows] = end;
        windows++;
    }

    @Override
    public void startMeasuring() {
        forgotten += policy.faultsSoFar();
        policy.startMeasuring();
    }

    /** Closes the last window if it is partly filled, then finishes the policy. */
    @Override
    public void finish() {
        if (!finished && time() > (windows == 0 ? 0 : endsAt[windows - 1])) {
            close(time());
        }
        finished = true;
        policy.finish();
    }

    /** The window length: as given, or as the adaptive windows grew to. */
    public long length() {
        return length;
    }

    /** The virtual time at the end of each window, increasing; the last is the stream's length. */
    public long[] ends() {
        return Arrays.copyOf(endsAt, windows);
    }

    /** Faults in each window, warm-up or not. */
    public long[] faults() {
        long[] faults = new long[windows];
        for (int i = 0; i < windows; i++) {
            faults[i] = faultsAt[i] - (i == 0 ? 0 : faultsAt[i - 1]);
        }
        return faults;
    }

    @Override
    public PagingOutcome outcome() {
        return policy.outcome();
    }

    @Override
    public long faultsSoFar() {
        return policy.faultsSoFar();
    }

    /** The windowed policy. */
    public PagingSimulator policy() {
        return policy;
    }
}
