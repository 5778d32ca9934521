package io.heaplab.core.run;

import io.heaplab.core.spi.CurveGrid;
import io.heaplab.core.spi.FaultsOnGrid;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.SplitAtBoundaries;
import java.util.Arrays;
import java.util.List;

/**
 * A policy's miss ratio over time, as libCacheSim's {@code cachesim} reports it every {@code --report-interval} of
 * trace time: its faults in windows of virtual time, read at each window's end from {@link
 * PagingSimulator#faultsSoFar()} for a fixed-memory policy, or at every {@link CurveGrid} size from {@link
 * FaultsOnGrid#faultsOnGrid()} for a one-pass curve.
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
     * The most windows of a given length kept for a fixed-memory policy: past it neighbours merge and the length
     * doubles, as adaptive windows do, so {@code --window 1} on a long trace costs neither memory nor a call per
     * reference without bound.
     */
    public static final int MOST_GIVEN = 100_000;
    /** The same for a curve, whose windows each hold a row of the grid's sizes. */
    public static final int MOST_GIVEN_ON_GRID = 2_000;

    private final PagingSimulator policy;
    /** The curve read at every grid size; null for a fixed-memory policy. */
    private final FaultsOnGrid curve;
    private final boolean adaptive;
    /** The windows of a given length that make neighbours merge. */
    private final int most;
    private long length;
    /** Faults counted before the measured phase began, which {@link PagingSimulator#startMeasuring()} forgets. */
    private long[] forgotten = {0};
    /** Faults at the end of each closed window, from the start of the stream (a row of grid sizes for a curve). */
    private long[][] faultsAt = new long[MOST][];
    private long[] endsAt = new long[MOST];
    private int windows;
    private boolean finished;

    private WindowedFaults(PagingSimulator policy, long length, boolean adaptive, int most) {
        super(policy, length);
        if (policy.faultsSoFar() >= 0) {
            this.curve = null;
        } else if (policy instanceof FaultsOnGrid onGrid) {
            this.curve = onGrid;
            onGrid.keepFaultsOnGrid();
        } else {
            throw new IllegalArgumentException(policy + " counts its faults only at the end (expected: a policy "
                    + "with faultsSoFar(), or a curve with faultsOnGrid())");
        }
        this.policy = policy;
        this.length = length;
        this.adaptive = adaptive;
        this.most = adaptive ? MOST : most;
    }

    /**
     * Windows of {@code length} references each (the last may be shorter), doubled whenever there would be more
     * than {@value #MOST_GIVEN} of them ({@value #MOST_GIVEN_ON_GRID} for a curve).
     */
    public static WindowedFaults every(PagingSimulator policy, long length) {
        return every(policy, length, mostGiven(List.of(policy)));
    }

    /**
     * Windows of {@code length} references, doubled whenever there would be more than {@code most}: policies
     * windowed side by side take the same {@code most} ({@link #mostGiven}), so their windows end together.
     */
    public static WindowedFaults every(PagingSimulator policy, long length, int most) {
        if (length < 1) {
            throw new IllegalArgumentException("window: " + length + " (expected: >= 1)");
        }
        if (most < 2 || most % 2 != 0) {
            throw new IllegalArgumentException("most windows: " + most + " (expected: an even number, 2 or more)");
        }
        return new WindowedFaults(policy, length, false, most);
    }

    /**
     * The most windows of a given length kept for {@code policies} windowed side by side: {@value
     * #MOST_GIVEN_ON_GRID} if any is a curve, whose windows each hold a row of sizes, else {@value #MOST_GIVEN}.
     */
    public static int mostGiven(List<PagingSimulator> policies) {
        return policies.stream().anyMatch(p -> p.faultsSoFar() < 0 && p instanceof FaultsOnGrid)
                ? MOST_GIVEN_ON_GRID : MOST_GIVEN;
    }

    /** Between {@value #FEWEST} and {@value #MOST} windows of equal length, whatever the stream's length. */
    public static WindowedFaults adaptive(PagingSimulator policy) {
        return new WindowedFaults(policy, 1, true, MOST);
    }

    /** Whether {@code policy} can be windowed: it counts its faults as it goes, or it is a curve on the grid. */
    public static boolean accepts(PagingSimulator policy) {
        return policy.faultsSoFar() >= 0 || policy instanceof FaultsOnGrid;
    }

    @Override
    protected long atBoundary() {
        close(time());
        if (windows == most) {
            // keep every second end: neighbours merge, the windows are twice as long
            for (int i = 0; i < windows / 2; i++) {
                faultsAt[i] = faultsAt[2 * i + 1];
                endsAt[i] = endsAt[2 * i + 1];
            }
            Arrays.fill(faultsAt, windows / 2, windows, null);
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
        faultsAt[windows] = plus(forgotten, soFar());
        endsAt[windows] = end;
        windows++;
    }

    /** The faults so far in the policy's measured phase: one count, or a row of the grid's sizes. */
    private long[] soFar() {
        return curve == null ? new long[] {policy.faultsSoFar()} : curve.faultsOnGrid();
    }

    @Override
    public void startMeasuring() {
        forgotten = plus(forgotten, soFar());
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

    /** Whether the policy is a curve, whose windows {@link #onGrid(long)} gives. */
    public boolean onGrid() {
        return curve != null;
    }

    /** Faults in each window, warm-up or not, of a fixed-memory policy. */
    public long[] faults() {
        if (curve != null) {
            throw new IllegalStateException(policy + " is a curve (expected: onGrid(largest) for its windows)");
        }
        return inWindows(0);
    }

    /**
     * A curve's faults in each window at every grid size up to {@code largest}, its largest size (its distinct
     * pages, or its widest window), warm-up or not.
     */
    public CurveWindows onGrid(long largest) {
        if (curve == null) {
            throw new IllegalStateException(policy + " has one memory size (expected: faults() for its windows)");
        }
        // the grid sizes up to the largest: the index of the first not below it, and that one if it is the largest
        int first = CurveGrid.index(Math.max(largest, 1));
        int sizes = CurveGrid.point(first) == Math.max(largest, 1) ? first + 1 : first;
        long[][] faults = new long[sizes][];
        for (int k = 0; k < sizes; k++) {
            faults[k] = inWindows(k);
        }
        return new CurveWindows(CurveGrid.points(sizes), faults);
    }

    /** Faults in each window at grid size {@code k} (column 0 for a fixed-memory policy). */
    private long[] inWindows(int k) {
        long[] faults = new long[windows];
        for (int i = 0; i < windows; i++) {
            faults[i] = at(faultsAt[i], k) - (i == 0 ? 0 : at(faultsAt[i - 1], k));
        }
        return faults;
    }

    /** Element {@code k} of a row, whose values past its end are its last. */
    private static long at(long[] row, int k) {
        return row[Math.min(k, row.length - 1)];
    }

    /** Two rows added element by element, each flat past its end. */
    private static long[] plus(long[] a, long[] b) {
        long[] sum = new long[Math.max(a.length, b.length)];
        for (int k = 0; k < sum.length; k++) {
            sum[k] = at(a, k) + at(b, k);
        }
        return sum;
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
