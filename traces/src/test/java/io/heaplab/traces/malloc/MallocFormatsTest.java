package io.heaplab.traces.malloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.SpecException;
import io.heaplab.traces.TraceFormatException;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each format on a trace worked by hand: heaplab's bytes one by one, Android's text, mtrace and .rep read. */
class MallocFormatsTest {

    @TempDir
    Path dir;

    /** Every op once, two threads, pointers up and down. */
    static MallocTrace small() {
        return MallocTrace.builder().provenance("t").malloc(7, 0x1000, 24).calloc(7, 0x1020, 2, 8)
                .realloc(9, 0x1040, 0x1000, 40).memalign(9, 0x2000, 64, 100).free(9, 0x1020).threadDone(9).build();
    }

    static Path resource(String name) throws URISyntaxException {
        return Path.of(MallocFormatsTest.class.getResource("/malloc/" + name).toURI());
    }

    @Test
    void heaplabsFormatWritesExactlyTheseBytes() throws IOException {
        Path file = dir.resolve("small.hmt");
        HeaplabMallocFormat.write(small(), file, false);
        String expected = "484c4d414c4f431a" + "0001" + "0000"  // magic, version 1, not deflated
                + "0174"                  // provenance "t"
                + "08" + "07" + "8040" + "18"     // malloc, new thread 7, zz(+0x1000), 24
                + "01" + "40" + "02" + "08"        // calloc, zz(+0x20), nmemb 2, element 8
                + "0a" + "09" + "40" + "7f" + "28" // realloc, new thread 9, zz(+0x20), old zz(-0x40), 40
                + "03" + "803f" + "40" + "64"      // memalign, zz(+0xfc0), alignment 64, 100
                + "04" + "bf3f"                    // free, zz(-0xfe0)
                + "05"                             // thread_done
                + "07" + "06";                     // end: 6 events
        assertThat(HexFormat.of().formatHex(Files.readAllBytes(file))).isEqualTo(expected);
        assertThat(HeaplabMallocFormat.read(file)).isEqualTo(small());
    }

    @Test
    void heaplabsFormatIsDeflatedByDefaultAndReadsBack() throws IOException {
        Path file = dir.resolve("small.hmt");
        MallocTraces.write(small(), file, MallocFormat.HEAPLAB);
        assertThat(Files.readAllBytes(file)[11]).isEqualTo((byte) 1);
        assertThat(MallocTraces.read(file)).isEqualTo(small());
        assertThat(MallocFormat.detect(file)).isEqualTo(MallocFormat.HEAPLAB);
    }

    @Test
    void androidTextIsWrittenAsTheGoldenFileAndReadBack() throws Exception {
        Path file = dir.resolve("small.txt");
        MallocTraces.write(small(), file, MallocFormat.forOutput(file));
        assertThat(Files.readString(file)).isEqualTo(Files.readString(resource("golden-android.txt")));
        assertThat(MallocTraces.read(file)).isEqualTo(small());
        assertThat(MallocFormat.detect(file)).isEqualTo(MallocFormat.ANDROID);
    }

    @Test
    void androidTextToleratesTimestampsCommentsAndPosixMemalign() throws IOException {
        Path file = dir.resolve("newer.txt");
        Files.writeString(file, "# recorded on a phone\n\n123: malloc 0xb6038060 20 1000 1010\n"
                + "123: posix_memalign 0xb6040000 16 32\n123: free 0xb6038060 1020 1030\n");
        MallocTrace trace = MallocTraces.read(file);
        assertThat(trace.events()).isEqualTo(3);
        assertThat(trace.op(1)).isEqualTo(MallocOp.MEMALIGN);
        assertThat(trace.extra(1)).isEqualTo(16);
        assertThat(trace.pointer(2)).isEqualTo(0xb6038060L);
    }

    @Test
    void mtraceOutputIsReadWithCallersReallocsAndAFailedRealloc() throws Exception {
        Path file = resource("sample.mtrace");
        assertThat(MallocFormat.detect(file)).isEqualTo(MallocFormat.MTRACE);
        MallocTrace expected = MallocTrace.builder().malloc(0, 0x1f4f460, 100).malloc(0, 0x1f4f4d0, 16)
                .realloc(0, 0x1f4f500, 0x1f4f460, 200).free(0, 0x1f4f4d0).realloc(0, 0, 0x1f4f500, 0x7fffff)
                .free(0, 0x1f4f500).build();
        assertThat(MallocTraces.read(file)).isEqualTo(expected);
    }

    @Test
    void repTracesBecomePointersPerIdAndTheirHeaderIsChecked() throws Exception {
        Path file = resource("sample.rep");
        assertThat(MallocFormat.detect(file)).isEqualTo(MallocFormat.REP);
        MallocTrace expected = MallocTrace.builder().malloc(0, 16, 512).malloc(0, 32, 128).realloc(0, 16, 16, 640)
                .free(0, 32).free(0, 16).build();
        assertThat(MallocTraces.read(file)).isEqualTo(expected);
        Path wrong = dir.resolve("wrong.rep");
        Files.writeString(wrong, "100\n2\n3\n1\na 0 8\nf 0\n");
        assertThatThrownBy(() -> MallocTraces.read(wrong)).isInstanceOf(TraceFormatException.class)
                .hasMessage(wrong + ": line 3: the header says 3 operations (expected: 2, the operations the file"
                        + " holds)");
    }

    @Test
    void theTracesOwnLiveProfileCountsReallocOnceAndUnknownFreesApart() {
        MallocTrace trace = MallocTrace.builder().malloc(1, 0x10, 100).malloc(1, 0x20, 50)
                .realloc(1, 0x30, 0x10, 300)   // 100 -> 300: live 350, never 450
                .free(1, 0x20).free(1, 0x999)  // an unknown pointer
                .free(1, 0).malloc(1, 0, 10)   // free(NULL), a malloc that failed
                .memalign(1, 0x40, 64, 20).build();
        MallocTrace.LiveProfile profile = trace.liveProfile();
        assertThat(profile.peakLiveBytes()).isEqualTo(350);
        assertThat(profile.liveBytesAtEnd()).isEqualTo(320);
        assertThat(profile.liveBlocksAtEnd()).isEqualTo(2);
        assertThat(profile.unknownFrees()).isEqualTo(1);
        assertThat(profile.failedCalls()).isEqualTo(1);
    }

    @Test
    void aFileOfNoKnownFormatAndAReadOnlyFormatAreOneLineErrors() throws IOException {
        Path file = dir.resolve("words.txt");
        Files.writeString(file, "hello world\n");
        assertThatThrownBy(() -> MallocTraces.read(file)).isInstanceOf(SpecException.class)
                .hasMessageStartingWith(file + ": not a malloc trace heaplab knows (expected: ");
        assertThatThrownBy(() -> MallocTraces.write(small(), dir.resolve("x"), MallocFormat.MTRACE))
                .isInstanceOf(SpecException.class).hasMessage("format: mtrace is read only (expected: heaplab or"
                        + " android to write)");
        assertThatThrownBy(() -> MallocFormat.parse("csv")).hasMessage("format: csv (expected: heaplab, android,"
                + " mtrace or rep)");
    }

    @Test
    void anUnparsableLineNamesTheFileTheLineAndWhatWasExpected() throws IOException {
        String[][] cases = {
            {"1: malloc 0x10 8\n1: mallocate 0x10 8\n", "line 2: 'mallocate' (expected: malloc, calloc, realloc,"
                    + " memalign, free or thread_done)"},
            {"1: malloc 0x10\n", "line 1: '1: malloc 0x10' (expected: TID: malloc PTR SIZE)"},
            {"1: free 0xzz\n", "line 1: pointer '0xzz' (expected: hexadecimal such as 0x7f12a000)"},
            {"1: malloc 0x10 -5\n", "line 1: number '-5' (expected: a decimal count of bytes)"},
            {"x1: free 0x10\n", "line 1: 'x1: free 0x10' (expected: a decimal thread id before the colon)"},
        };
        for (String[] c : cases) {
            Path file = dir.resolve("bad.txt");
            Files.writeString(file, c[0]);
            assertThatThrownBy(() -> AndroidMallocFormat.read(file)).isInstanceOf(TraceFormatException.class)
                    .hasMessage(file + ": " + c[1]);
        }
        Path mtrace = dir.resolve("bad.mtrace");
        Files.writeString(mtrace, "= Start\n@ ./p:[0x1] < 0x10\n@ ./p:[0x1] + 0x20 0x8\n");
        assertThatThrownBy(() -> MtraceMallocFormat.read(mtrace)).hasMessage(mtrace + ": line 3: '+' after the '<'"
                + " of line 2 (expected: '>' with the realloc's new block)");
    }

    @Test
    void aHeaplabFileCutAnywhereIsReportedAsTruncatedAtAByte() throws IOException {
        Path whole = dir.resolve("small.hmt");
        HeaplabMallocFormat.write(small(), whole, false);
        byte[] bytes = Files.readAllBytes(whole);
        for (int length = 0; length < bytes.length; length++) {
            Path cut = dir.resolve("cut.hmt");
            Files.write(cut, Arrays.copyOf(bytes, length));
            assertThatThrownBy(() -> HeaplabMallocFormat.read(cut)).as("cut at %d", length)
                    .isInstanceOf(TraceFormatException.class).hasMessageContaining(cut + ": byte ");
        }
        for (boolean deflate : new boolean[] {false, true}) {
            HeaplabMallocFormat.write(small(), whole, deflate);
            byte[] good = Files.readAllBytes(whole);
            for (int length = HeaplabMallocFormat.HEADER_BYTES; length < good.length; length++) {
                Path cut = dir.resolve("cut.hmt");
                Files.write(cut, Arrays.copyOf(good, length));
                assertThatThrownBy(() -> HeaplabMallocFormat.read(cut)).as("deflated %s, cut at %d", deflate, length)
                        .isInstanceOf(TraceFormatException.class);
            }
        }
    }

    /** Found by fuzzing: a provenance length past 2^31 failed with ArithmeticException, past 2^63 with an index error. */
    @Test
    void aProvenanceLengthOfAnySizeIsNamedAsRunningPastTheEnd() throws IOException {
        Path file = dir.resolve("long.hmt");
        String header = "484c4d414c4f431a" + "0001" + "0000";
        Files.write(file, HexFormat.of().parseHex(header + "ffffffff0f" + "74" + "0700"));
        assertThatThrownBy(() -> HeaplabMallocFormat.read(file)).isInstanceOf(TraceFormatException.class)
                .hasMessage(file + ": byte 17: a provenance of 4294967295 bytes runs past the end (truncated?)");
        Files.write(file, HexFormat.of().parseHex(header + "ffffffffffffffffff01" + "0700"));
        assertThatThrownBy(() -> HeaplabMallocFormat.read(file)).isInstanceOf(TraceFormatException.class)
                .hasMessage(file + ": byte 22: a provenance of 18446744073709551615 bytes runs past the end"
                        + " (truncated?)");
    }

    /** Found by fuzzing: the text readers showed a damaged line's bytes raw and whole, a NEL or an escape included. */
    @Test
    void aDamagedTextLineIsShownEscapedAndCut() throws IOException {
        Path android = dir.resolve("bad.txt");
        Files.write(android, "1: malloc 0x10 8\u00851\u001b[2J\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> AndroidMallocFormat.read(android)).isInstanceOf(TraceFormatException.class)
                .hasMessage(android + ": line 1: number '8\\x851\\x1B[2J' (expected: a decimal count of bytes)");
        Path rep = dir.resolve("bad.rep");
        Files.writeString(rep, "20000\n3\n1\n1\nq" + "x".repeat(10_000) + "\n");
        assertThatThrownBy(() -> RepMallocFormat.read(rep)).isInstanceOf(TraceFormatException.class)
                .hasMessage(rep + ": line 5: 'q" + "x".repeat(59) + "...' (expected: a, r or f)");
        Path mtrace = dir.resolve("bad.mtrace");
        Files.write(mtrace, "@ ./p:[0x1] \u001a 0x10 0x8\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> MtraceMallocFormat.read(mtrace)).isInstanceOf(TraceFormatException.class)
                .hasMessage(mtrace + ": line 1: '@ ./p:[0x1] \\x1A 0x10 0x8' (expected: [@ CALLER] followed by"
                        + " '+ PTR SIZE', '- PTR', '< PTR', '> PTR SIZE' or '! PTR SIZE')");
    }

    @Test
    void anotherVersionUnknownFlagsAndTrailingBytesAreNamed() throws IOException {
        Path file = dir.resolve("small.hmt");
        HeaplabMallocFormat.write(small(), file, false);
        byte[] bytes = Files.readAllBytes(file);
        byte[] version = bytes.clone();
        version[9] = 2;
        Files.write(file, version);
        assertThatThrownBy(() -> HeaplabMallocFormat.read(file)).hasMessage(file + ": byte 8: version 2 (expected:"
                + " 1)");
        byte[] flags = bytes.clone();
        flags[11] = 4;
        Files.write(file, flags);
        assertThatThrownBy(() -> HeaplabMallocFormat.read(file)).hasMessage(file + ": byte 10: flags 0x4 (expected:"
                + " 0 or 1, bit 0 = deflated)");
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        Files.write(file, longer);
        assertThatThrownBy(() -> HeaplabMallocFormat.read(file)).hasMessage(file + ": byte " + bytes.length
                + ": bytes after the end record (expected: nothing)");
        Files.write(file, "HLTRACE".getBytes(StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> HeaplabMallocFormat.read(file)).hasMessageStartingWith(file
                + ": byte 0: not a heaplab malloc trace");
    }
}
