package io.heaplab.traces.heaplab;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.traces.ReadOptions;
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
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BinaryRoundTripTest {

    @Provide
    Arbitrary<Trace> traces() {
        return TraceArbitraries.traces(TraceArbitraries.pages(), TraceArbitraries.anyCounts(), 400);
    }

    @Provide
    Arbitrary<Integer> pageSizes() {
        return Arbitraries.of(0, 64, 512, 4096, 1 << 20, 1 << 30);
    }

    @Property(tries = 300)
    void replayGivesExactlyTheRunsWritten(@ForAll("traces") Trace trace, @ForAll boolean compress,
            @ForAll @IntRange(min = 1, max = 5000) int batchSize, @ForAll("pageSizes") int pageSize)
            throws IOException {
        Path file = Files.createTempFile("heaplab-roundtrip", ".hlt");
        try {
            TraceWriter writer = Traces.write(file, TraceFormat.BINARY, pageSize, compress, trace, batchSize);
            assertThat(writer.references()).isEqualTo(trace.references());
            try (TraceReader reader = TraceFiles.open(file, null, null)) {
                assertThat(reader.pageSize()).isEqualTo(pageSize);
            }
            Trace read = Traces.read(file);
            assertThat(read.runs()).containsExactly(trace.runs());
            assertThat(read.markers()).isEqualTo(trace.markers());
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void manyBatchesOfRunsComeBackInFullBatches(@TempDir Path dir) throws IOException {
        long[] runs = new long[3 * ReferenceRecorder.BATCH + 17];
        for (int i = 0; i < runs.length; i++) {
            runs[i] = io.heaplab.core.trace.PageRun.pack(i % 1000, 1 + i % 7, i % 3 == 0);
        }
        Trace trace = new Trace(runs, java.util.List.of(5000));
        for (boolean compress : new boolean[] {false, true}) {
            Path file = dir.resolve("many-" + compress + ".hlt");
            Traces.write(file, TraceFormat.BINARY, 4096, compress, trace, 333);
            Trace read = Traces.read(file, TraceFormat.BINARY, ReadOptions.defaults());
            assertThat(read.runs()).containsExactly(runs);
            assertThat(read.markers()).containsExactly(5000);
        }
    }

    @Test
    void anEmptyTraceReadsBackEmpty(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("empty.hlt");
        Traces.write(file, TraceFormat.BINARY, 512, false, new Trace(new long[0], java.util.List.of(0)), 1);
        Trace read = Traces.read(file);
        assertThat(read.runs()).isEmpty();
        assertThat(read.markers()).containsExactly(0);
    }
}
