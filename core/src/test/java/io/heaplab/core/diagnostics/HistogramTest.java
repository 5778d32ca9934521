package io.heaplab.core.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class HistogramTest {

    @Property
    void everyValueFallsInTheBucketWhoseBoundsHoldIt(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long value) {
        int bucket = Histogram.bucket(value);
        assertThat(value).isBetween(Histogram.lower(bucket), Histogram.upper(bucket));
    }

    @Test
    void bucketsArePowersOfTwoFromZero() {
        assertThat(Histogram.bucket(0)).isZero();
        assertThat(Histogram.bucket(1)).isEqualTo(1);
        assertThat(Histogram.bucket(2)).isEqualTo(2);
        assertThat(Histogram.bucket(3)).isEqualTo(2);
        assertThat(Histogram.bucket(4)).isEqualTo(3);
        assertThat(Histogram.upper(3)).isEqualTo(7);
    }

    @Test
    void aTallyKeepsCountsSumAndBucketsUpToTheLastUsed() {
        Histogram.Tally tally = new Histogram.Tally();
        for (long v : new long[] {0, 5, 6, 7, 100}) {
            tally.add(v);
        }
        Histogram h = tally.snapshot();
        assertThat(h.buckets()).containsExactly(1, 0, 0, 3, 0, 0, 0, 1);
        assertThat(h.count()).isEqualTo(5);
        assertThat(h.mean()).isEqualTo(118 / 5.0);
        assertThat(h.medianBucket()).isEqualTo(3);
        tally.reset();
        assertThat(tally.snapshot()).isEqualTo(Histogram.EMPTY);
        assertThat(Histogram.EMPTY.medianBucket()).isEqualTo(-1);
    }
}
