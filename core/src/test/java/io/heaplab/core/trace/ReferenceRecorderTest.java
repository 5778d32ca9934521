package io.heaplab.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

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
        ReferenceRecorder recorder = new ReferenceRecorder(List.of(sink));
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
        ReferenceRecorder recorder = new ReferenceRecorder(List.of(sink));
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
        ReferenceRecorder recorder = new ReferenceRecorder(List.of(sink));
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
        ReferenceRecorder recorder = new ReferenceRecorder(List.of(a, b), 4);
        for (int i = 0; i < 10; i++) {
            recorder.reference(i, false);
        }
        recorder.finish();
        assertThat(a.runs.toLongArray()).isEqualTo(b.runs.toLongArray()).hasSize(10);
        assertThat(a.batches).isEqualTo(3);
    }

    @Test
    void packsLargePagesAndCounts() {
        long run = PageRun.pack(Integer.MAX_VALUE, PageRun.MAX_COUNT, true);
        assertThat(PageRun.page(run)).isEqualTo(Integer.MAX_VALUE);
        assertThat(PageRun.count(run)).isEqualTo(PageRun.MAX_COUNT);
        assertThat(PageRun.isWrite(run)).isTrue();
        assertThat(PageRun.isWrite(PageRun.pack(7, 1, false))).isFalse();
    }

    @Property
    void runsExpandBackToTheReferenceString(@ForAll @Size(max = 300) List<@IntRange(max = 6) Integer> pages,
                                            @ForAll @IntRange(min = 1, max = 8) int batch) {
        RecordingSink sink = new RecordingSink();
        ReferenceRecorder recorder = new ReferenceRecorder(List.of(sink), batch);
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
