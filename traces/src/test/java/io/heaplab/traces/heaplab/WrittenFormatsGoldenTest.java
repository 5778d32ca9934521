package io.heaplab.traces.heaplab;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.testing.GoldenFile;
import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.Traces;
import io.heaplab.traces.Traces.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pins both written formats byte for byte, so a change to either is a deliberate one. After such a change,
 * regenerate the files with {@code mvn -B -ntp test -pl traces -Dtest=WrittenFormatsGoldenTest -Dheaplab.golden.update=true}
 * (see {@code src/test/resources/golden/README.md}) and review the diff.
 */
class WrittenFormatsGoldenTest {

    static final Path GOLDEN = GoldenFile.DIR;

    /** Small, but covers both kinds of run record, both markers, multi-byte varints and the extreme pages. */
    static final Trace FIXED = new Trace(new long[] {
            PageRun.pack(0, 1, false),
            PageRun.pack(1, 3, true),
            PageRun.pack(0, 2, false),
            PageRun.pack(2, 1, true),
            PageRun.pack(5, 1, false),
            PageRun.pack(3, 130, false),
            PageRun.pack(1_000_000, 2, true),
            PageRun.pack(999_990, 1, false),
            PageRun.pack(Integer.MAX_VALUE, 1, true),
            PageRun.pack(0, 4, false),
    }, List.of(4));

    @Test
    void binaryTraceMatchesItsGoldenFile(@TempDir Path dir) throws IOException {
        checkGolden(dir, "fixed.hlt", TraceFormat.BINARY);
    }

    @Test
    void textTraceMatchesItsGoldenFile(@TempDir Path dir) throws IOException {
        checkGolden(dir, "fixed.txt", TraceFormat.TEXT);
    }

    @Test
    void compressedTraceReadsBackTheFixedRuns(@TempDir Path dir) throws IOException {
        // deflate output may differ between zlib builds, so the compressed form is not pinned, only read back
        Path file = dir.resolve("fixed.hlt.z");
        Traces.write(file, TraceFormat.BINARY, 512, true, FIXED, 3);
        assertThat(Traces.read(file).runs()).containsExactly(FIXED.runs());
    }

    /** The layout worked out by hand from BinaryTraceFormat's table. */
    @Test
    void binaryRecordsAreLaidOutAsDocumented(@TempDir Path dir) throws IOException {
        Trace trace = new Trace(new long[] {
                PageRun.pack(0, 1, false),   // single, zz(0)=0: 0<<3|0<<2|10 = 0x02
                PageRun.pack(1, 3, true),    // write run, zz(+1)=2: 2<<2|01 = 0x09, count 0x03
                PageRun.pack(0, 1, true),    // single, zz(-1)=1: 1<<3|1<<2|10 = 0x0E
                PageRun.pack(64, 200, false) // read run, zz(+64)=128: 128<<2 = 512 = 0x80 0x04; count 200 = 0xC8 0x01
        }, List.of(3));                     // measure 0x03 before the last run; end 0x07, runs 4, references 205
        Path file = dir.resolve("hand.hlt");
        Traces.write(file, TraceFormat.BINARY, 4096, false, trace, 10);
        assertThat(HexFormat.of().formatHex(Files.readAllBytes(file))).isEqualTo(
                "484c54524143451a"                         // H L T R A C E 0x1A
                        + "0001" + "0000" + "00001000"     // version 1, flags 0, page size 4096
                        + "02" + "0903" + "0e" + "03" + "8004c801" + "07" + "04" + "cd01");
    }

    private static void checkGolden(Path dir, String name, TraceFormat format) throws IOException {
        Path written = dir.resolve(name);
        Traces.write(written, format, 4096, false, FIXED, 4);
        GoldenFile.assertMatches(name, Files.readAllBytes(written));
        Path golden = GOLDEN.resolve(name);
        // and the golden file itself reads back as the fixed trace (nothing adjacent merges in FIXED)
        Trace read = Traces.read(golden);
        assertThat(read.runs()).containsExactly(FIXED.runs());
        assertThat(read.markers()).isEqualTo(FIXED.markers());
        try (TraceReader reader = TraceFiles.open(golden, null, null)) {
            assertThat(reader.pageSize()).isEqualTo(4096);
        }
    }
}
