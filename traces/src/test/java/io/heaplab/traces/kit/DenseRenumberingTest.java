package io.heaplab.traces.kit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.traces.RecordingSink;
import io.heaplab.traces.TraceArbitraries;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.Traces;
import io.heaplab.traces.Traces.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Replaying a heaplab trace densely: pages numbered by first reference, everything else as recorded. */
class DenseRenumberingTest {

    @Provide
    Arbitrary<Trace> sparseTraces() {
        return TraceArbitraries.traces(TraceArbitraries.pages(), TraceArbitraries.anyCounts(), 300);
    }

    /** Binary (plain or deflated) and text traces of pages anywhere up to 2^31 - 1. */
    @Property(tries = 60)
    void aDenseReplayIsTheReplayWithEachPageNumberedByItsFirstReference(@ForAll("sparseTraces") Trace trace,
            @ForAll boolean compress) throws IOException {
        Path dir = Files.createTempDirectory("dense");
        try {
            Path file = dir.resolve("t.hlt");
            Traces.write(file, TraceFormat.BINARY, 0, compress, trace, 7);
            Trace sparse = Traces.read(file);
            Trace dense = readDense(file);
            assertThat(dense.markers()).isEqualTo(sparse.markers());
            assertThat(dense.runs()).isEqualTo(renumbered(sparse.runs()));
        } finally {
            try (var files = Files.list(dir)) {
                files.forEach(f -> f.toFile().delete());
            }
            Files.delete(dir);
        }
    }

    @Test
    void aTextTraceOfTheLargestPageNumbersReplaysAsPagesZeroOneTwo() throws IOException {
        Path file = Files.createTempFile("sparse", ".txt");
        try {
            Files.writeString(file, "2147483647 W\n0\n0\n2147483647\n# measure\n100000000\n");
            Trace dense = readDense(file);
            assertThat(dense.runs()).containsExactly(PageRun.pack(0, 1, true), PageRun.pack(1, 2, false),
                    PageRun.pack(0, 1, false), PageRun.pack(2, 1, false));
            assertThat(dense.markers()).containsExactly(3);
        } finally {
            Files.delete(file);
        }
    }

    @Test
    void moreDistinctPagesThanTheTableTakesFailNamingTheFileAndTheRun() {
        RecordingSink sink = new RecordingSink();
        DenseRenumbering dense = new DenseRenumbering(Path.of("t.hlt"), sink, new DensePages(2));
        long[] batch = new long[ReferenceRecorder.BATCH];
        batch[0] = PageRun.pack(9, 1, false);
        batch[1] = PageRun.pack(7, 1, false);
        dense.accept(batch, 2);
        batch[0] = PageRun.pack(9, 1, false);
        batch[1] = PageRun.pack(5, 1, false);
        assertThatThrownBy(() -> dense.accept(batch, 2)).isInstanceOf(TraceFormatException.class)
                .hasMessage("t.hlt: run 4: more than " + DensePages.MAX_PAGES + " distinct pages (expected: at most"
                        + " that many, the most heaplab renumbers)");
    }

    private static Trace readDense(Path file) throws IOException {
        try (TraceReader reader = TraceFiles.open(file, null, null)) {
            RecordingSink sink = new RecordingSink();
            assertThat(reader.replayDense(sink)).isEqualTo(sink.references());
            return new Trace(sink.runs(), sink.markers());
        }
    }

    private static long[] renumbered(long[] runs) {
        Map<Integer, Integer> pages = new HashMap<>();
        long[] out = new long[runs.length];
        for (int i = 0; i < runs.length; i++) {
            int page = pages.computeIfAbsent(PageRun.page(runs[i]), p -> pages.size());
            out[i] = PageRun.pack(page, PageRun.count(runs[i]), PageRun.isWrite(runs[i]));
        }
        return out;
    }
}
