package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.PagingOutcome.Curve;
import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class CurvePointsTest {

    @Test
    void aCurveOfAtMostTheLimitIsKeptWhole() {
        Curve curve = falling(CurvePoints.MOST, 1);
        assertThat(CurvePoints.forPeople(curve)).isSameAs(curve);
    }

    @Test
    void aSmoothCurveKeepsItsLogSpacedSizesAndLittleMore() {
        // miss ratio 1/sqrt(f) over a million sizes: no sharp knee, so about the grid alone
        int n = 1_000_000;
        long[] faults = new long[n];
        for (int f = 1; f <= n; f++) {
            faults[f - 1] = Math.round(1_000_000 / Math.sqrt(f));
        }
        Curve cut = CurvePoints.forPeople(Curve.ofFrames(faults, new long[n], new double[n], 1_000_000));
        // every size up to about 43, where a hundredth of a decade is under one frame, then 100 a decade
        assertThat(cut.points()).isBetween(4 * CurvePoints.PER_DECADE + 43, 6 * CurvePoints.PER_DECADE);
        assertThat(cut.sizes()).contains(1, 10, 100, 1000, 10_000, 100_000, 1_000_000);
    }

    @Test
    void aCliffBetweenTwoGridSizesIsKeptAtBothEnds() {
        // a loop over 5,000 pages: every reference faults below 5,000 frames, none at or above it
        int n = 20_000;
        long[] faults = new long[n];
        for (int f = 1; f <= n; f++) {
            faults[f - 1] = f < 5_000 ? 100_000 : 5_000;
        }
        Curve cut = CurvePoints.forPeople(Curve.ofFrames(faults, new long[n], new double[n], 100_000));
        assertThat(cut.sizes()).contains(4_999, 5_000);
        assertThat(cut.faultsAt(4_999)).isEqualTo(100_000);
        assertThat(cut.faultsAt(5_000)).isEqualTo(5_000);
    }

    /** Every point kept is the curve's own, at most {@link CurvePoints#MOST} are, and both ends are among them. */
    @Property(tries = 60)
    void theCutKeepsExactPointsAndBothEnds(@ForAll @IntRange(min = 2001, max = 60_000) int n,
                                            @ForAll @LongRange(min = 0, max = 1000) long seed) {
        Curve curve = falling(n, seed);
        Curve cut = CurvePoints.forPeople(curve);
        assertThat(cut.points()).isLessThanOrEqualTo(CurvePoints.MOST);
        assertThat(cut.sizes()[0]).isEqualTo(1);
        assertThat(cut.sizes()[cut.points() - 1]).isEqualTo(n);
        for (int i = 0; i < cut.points(); i++) {
            int at = curve.indexAt(cut.sizes()[i]);
            assertThat(cut.faults()[i]).isEqualTo(curve.faults()[at]);
            assertThat(cut.writeBacks()[i]).isEqualTo(curve.writeBacks()[at]);
            assertThat(cut.meanResident()[i]).isEqualTo(curve.meanResident()[at]);
        }
        assertThat(cut.references()).isEqualTo(curve.references());
    }

    /**
     * The knees: each point left out lies within the tolerance of the line between the points kept on either side
     * of it, miss ratio against the logarithm of the size.
     */
    @Property(tries = 60)
    void everyPointLeftOutLiesNearTheLineBetweenItsKeptNeighbours(
            @ForAll @IntRange(min = 3, max = 20_000) int n, @ForAll @LongRange(min = 0, max = 1000) long seed,
            @ForAll @IntRange(min = 1, max = 500) int tenThousandths) {
        Curve curve = falling(n, seed);
        double tolerance = tenThousandths / 10_000.0;
        Curve cut = CurvePoints.cut(curve, tolerance);
        long[] kept = cut.sizes();
        double[] miss = curve.missRatio();
        long[] sizes = curve.sizes();
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (k < kept.length && kept[k] == sizes[i]) {
                k++;
                continue;
            }
            int left = curve.indexAt(kept[k - 1]);
            int right = curve.indexAt(kept[k]);
            double t = (Math.log(sizes[i]) - Math.log(sizes[left])) / (Math.log(sizes[right]) - Math.log(sizes[left]));
            double line = miss[left] + t * (miss[right] - miss[left]);
            assertThat(Math.abs(miss[i] - line)).as("size %d between %d and %d", sizes[i], sizes[left], sizes[right])
                    .isLessThanOrEqualTo(tolerance + 1e-12);
        }
    }

    @Test
    void aWindowCurveWithSparseSizesIsCutLikeAFramesOne() {
        int n = 5_000;
        long[] sizes = new long[n];
        long[] faults = new long[n];
        for (int i = 0; i < n; i++) {
            sizes[i] = 3L * (i + 1);
            faults[i] = 10_000 - i;
        }
        Curve window = new Curve(Curve.Axis.WINDOW, sizes, faults, new long[n], new double[n], 20_000);
        Curve cut = CurvePoints.forPeople(window);
        assertThat(cut.axis()).isEqualTo(Curve.Axis.WINDOW);
        assertThat(cut.points()).isLessThan(CurvePoints.MOST);
        assertThat(cut.sizes()).startsWith(3).endsWith(15_000);
    }

    /** A random falling fault curve over frames 1..n, steps and plateaus mixed, its write-backs below its faults. */
    private static Curve falling(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long references = 1_000_000;
        long[] faults = new long[n];
        long[] writeBacks = new long[n];
        double[] resident = new double[n];
        long now = references;
        for (int i = 0; i < n; i++) {
            int kind = random.nextInt(10);
            if (kind == 0) {
                now -= random.nextLong(Math.max(1, now / 20 + 1)); // a knee
            } else if (kind < 6) {
                now -= random.nextLong(Math.max(1, now / 2000 + 1));
            }
            faults[i] = now;
            writeBacks[i] = now / 3;
            resident[i] = Math.min(i + 1, 700.5);
        }
        Arrays.sort(faults); // keeps it falling once reversed
        for (int i = 0, j = n - 1; i < j; i++, j--) {
            long t = faults[i];
            faults[i] = faults[j];
            faults[j] = t;
        }
        return Curve.ofFrames(faults, writeBacks, resident, references);
    }
}
