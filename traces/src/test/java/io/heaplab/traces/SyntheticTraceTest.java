package io.heaplab.traces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.PageRun;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class SyntheticTraceTest {

    /** Every reference's page, runs unrolled. */
    private static int[] pages(String spec, long references, long seed) {
        RecordingSink sink = new RecordingSink();
        SyntheticTrace.of(Spec.parse(spec)).generate(references, seed, sink);
        return Arrays.stream(sink.runs()).boxed().flatMapToInt(r -> java.util.stream.IntStream
                .generate(() -> PageRun.page(r)).limit(PageRun.count(r))).toArray();
    }

    @Test
    void theSameSeedGivesTheSameStreamAndAnotherSeedAnother() {
        assertThat(pages("zipf:pages=1000", 5000, 3)).isEqualTo(pages("zipf:pages=1000", 5000, 3))
                .isNotEqualTo(pages("zipf:pages=1000", 5000, 4));
    }

    @Test
    void zipfFavoursTheFirstPagesByTheSkew() {
        int[] pages = pages("zipf:pages=100000,skew=0.99", 400_000, 1);
        long[] count = new long[4];
        for (int p : pages) {
            assertThat(p).isBetween(0, 99_999);
            if (p < count.length) {
                count[p]++;
            }
        }
        // page k is referenced in proportion to 1/(k+1)^0.99: page 0 about 2^0.99 times as often as page 1
        assertThat((double) count[0] / count[1]).isCloseTo(Math.pow(2, 0.99), within(0.1));
        assertThat((double) count[0] / count[3]).isCloseTo(Math.pow(4, 0.99), within(0.3));
    }

    @Test
    void aLoopCyclesAndAScanPassesOnceBeforeItsHotSet() {
        assertThat(pages("loop:pages=3", 8, 1)).containsExactly(0, 1, 2, 0, 1, 2, 0, 1);
        int[] scan = pages("scan:pages=50", 1000, 1);
        for (int i = 0; i < 50; i++) {
            assertThat(scan[i]).isEqualTo(i);
        }
        assertThat(Arrays.stream(scan).max().getAsInt()).isLessThan(50);
        int[] uniform = pages("uniform:pages=10", 10_000, 1);
        assertThat(Arrays.stream(uniform).distinct().count()).isEqualTo(10);
    }

    @Property(tries = 20)
    void aMixScansFreshPagesBeyondItsZipfSetInTheShareAskedFor(@ForAll @IntRange(min = 1, max = 9) int tenths) {
        int[] pages = pages("mix:pages=100,scan=0." + tenths, 20_000, tenths);
        long scanned = Arrays.stream(pages).filter(p -> p >= 100).count();
        assertThat((double) scanned / pages.length).isCloseTo(tenths / 10.0, within(0.02));
        // each scanned page once: the scan never comes back
        assertThat(Arrays.stream(pages).filter(p -> p >= 100).distinct().count()).isEqualTo(scanned);
    }

    @Test
    void aShareOfWritesAndEveryCountInTheInfo() {
        TraceInfo info = new TraceInfo();
        SyntheticTrace.of(Spec.parse("uniform:pages=1000,writes=0.25")).generate(100_000, 2, info);
        info.finish();
        assertThat(info.references()).isEqualTo(100_000);
        assertThat(info.distinctPages()).isEqualTo(1000);
        assertThat((double) info.writeRuns() / info.runs()).isCloseTo(0.25, within(0.01));
        long[] times = info.sampleTimes();
        long[] footprints = info.sampleFootprints();
        assertThat(times.length).isBetween(TraceInfo.SAMPLES / 2, TraceInfo.SAMPLES + 1);
        assertThat(times[times.length - 1]).isEqualTo(100_000);
        assertThat(footprints[footprints.length - 1]).isEqualTo(1000);
        for (int i = 1; i < times.length; i++) {
            assertThat(times[i]).isGreaterThan(times[i - 1]);
            assertThat(footprints[i]).isGreaterThanOrEqualTo(footprints[i - 1]);
        }
    }

    @Test
    void badSpecsAreOneLineErrors() {
        assertThatThrownBy(() -> SyntheticTrace.of(Spec.parse("pareto"))).isInstanceOf(SpecException.class)
                .hasMessage("'pareto' (expected: a synthetic trace, one of loop, mix, scan, uniform, zipf)");
        assertThatThrownBy(() -> SyntheticTrace.of(Spec.parse("loop:skew=1")))
                .hasMessage("loop: unknown option 'skew' (expected one of: pages, writes)");
        assertThatThrownBy(() -> SyntheticTrace.of(Spec.parse("zipf:skew=-1")))
                .hasMessage("zipf: skew=-1 (expected: a number from 0 to 10)");
        assertThatThrownBy(() -> SyntheticTrace.of(Spec.parse("uniform:pages=0")))
                .hasMessage("uniform: pages=0 (expected: 1 to 1073741823)");
        assertThatThrownBy(() -> SyntheticTrace.of(Spec.parse("uniform:pages=x")))
                .hasMessage("uniform: pages=x (expected: a whole number)");
    }
}
