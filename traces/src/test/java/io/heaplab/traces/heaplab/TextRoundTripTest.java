package io.heaplab.traces.heaplab;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.traces.TraceArbitraries;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.TraceWriter;
import io.heaplab.traces.Traces;
import io.heaplab.traces.Traces.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class TextRoundTripTest {

    @Provide
    Arbitrary<Trace> traces() {
        return TraceArbitraries.traces(TraceArbitraries.pages(), TraceArbitraries.smallCounts(), 300);
    }

    @Property(tries = 300)
    void replayGivesTheRunsWrittenMergedAsTheRecorderWould(@ForAll("traces") Trace trace,
            @ForAll @IntRange(min = 1, max = 500) int batchSize) throws IOException {
        Path file = Files.createTempFile("heaplab-roundtrip", ".txt");
        try {
            TraceWriter writer = Traces.write(file, TraceFormat.TEXT, 512, false, trace, batchSize);
            assertThat(writer.references()).isEqualTo(trace.references());
            try (TraceReader reader = TraceFiles.open(file, null, null)) {
                assertThat(reader.pageSize()).isEqualTo(512);
            }
            Trace expected = Traces.merged(trace);
            Trace read = Traces.read(file);
            assertThat(read.runs()).containsExactly(expected.runs());
            assertThat(read.markers()).isEqualTo(expected.markers());
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** The recorder's own output, the text writer's real input, comes back run for run: nothing merges. */
    @Property(tries = 200)
    void theRecordersRunsComeBackUnchanged(@ForAll("references") List<Integer> references,
            @ForAll @IntRange(min = 0, max = 400) int measureAt) throws IOException {
        Path file = Files.createTempFile("heaplab-recorder", ".txt");
        try {
            List<Long> recorded = new ArrayList<>();
            List<Integer> markers = new ArrayList<>();
            TraceWriter writer = TraceFiles.create(file, TraceFormat.TEXT, 4096, false);
            ReferenceSink keeper = new ReferenceSink() {
                @Override
                public void accept(long[] runs, int length) {
                    for (int i = 0; i < length; i++) {
                        recorded.add(runs[i]);
                    }
                }

                @Override
                public void startMeasuring() {
                    markers.add(recorded.size());
                }
            };
            ReferenceRecorder recorder = new ReferenceRecorder(List.of(writer, keeper));
            for (int i = 0; i < references.size(); i++) {
                if (i == measureAt) {
                    recorder.startMeasuring();
                }
                int reference = references.get(i);
                recorder.reference(reference >> 1, (reference & 1) != 0);
            }
            recorder.finish();
            writer.commit();
            writer.close();
            Trace read = Traces.read(file);
            assertThat(read.runs()).containsExactly(TraceArbitraries.trace(recorded, markers).runs());
            assertThat(read.markers()).isEqualTo(markers);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Provide
    Arbitrary<List<Integer>> references() {
        // page << 1 | write, pages 0..5 so that consecutive repeats are common
        return net.jqwik.api.Arbitraries.integers().between(0, 11).list().ofMaxSize(400);
    }
}
