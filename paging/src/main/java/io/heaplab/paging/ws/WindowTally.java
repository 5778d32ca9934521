package io.heaplab.paging.ws;

import io.heaplab.core.spi.CurveGrid;
import io.heaplab.core.spi.PagingOutcome;
import java.util.Arrays;

/**
 * Histograms over the {@link CurveGrid} from which the faults, write-backs and space-time of a window policy
 * follow at every grid window at once (Denning &amp; Schwartz 1972). Each kind of event is a step or a ramp in the
 * window, recorded in the bucket of the gap where it bends; the values at the grid windows are prefix and suffix
 * sums, exact because every grid window is a bucket's upper bound.
 *
 * <p>Counts may be negative for a while: a reference before the measured phase subtracts what it held before it.
 */
final class WindowTally {

    private long firsts;
    /** Re-references by backward gap: one faults at every window below its gap. */
    private final long[] reReferences = new long[CurveGrid.POINTS];
    /** Space-time a term adds in full at windows at or above its bucket. */
    private final long[] units = new long[CurveGrid.POINTS];
    /** Signed counts of {@code min(window, x)} terms, which add the window itself below their bucket. */
    private final long[] clipped = new long[CurveGrid.POINTS];
    /** Write-backs starting (+1) or ending (-1) at each bucket, as the window grows. */
    private final long[] writeBackSteps = new long[CurveGrid.POINTS];
    /** Space-time at every window. */
    private long always;
    /** The highest bucket any event touched: beyond it every curve is flat. */
    private int top = -1;

    WindowTally copy() {
        WindowTally copy = new WindowTally();
        copy.firsts = firsts;
        copy.always = always;
        copy.top = top;
        System.arraycopy(reReferences, 0, copy.reReferences, 0, top + 1);
        System.arraycopy(units, 0, copy.units, 0, top + 1);
        System.arraycopy(clipped, 0, copy.clipped, 0, top + 1);
        System.arraycopy(writeBackSteps, 0, copy.writeBackSteps, 0, top + 1);
        return copy;
    }

    void clear() {
        firsts = 0;
        always = 0;
        Arrays.fill(reReferences, 0, top + 1, 0);
        Arrays.fill(units, 0, top + 1, 0);
        Arrays.fill(clipped, 0, top + 1, 0);
        Arrays.fill(writeBackSteps, 0, top + 1, 0);
        top = -1;
    }

    private int bucket(long gap) {
        int at = CurveGrid.index(gap);
        if (at > top) {
            top = at;
        }
        return at;
    }

    /** Makes the curve reach {@code window} at least, so that a trace with references has a point. */
    void reach(long window) {
        bucket(window);
    }

    void firstReference() {
        firsts++;
    }

    /** A reference {@code gap} references after the page's last one: it faults at every window below the gap. */
    void reReference(long gap) {
        reReferences[bucket(gap)]++;
    }

    /** Adds {@code units} of space-time at every window. */
    void always(long units) {
        always += units;
    }

    /** Adds {@code units} of space-time at every window of at least {@code gap}. */
    void upTo(long gap, long units) {
        this.units[bucket(gap)] += units;
    }

    /** Adds {@code sign * min(window, x)} of space-time at every window; {@code x >= 1}. */
    void clippedAt(long x, int sign) {
        int at = bucket(x);
        units[at] += sign * x;
        clipped[at] += sign;
    }

    /** Counts a write-back at every window {@code w} with {@code from <= w < below}, {@code 1 <= from < below}. */
    void writeBack(long from, long below) {
        writeBackSteps[bucket(from)]++;
        writeBackSteps[bucket(below)]--;
    }

    /** Counts a write-back at every window of at least {@code from}, {@code from >= 1}. */
    void writeBackFrom(long from) {
        writeBackSteps[bucket(from)]++;
    }

    /** Grid windows up to the first one at which every curve has become flat. */
    int points() {
        return top + 1;
    }

    long[] faults() {
        long[] faults = new long[points()];
        long deeper = firsts;
        for (int i = top; i >= 0; i--) {
            faults[i] = deeper;
            deeper += reReferences[i];
        }
        return faults;
    }

    long[] spaceTimes() {
        long[] spaceTimes = new long[points()];
        long beyond = 0;
        for (int i = top; i >= 0; i--) {
            // the window times the clipped terms above this bucket; the grid's last point can be Long.MAX_VALUE,
            // but nothing lies beyond the top bucket
            spaceTimes[i] = beyond == 0 ? 0 : CurveGrid.point(i) * beyond;
            beyond += clipped[i];
        }
        long full = always;
        for (int i = 0; i <= top; i++) {
            full += units[i];
            spaceTimes[i] += full;
        }
        return spaceTimes;
    }

    long[] writeBacks() {
        long[] writeBacks = new long[points()];
        long level = 0;
        for (int i = 0; i <= top; i++) {
            level += writeBackSteps[i];
            writeBacks[i] = level;
        }
        return writeBacks;
    }

    long firsts() {
        return firsts;
    }

    /** First references and re-references: every run counted. */
    long runs() {
        long runs = firsts;
        for (int i = 0; i <= top; i++) {
            runs += reReferences[i];
        }
        return runs;
    }

    /** The curve over {@code references} measured references. */
    PagingOutcome.Curve curve(long references) {
        long[] spaceTimes = spaceTimes();
        double[] meanResident = new double[spaceTimes.length];
        for (int i = 0; i < spaceTimes.length; i++) {
            meanResident[i] = WindowMeasures.meanResident(spaceTimes[i], references);
        }
        return new PagingOutcome.Curve(PagingOutcome.Curve.Axis.WINDOW, CurveGrid.points(points()), faults(),
                writeBacks(), meanResident, references);
    }
}
