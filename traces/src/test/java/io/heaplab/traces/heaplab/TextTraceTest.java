package io.heaplab.traces.heaplab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.Traces;
import io.heaplab.traces.Traces.Trace;
import io.heaplab.traces.kit.AsciiLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextTraceTest {

    @TempDir
    Path dir;
    Path file;

    @BeforeEach
    void name() {
        file = dir.resolve("t.txt");
    }

    private Trace read(String content) throws IOException {
        Files.writeString(file, content);
        return Traces.read(file, TraceFormat.TEXT, null);
    }

    private String failure(String content) throws IOException {
        Files.writeString(file, content);
        Throwable thrown = catchThrowable(() -> Traces.read(file, TraceFormat.TEXT, null));
        assertThat(thrown).isInstanceOf(TraceFormatException.class);
        return thrown.getMessage();
    }

    @Test
    void consecutiveLinesOfOnePageMergeIntoOneRunThatWroteIfAnyLineDid() throws IOException {
        Trace trace = read("# heaplab trace v1 page-size=512\n3\n3 W\n3 r\n4\n\n# a comment\n4\t w \n3\n");
        assertThat(trace.runs()).containsExactly(PageRun.pack(3, 3, true), PageRun.pack(4, 2, true),
                PageRun.pack(3, 1, false));
    }

    @Test
    void theMeasureLineEndsTheRunAndMarksThePhase() throws IOException {
        Trace trace = read("7\n7\n# measure\n7\n  #   measure  \n# measured is a comment\n8\n");
        assertThat(trace.runs()).containsExactly(PageRun.pack(7, 2, false), PageRun.pack(7, 1, false),
                PageRun.pack(8, 1, false));
        assertThat(trace.markers()).containsExactly(1, 2);
    }

    @Test
    void withoutHeaderThePageSizeIsUnknown() throws IOException {
        Files.writeString(file, "1\r\n2 W\r\n");
        try (TraceReader reader = TraceFiles.open(file, null, null)) {
            assertThat(reader.pageSize()).isZero();
        }
        assertThat(Traces.read(file).runs()).containsExactly(PageRun.pack(1, 1, false), PageRun.pack(2, 1, true));
        assertThat(read("").runs()).isEmpty();
        assertThat(read("# heaplab trace v1").runs()).isEmpty();
    }

    @Test
    void theWriterWritesOneLinePerReferenceWithTheWriteOnTheFirst() throws IOException {
        Traces.write(file, TraceFormat.TEXT, 64, false, new Trace(new long[] {
                PageRun.pack(12, 3, true), PageRun.pack(0, 1, false), PageRun.pack(Integer.MAX_VALUE, 2, false)},
                java.util.List.of(1)), 2);
        assertThat(Files.readString(file)).isEqualTo("# heaplab trace v1 page-size=64\n12 W\n12\n12\n# measure\n0\n"
                + "2147483647\n2147483647\n");
    }

    @Test
    void garbageLinesNameTheLineAndWhatWasExpected() throws IOException {
        assertThat(failure("1\n2\nx12\n")).isEqualTo(file
                + ": line 3: 'x12' is not a page number (expected: PAGE or PAGE R|W)");
        assertThat(failure("# heaplab trace v1 page-size=4096\n\n# comment\n-1\n")).isEqualTo(file
                + ": line 4: '-1' is not a page number (expected: PAGE or PAGE R|W)");
        assertThat(failure("12W\n")).isEqualTo(file
                + ": line 1: '12W' is not a page number (expected: PAGE or PAGE R|W)");
        assertThat(failure("1\n12 X\n")).isEqualTo(file
                + ": line 2: 'X' is not R or W (expected: PAGE or PAGE R|W)");
        assertThat(failure("12 Write\n")).isEqualTo(file
                + ": line 1: 'Write' is not R or W (expected: PAGE or PAGE R|W)");
        assertThat(failure("12 W 3\n")).isEqualTo(file
                + ": line 1: unexpected '3' after the access (expected: PAGE or PAGE R|W)");
    }

    @Test
    void pagesMustFitAnInt() throws IOException {
        assertThat(failure("2147483647\n2147483648\n")).isEqualTo(file
                + ": line 2: page '2147483648' is out of range (expected: 0 to 2147483647)");
        assertThat(failure("99999999999999999999999999\n")).contains("line 1: page '9999", "is out of range");
    }

    @Test
    void aMalformedHeaderIsReportedOnLineOne() throws IOException {
        assertThat(failure("# heaplab trace v2 page-size=4096\n1\n")).isEqualTo(file
                + ": line 1: unsupported text trace version 'v2' (expected: v1)");
        assertThat(failure("# heaplab trace v1 page-size=100\n1\n")).isEqualTo(file
                + ": line 1: page size '100' (expected: a power of 2, or 0 for unknown)");
        assertThat(failure("# heaplab trace v1 page-size=lots\n")).contains("line 1: page size 'lots'");
        assertThat(failure("# heaplab trace v1 colour=blue\n")).isEqualTo(file
                + ": line 1: unknown header field 'colour=blue' (expected: # heaplab trace v1 page-size=N)");
        assertThat(failure("# heaplab trace\n")).contains("line 1: the header names no version");
    }

    /** Found by fuzzing: a header's words were shown raw, so a carriage return in one split the message. */
    @Test
    void aHeadersWordsAreShownEscapedAndCutLikeALine() throws IOException {
        assertThat(failure("# heaplab trace \rv1 page-size=4096\n1\n")).isEqualTo(file
                + ": line 1: unsupported text trace version '\\x0Dv1' (expected: v1)");
        assertThat(failure("# heaplab trace v1 page-size=40\u001b[31m96\n")).isEqualTo(file
                + ": line 1: page size '40\\x1B[31m96' (expected: a power of 2, or 0 for unknown)");
        assertThat(failure("# heaplab trace v1 " + "x".repeat(10_000) + "\n")).startsWith(file
                + ": line 1: unknown header field '" + "x".repeat(60) + "...' (expected");
    }

    @Test
    void aBinaryFileReadAsTextFailsOnItsFirstLine() throws IOException {
        Files.write(file, new byte[] {0x00, 0x01, 0x02, '\n'});
        Throwable thrown = catchThrowable(() -> Traces.read(file, TraceFormat.TEXT, null));
        assertThat(thrown).isInstanceOf(TraceFormatException.class)
                .hasMessage(file + ": line 1: '\\x00\\x01\\x02' is not a page number (expected: PAGE or PAGE R|W)");
    }

    @Test
    void anEndlessLineIsRefused() throws IOException {
        assertThat(failure("1".repeat(AsciiLines.MAX_LINE_BYTES + 10))).isEqualTo(file + ": line 1: line longer than "
                + AsciiLines.MAX_LINE_BYTES + " bytes (expected a trace line)");
    }
}
