package io.heaplab.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class ReferenceRecorderTest {

    @Test
    void mergesConsecutiveReferencesToOnePage() {
        RecordingSink sink = new RecordingSink();
        ReferenceRecorder recorder = new ReferenceRecorder(sink);
        int[] pages = {3, 3, 3, 5, 3, 3};
        boolean[] writes = {false, true, false, false, false, false};
        for (int i = 0; i < pages.length; i++) {
            recorder.reference(pages[i], writes[i]);
        }
        recorder.finish();

        assertThat(sink.runs.toLongArray()).containsExactly(
                PageRun.pack(3, 3, true), PageRun.pack(5, 1, false), PageRun.pack(3, 2, false));
        assertThat(recorder.references()).isEqualTo(6);
        assertThat(recorder.distinctPages()).isEqualTo(2);
        assertThat(sink.finished).isTrue();
    }

    @Test
    void aWholeRunIsKeptAsItIsNeitherMergedNorSplit() {
        RecordingSink sink = new RecordingSink();
        ReferenceRecorder recorder = new ReferenceRecorder(sink);
        recorder.reference(4, false);
        recorder.run(PageRun.pack(4, 3, true));
        recorder.run(PageRun.pack(4, 2, false));
        recorder.reference(4, false);
        recorder.reference(9, true);
        recorder.finish();
        assertThat(sink.runs.toLongArray()).containsExactly(PageRun.pack(4, 1, false), PageRun.pack(4, 3, true),
                PageRun.pack(4, 2, false), PageRun.pack(4, 1, false), PageRun.pack(9, 1, true));
        assertThat(recorder.references()).isEqualTo(8);
        assertThat(recorder.distinctPages()).isEqualTo(2);
    }

    @Test
    void theMeasuredPhaseBeginsAfterEverythingRecordedBeforeIt() {
        RecordingSink sink = new RecordingSink();
        ReferenceRecorder recorder = new ReferenceRecorder(sink);
        recorder.reference(3, false);
        recorder.reference(3, true);
        recorder.reference(4, false);
        assertThat(recorder.startMeasuring()).isEqualTo(3);
        assertThat(sink.measuredFrom).as("the open run is delivered first").isEqualTo(2);
        recorder.reference(4, false);
        recorder.finish();
        assertThat(sink.runs.toLongArray()).containsExactly(PageRun.pack(3, 2, true), PageRun.pack(4, 1, false),
                PageRun.pack(4, 1, false));
    }

    @Test
    void everySinkSeesEveryBatch() {
        RecordingSink a = new RecordingSink();
        RecordingSink b = new RecordingSink();
        ReferenceRecorder recorder = new ReferenceRecorder(new FanOut(List.of(a, b)), 4);
        for (int i = 0; i < 10; i++) {
            recorder.reference(i, false);
        }
        recorder.finish();
        assertThat(a.runs.toLongArray()).isEqualTo(b.runs.toLongArray()).hasSize(10);
        assertThat(a.batches).isEqualTo(3);
    }

    /** Keeps every run with the phase it came tagged with, or -1 when it came untagged. */
    private static final class PhaseLog implements ReferenceSink {
        final List<String> runs = new ArrayList<>();
        int batches;

        @Override
        public void accept(long[] batch, int length) {
            for (int i = 0; i < length; i++) {
                runs.add(PageRun.page(batch[i]) + "@-1");
            }
            batches++;
        }

        @Override
        public void accept(long[] batch, int[] phases, int length) {
            for (int i = 0; i < length; i++) {
                runs.add(PageRun.page(batch[i]) + "@" + phases[i]);
            }
            batches++;
        }
    }

    /** Pages 0..9, one run each, the program entering phase 1 at page 3 (mid-run: the run keeps its first phase). */
    private static void record(ReferenceRecorder recorder) {
        for (int page = 0; page < 10; page++) {
            recorder.reference(page, false);
            if (page == 3) {
                recorder.enterPhase(1);
            }
            recorder.reference(page, false);
            if (page == 6) {
                recorder.enterPhase(2);
            }
        }
        recorder.finish();
    }

    @Test
    void eachBatchCarriesItsRunsPhasesThroughEveryComposedSink() {
        List<String> expected = List.of("0@0", "1@0", "2@0", "3@0", "4@1", "5@1", "6@1", "7@2", "8@2", "9@2");
        PhaseLog first = new PhaseLog();
        PhaseLog second = new PhaseLog();
        RecordingSink plain = new RecordingSink();
        ReferenceRecorder inOrder = new ReferenceRecorder(new FanOut(List.of(first, plain)), 4);
        inOrder.trackPhases();
        record(inOrder);
        try (ParallelFanOut sideBySide = new ParallelFanOut(List.of(second, new RecordingSink()), 2)) {
            ReferenceRecorder parallel = new ReferenceRecorder(sideBySide, 4);
            parallel.trackPhases();
            record(parallel);
        }
        assertThat(first.runs).isEqualTo(expected);
        assertThat(second.runs).isEqualTo(expected);
        assertThat(first.batches).isEqualTo(3);
        assertThat(plain.runs.size()).as("a sink that ignores phases sees the same runs").isEqualTo(10);
    }

    @Test
    void withoutTrackingBatchesComeUntaggedAndTheRunsAreCutTheSame() {
        PhaseLog log = new PhaseLog();
        record(new ReferenceRecorder(new FanOut(List.of(log)), 4));
        assertThat(log.runs).hasSize(10).allMatch(run -> run.endsWith("@-1"));
    }

    @Test
    void packsLargePagesAndCounts() {
        long run = PageRun.pack(Integer.MAX_VALUE, PageRun.MAX_COUNT, true);
        assertThat(PageRun.page(run)).isEqualTo(Integer.MAX_VALUE);
        assertThat(PageRun.count(run)).isEqualTo(PageRun.MAX_COUNT);
        assertThat(PageRun.isWrite(run)).isTrue();
        assertThat(PageRun.isWrite(PageRun.pack(7, 1, false))).isFalse();
    }

    /** The merge compares page and count in one word: pages that differ only far from the low bits stay apart. */
    @Property
    void pagesAtTheEndsOfTheRangeMergeOnlyWithThemselves(
            @ForAll @Size(max = 200) List<@IntRange(max = 5) Integer> picks) {
        int[] extremes = {0, 1, Integer.MAX_VALUE - 1, Integer.MAX_VALUE, 1 << 30, (1 << 30) + 1};
        RecordingSink sink = new RecordingSink();
        // merging: no bitmap of the pages, which would take 256 MB for the largest
        ReferenceRecorder recorder = ReferenceRecorder.merging(sink);
        picks.forEach(k -> recorder.reference(extremes[k], false));
        recorder.finish();
        long expectedRuns = 0;
        for (int i = 0; i < picks.size(); i++) {
            expectedRuns += i == 0 || !picks.get(i).equals(picks.get(i - 1)) ? 1 : 0;
        }
        assertThat(sink.runs.size()).isEqualTo(expectedRuns);
        int i = 0;
        for (long run : sink.runs) {
            for (int k = 0; k < PageRun.count(run); k++) {
                assertThat(PageRun.page(run)).isEqualTo(extremes[picks.get(i++)]);
            }
        }
        assertThat(recorder.references()).isEqualTo(picks.size());
    }

    @Test
    void aRunThatReachesTheLargestCountEndsAndTheNextBegins() {
        RecordingSink sink = new RecordingSink();
        ReferenceRecorder recorder = new ReferenceRecorder(sink);
        for (long i = 0; i < PageRun.MAX_COUNT + 2L; i++) {
            recorder.reference(7, i == PageRun.MAX_COUNT);
        }
        assertThat(recorder.references()).isEqualTo(PageRun.MAX_COUNT + 2L);
        recorder.finish();
        assertThat(sink.runs.toLongArray()).containsExactly(PageRun.pack(7, PageRun.MAX_COUNT, false),
                PageRun.pack(7, 2, true));
    }

    @Property
    void runsExpandBackToTheReferenceString(@ForAll @Size(max = 300) List<@IntRange(max = 6) Integer> pages,
                                            @ForAll @IntRange(min = 1, max = 8) int batch) {
        RecordingSink sink = new RecordingSink();
        ReferenceRecorder recorder = new ReferenceRecorder(sink, batch);
        pages.forEach(p -> recorder.reference(p, (p & 1) == 0));
        recorder.finish();

        int i = 0;
        long previousPage = -1;
        for (long run : sink.runs) {
            assertThat((long) PageRun.page(run)).isNotEqualTo(previousPage);
            previousPage = PageRun.page(run);
            for (int k = 0; k < PageRun.count(run); k++) {
                assertThat(PageRun.page(run)).isEqualTo(pages.get(i++));
            }
            assertThat(PageRun.isWrite(run)).isEqualTo((PageRun.page(run) & 1) == 0);
        }
        assertThat(i).isEqualTo(pages.size());
        assertThat(recorder.references()).isEqualTo(pages.size());
        assertThat(recorder.distinctPages()).isEqualTo((int) pages.stream().distinct().count());
    }
}
