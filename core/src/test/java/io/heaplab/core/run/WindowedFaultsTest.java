package io.heaplab.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.testing.ColdMisses;
import io.heaplab.core.trace.ObjectSizes;
import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.WarmupBoundary;
import org.junit.jupiter.api.Test;

class WindowedFaultsTest {

    /** Pages 0..9 once each, then 0..9 again: 10 cold misses in the first 10 references, none after. */
    private static long[] twiceTen() {
        long[] runs = new long[20];
        for (int i = 0; i < 20; i++) {
            runs[i] = PageRun.pack(i % 10, 1, false);
        }
        return runs;
    }

    @Test
    void windowsOfAGivenLengthCountTheFaultsInEachAndTheLastIsShorter() {
        WindowedFaults windows = WindowedFaults.every(new ColdMisses(), 8);
        windows.accept(twiceTen(), 20);
        windows.finish();
        assertThat(windows.ends()).containsExactly(8, 16, 20);
        assertThat(windows.faults()).containsExactly(8, 2, 0);
    }

    @Test
    void aLongRunIsCutAtEachWindowEnd() {
        WindowedFaults windows = WindowedFaults.every(new ColdMisses(), 4);
        windows.accept(new long[] {PageRun.pack(3, 10, false), PageRun.pack(4, 2, false)}, 2);
        windows.finish();
        assertThat(windows.ends()).containsExactly(4, 8, 12);
        assertThat(windows.faults()).containsExactly(1, 0, 1);
    }

    @Test
    void windowsSpanTheWarmupWhoseFaultsTheOutcomeForgets() {
        WindowedFaults windows = WindowedFaults.every(new ColdMisses(), 5);
        WarmupBoundary warmup = new WarmupBoundary(windows, 7);
        warmup.accept(twiceTen(), 20);
        warmup.finish();
        assertThat(windows.faults()).containsExactly(5, 5, 0, 0);
        assertThat(((PagingOutcome.Faults) windows.outcome()).faults()).isEqualTo(3);
    }

    /** Windows of one reference on a long stream: past 100,000 they merge in pairs, so neither memory nor calls grow. */
    @Test
    void givenWindowsPastTheirMostMergeAndDouble() {
        WindowedFaults windows = WindowedFaults.every(new ColdMisses(), 1);
        long[] run = {0};
        for (int i = 0; i < 250_000; i++) {
            run[0] = PageRun.pack(i % 1000, 1, false);
            windows.accept(run, 1);
        }
        windows.finish();
        // 100,000 of 1 make 50,000 of 2; at 200,000 references, 100,000 of 2 make 50,000 of 4; then 12,500 more
        assertThat(windows.length()).isEqualTo(4);
        assertThat(windows.ends()).hasSize(62_500).endsWith(250_000);
        assertThat(windows.ends()[0]).isEqualTo(4);
        assertThat(java.util.Arrays.stream(windows.faults()).sum()).isEqualTo(1000);
    }

    @Test
    void adaptiveWindowsMergeSoTheirNumberStaysBetweenTheBounds() {
        WindowedFaults windows = WindowedFaults.adaptive(new ColdMisses());
        long[] run = {PageRun.pack(0, 1, false)};
        for (int i = 0; i < 1000; i++) {
            run[0] = PageRun.pack(i % 50, 1, false);
            windows.accept(run, 1);
        }
        windows.finish();
        // 1 reference per window up to 200, then 2, then 4 (from 400 references on), then 8 from 800: 125 windows
        assertThat(windows.length()).isEqualTo(8);
        assertThat(windows.ends()).hasSize(125).endsWith(1000);
        assertThat(windows.ends()[0]).isEqualTo(8);
        assertThat(windows.faults()[0] + windows.faults()[1] + windows.faults()[2]).isEqualTo(24);
        assertThat(java.util.Arrays.stream(windows.faults()).sum()).isEqualTo(50);
    }

    @Test
    void aPolicyThatCountsOnlyAtTheEndCannotBeWindowed() {
        PagingSimulator curve = new PagingSimulator() {
            @Override
            public void accept(long[] runs, int length) {
            }

            @Override
            public void startMeasuring() {
            }

            @Override
            public PagingOutcome outcome() {
                return new PagingOutcome.Faults(0);
            }
        };
        assertThat(WindowedFaults.accepts(curve)).isFalse();
        assertThatThrownBy(() -> WindowedFaults.every(curve, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WindowedFaults.every(new ColdMisses(), 0))
                .hasMessage("window: 0 (expected: >= 1)");
    }

    @Test
    void byteMissesWeighEachMissAndRequestByItsObjectsSize() {
        ObjectSizes sizes = new ObjectSizes();
        // objects 0, 1, 2 of 100, 10 and 1000 bytes; requests 0 1 0 2 1: misses on 0, 1 and 2 (cold)
        int[] pages = {0, 1, 0, 2, 1};
        int[] bytes = {100, 10, 999, 1000, 10}; // a later size of object 0 is ignored: its first one holds
        long[] runs = new long[pages.length];
        for (int i = 0; i < pages.length; i++) {
            sizes.request(pages[i], bytes[i]);
            runs[i] = PageRun.pack(pages[i], 1, false);
        }
        ByteMisses misses = new ByteMisses(new ColdMisses(), sizes);
        misses.accept(runs, runs.length);
        misses.finish();
        assertThat(misses.bytesRequested()).isEqualTo(100 + 10 + 100 + 1000 + 10);
        assertThat(misses.bytesMissed()).isEqualTo(1110);
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) misses.outcome();
        assertThat(outcome.faults()).isEqualTo(3);
        assertThat(outcome.measures().get(ByteMisses.BYTE_MISS_RATIO).doubleValue()).isEqualTo(1110.0 / 1220);
    }

    @Test
    void byteMissesForgetTheWarmup() {
        ObjectSizes sizes = new ObjectSizes();
        sizes.request(0, 8);
        sizes.request(1, 2);
        ByteMisses misses = new ByteMisses(new ColdMisses(), sizes);
        WarmupBoundary warmup = new WarmupBoundary(misses, 1);
        warmup.accept(new long[] {PageRun.pack(0, 3, false), PageRun.pack(1, 1, false)}, 2);
        // the warm-up is the first reference to object 0; then 2 hits on it (16 bytes) and a miss on 1 (2 bytes)
        assertThat(misses.bytesRequested()).isEqualTo(18);
        assertThat(misses.bytesMissed()).isEqualTo(2);
    }

    @Test
    void sizesAreUnsignedAndKeptForObjectsInTheOrderOfTheirFirstRequest() {
        ObjectSizes sizes = new ObjectSizes();
        sizes.request(0, -1);
        sizes.request(1, 7);
        assertThat(sizes.bytes(0)).isEqualTo(0xFFFF_FFFFL);
        assertThat(sizes.bytes(1)).isEqualTo(7);
        assertThat(sizes.known()).isEqualTo(2);
    }
}
