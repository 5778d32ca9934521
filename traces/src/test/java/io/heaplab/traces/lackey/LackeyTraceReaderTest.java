package io.heaplab.traces.lackey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.RecordingSink;
import io.heaplab.traces.TraceArbitraries;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.Traces;
import io.heaplab.traces.Traces.Trace;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LackeyTraceReaderTest {

    static final String HEADER = """
            ==1497== Lackey, an example Valgrind tool
            ==1497== Command: ./tiny
            ==1497==\s
            """;

    @TempDir
    Path dir;
    Path file;

    @BeforeEach
    void name() {
        file = dir.resolve("t.lackey");
    }

    private Trace read(String content, ReadOptions options) throws IOException {
        Files.writeString(file, content);
        return Traces.read(file, TraceFormat.LACKEY, options);
    }

    private String failure(String content) throws IOException {
        Files.writeString(file, content);
        Throwable thrown = catchThrowable(() -> Traces.read(file, null, null));
        assertThat(thrown).isInstanceOf(TraceFormatException.class);
        return thrown.getMessage();
    }

    @Test
    void anAccessAcrossAPageBoundaryTouchesBothPages() throws IOException {
        Trace trace = read(HEADER + " S 0ffe,4\n L 1000,1\n L fff,1\n", ReadOptions.defaults());
        // 0xffe..0x1001 spans pages 0 and 1 (ids 0 and 1); the load at 0x1000 extends page 1's run
        assertThat(trace.runs()).containsExactly(PageRun.pack(0, 1, true), PageRun.pack(1, 2, true),
                PageRun.pack(0, 1, false));
        // with 64-byte pages, 200 bytes from 0x30 are pages 0..3 of the address space: four references
        assertThat(read(" L 30,200\n", new ReadOptions(64, false)).runs()).containsExactly(PageRun.pack(0, 1, false),
                PageRun.pack(1, 1, false), PageRun.pack(2, 1, false), PageRun.pack(3, 1, false));
        // the last byte of an access decides: 0x1000 + 4096 - 1 is still page 1
        assertThat(read(" L 1000,4096\n", ReadOptions.defaults()).runs()).containsExactly(PageRun.pack(0, 1, false));
    }

    @Test
    void storesAndModifiesWriteLoadsRead() throws IOException {
        Trace trace = read(" L 1000,8\n S 3000,8\n L 5000,8\n M 7000,4\n", ReadOptions.defaults());
        assertThat(trace.runs()).containsExactly(PageRun.pack(0, 1, false), PageRun.pack(1, 1, true),
                PageRun.pack(2, 1, false), PageRun.pack(3, 1, true));
    }

    @Test
    void instructionFetchesCountOnlyWhenAskedFor() throws IOException {
        String lines = HEADER + "I  00401000,3\n L 7ff000010,8\nI  00401003,5\n S 7ff000010,8\n";
        assertThat(read(lines, new ReadOptions(4096, false)).runs()).containsExactly(PageRun.pack(0, 2, true));
        assertThat(read(lines, new ReadOptions(4096, true)).runs()).containsExactly(PageRun.pack(0, 1, false),
                PageRun.pack(1, 1, false), PageRun.pack(0, 1, false), PageRun.pack(1, 1, true));
    }

    @Test
    void pagesAreNumberedDenselyInOrderOfFirstAppearance() throws IOException {
        Trace trace = read(" L ffffffffffff0000,8\n L 1000,8\n L ffffffffffff0008,8\n L 7fff00001000,1\n L 1fff,1\n",
                ReadOptions.defaults());
        assertThat(trace.runs()).containsExactly(PageRun.pack(0, 1, false), PageRun.pack(1, 1, false),
                PageRun.pack(0, 1, false), PageRun.pack(2, 1, false), PageRun.pack(1, 1, false));
        // the very last byte of the address space is an ordinary page, even with 1-byte pages
        assertThat(read(" L ffffffffffffffff,1\n L 0,1\n", new ReadOptions(1, false)).runs())
                .containsExactly(PageRun.pack(0, 1, false), PageRun.pack(1, 1, false));
    }

    @Test
    void logAndBlankLinesAreSkippedButGarbageIsNot() throws IOException {
        assertThat(read(HEADER + "\n L 10,4\n==1497== Exit code: 0\n", ReadOptions.defaults()).references())
                .isEqualTo(1);
        String expected = " (expected: 'I  ADDR,SIZE', ' L ADDR,SIZE', ' S ADDR,SIZE' or ' M ADDR,SIZE' with a"
                + " hexadecimal ADDR and a decimal SIZE, or a '==' log line)";
        assertThat(failure(HEADER + " L 10,4\nhello world\n"))
                .isEqualTo(file + ": line 5: 'hello world' is not a lackey line" + expected);
        assertThat(failure(HEADER + " X 10,4\n")).isEqualTo(file + ": line 4: ' X 10,4' is not a lackey line" + expected);
        assertThat(failure(HEADER + " L 10\n")).isEqualTo(file + ": line 4: ' L 10' is not a lackey access" + expected);
        assertThat(failure(HEADER + " L 0x10,4\n")).contains("line 4: ' L 0x10,4' is not a lackey access");
        assertThat(failure(HEADER + " S 10,4 extra\n")).contains("line 4: ' S 10,4 extra' is not a lackey access");
        assertThat(failure(HEADER + " L 10000000000000000,4\n"))  // 17 hex digits: beyond 64 bits
                .contains("line 4: ' L 10000000000000000,4' is not a lackey access");
    }

    @Test
    void impossibleSizesAreRefused() throws IOException {
        assertThat(failure(HEADER + " L 10,0\n")).isEqualTo(file
                + ": line 4: access size 0 in ' L 10,0' (expected: 1 to 65536 bytes)");
        assertThat(failure(HEADER + " L 10,65537\n")).contains("line 4: access size 65537 in");
        assertThat(failure(HEADER + " L 10,99999999999999\n")).contains("line 4: access size 2147483647 or more in");
        assertThat(failure(HEADER + " L fffffffffffffffe,4\n")).isEqualTo(file + ": line 4: access"
                + " ' L fffffffffffffffe,4' runs past the end of the 64-bit address space (expected: ADDR + SIZE <= 2^64)");
    }

    @Test
    void thePageSizeIsTheOptionsOne() throws IOException {
        Files.writeString(file, HEADER);
        try (TraceReader reader = TraceFiles.open(file, null, new ReadOptions(512, true))) {
            assertThat(reader.pageSize()).isEqualTo(512);
            assertThat(reader.replay(new RecordingSink())).isZero();
        }
    }

    // ---- the real trace ----

    static Path realTrace() throws URISyntaxException {
        return Path.of(LackeyTraceReaderTest.class.getResource("/lackey/tiny.lackey").toURI());
    }

    @Test
    void theRealTraceIsDetectedAsLackey() throws Exception {
        assertThat(TraceFormat.detect(realTrace())).isEqualTo(TraceFormat.LACKEY);
    }

    @Test
    void theRealTraceGivesWhatAStraightforwardReadingOfItsLinesGives() throws Exception {
        for (boolean instructions : new boolean[] {false, true}) {
            Trace expected = reimplementation(Files.readAllLines(realTrace()), 4096, instructions);
            Trace read = Traces.read(realTrace(), null, new ReadOptions(4096, instructions));
            assertThat(read.runs()).as("instructions %s", instructions).containsExactly(expected.runs());
            assertThat(read.markers()).isEmpty();
        }
        // the same counts, worked out once more outside Java (a Python loop over the lines, see the README):
        // references, runs and distinct pages
        assertThat(summary(Traces.read(realTrace(), null, new ReadOptions(4096, false)))).containsExactly(1818, 728, 8);
        assertThat(summary(Traces.read(realTrace(), null, new ReadOptions(4096, true)))).containsExactly(5093, 3634, 10);
    }

    @Test
    void theRealTracesCrossingStoreTouchesTwoPages() throws Exception {
        // the memcpy of 8 bytes to 3 bytes before the end of big's first page: ' S 004a8ffd,8'
        List<String> lines = Files.readAllLines(realTrace());
        assertThat(lines).contains(" S 004a8ffd,8");
        Trace expected = reimplementation(lines, 4096, false);
        Trace withoutCrossing = reimplementation(lines.stream().map(l -> l.equals(" S 004a8ffd,8") ? " S 004a8ffd,1" : l)
                .toList(), 4096, false);
        assertThat(expected.references() - withoutCrossing.references()).isEqualTo(2);  // two such lines
    }

    private static long[] summary(Trace trace) {
        return new long[] {trace.references(), trace.runs().length,
                java.util.Arrays.stream(trace.runs()).map(PageRun::page).distinct().count()};
    }

    /** The obvious reading: a regex per line, a HashMap for the ids, and the core recorder for the runs. */
    private static Trace reimplementation(List<String> lines, int pageSize, boolean instructions) {
        Pattern access = Pattern.compile("(I | [LSM]) +([0-9a-f]+),([0-9]+)");
        List<Long> runs = new ArrayList<>();
        ReferenceSink keep = (batch, length) -> {
            for (int i = 0; i < length; i++) {
                runs.add(batch[i]);
            }
        };
        ReferenceRecorder recorder = new ReferenceRecorder(List.of(keep));
        Map<Long, Integer> ids = new HashMap<>();
        for (String line : lines) {
            if (line.startsWith("==")) {
                continue;
            }
            Matcher m = access.matcher(line);
            assertThat(m.matches()).as(line).isTrue();
            String kind = m.group(1).trim();
            if (kind.equals("I") && !instructions) {
                continue;
            }
            long address = Long.parseUnsignedLong(m.group(2), 16);
            long size = Long.parseLong(m.group(3));
            for (long page = address / pageSize; page <= (address + size - 1) / pageSize; page++) {
                int id = ids.computeIfAbsent(page, p -> ids.size());
                recorder.reference(id, kind.equals("S") || kind.equals("M"));
            }
        }
        recorder.finish();
        return TraceArbitraries.trace(runs, List.of());
    }
}
