package io.heaplab.traces.heaplab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.Traces;
import io.heaplab.traces.Traces.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BinaryMalformedTest {

    static final byte[] HEADER = HexFormat.of().parseHex("484c54524143451a" + "0001" + "0000" + "00001000");

    @TempDir
    Path dir;
    Path file;

    @BeforeEach
    void name() {
        file = dir.resolve("trace.hlt");
    }

    /** A trace with single references, runs, a multi-byte count and a marker: cuts fall in every kind of record. */
    private byte[] valid(boolean compress) throws IOException {
        Path source = dir.resolve("valid.hlt");
        Traces.write(source, TraceFormat.BINARY, 4096, compress, new Trace(new long[] {
                PageRun.pack(3, 1, false), PageRun.pack(70_000, 500, true), PageRun.pack(2, 1, true),
                PageRun.pack(2_000_000_000, PageRun.MAX_COUNT, false)}, List.of(2)), 2);
        return Files.readAllBytes(source);
    }

    private TraceFormatException failure(byte[] content) throws IOException {
        Files.write(file, content);
        Throwable thrown = catchThrowable(() -> Traces.read(file, TraceFormat.BINARY, null));
        assertThat(thrown).as("reading %s", HexFormat.of().formatHex(content)).isInstanceOf(TraceFormatException.class);
        assertThat(thrown.getMessage()).startsWith(file + ": byte ");
        return (TraceFormatException) thrown;
    }

    private TraceFormatException failureOfBody(String hex) throws IOException {
        byte[] body = HexFormat.of().parseHex(hex);
        byte[] content = Arrays.copyOf(HEADER, HEADER.length + body.length);
        System.arraycopy(body, 0, content, HEADER.length, body.length);
        return failure(content);
    }

    @Test
    void aCutAnywhereIsReportedAsTruncated() throws IOException {
        byte[] whole = valid(false);
        for (int cut = 0; cut < whole.length; cut++) {
            String message = failure(Arrays.copyOf(whole, cut)).getMessage();
            if (cut < BinaryTraceFormat.HEADER_BYTES) {
                assertThat(message).isEqualTo(file + ": byte " + cut + ": truncated header (expected 16 bytes, found "
                        + cut + ": the file was cut short)");
            } else {
                assertThat(message).contains("the file was cut short");
                assertThat(message).containsAnyOf("truncated record", "ends without its end record");
            }
        }
    }

    @Test
    void aCutBetweenTwoRecordsIsCaughtByTheMissingEndRecord() throws IOException {
        // header, then a single reference (1 byte): the file ends exactly after a whole record
        assertThat(failureOfBody("02").getMessage()).isEqualTo(file + ": byte 17: the trace ends without its end"
                + " record (expected a record: the file was cut short)");
        // inside a run record: head 0x00 (read run, same page), then the count is missing
        assertThat(failureOfBody("00").getMessage()).isEqualTo(file + ": byte 16: truncated record: the trace"
                + " ends 1 bytes into it (expected the rest of its run count: the file was cut short)");
        // inside a multi-byte varint head
        assertThat(failureOfBody("0280").getMessage()).contains("byte 17: truncated record",
                "rest of its record head");
        // inside the end record's totals
        assertThat(failureOfBody("020701").getMessage()).contains("byte 17: truncated record",
                "rest of its end record");
    }

    @Test
    void aCutAnywhereInACompressedTraceIsReportedToo() throws IOException {
        byte[] whole = valid(true);
        for (int cut = BinaryTraceFormat.HEADER_BYTES; cut < whole.length; cut++) {
            assertThat(failure(Arrays.copyOf(whole, cut)).getMessage())
                    .contains("the compressed body ends early (expected more deflate data: the file was cut short)");
        }
    }

    @Test
    void wrongMagic() throws IOException {
        byte[] gif = "GIF89a\0\0 and more bytes".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(failure(gif).getMessage()).isEqualTo(file
                + ": byte 0: not a heaplab binary trace (expected the magic HLTRACE\\x1A, found GIF89a\\x00\\x00)");
    }

    @Test
    void unsupportedVersion() throws IOException {
        byte[] content = valid(false);
        content[9] = 7;
        assertThat(failure(content).getMessage())
                .isEqualTo(file + ": byte 8: unsupported format version 7 (expected: 1)");
    }

    @Test
    void unknownFlags() throws IOException {
        byte[] content = valid(false);
        content[11] = 4;
        assertThat(failure(content).getMessage()).isEqualTo(file
                + ": byte 10: unknown flags 0x0004 (expected: 0x0000, or 0x0001 for a deflated body)");
    }

    @Test
    void pageSizeNotAPowerOfTwo() throws IOException {
        byte[] content = valid(false);
        content[14] = 0;
        content[15] = 100;
        assertThat(failure(content).getMessage())
                .isEqualTo(file + ": byte 12: page size 100 (expected: a power of 2, or 0 for unknown)");
        content[12] = (byte) 0x80;  // 2^31 is a power of two but no int
        content[15] = 0;
        assertThat(failure(content).getMessage()).contains("byte 12: page size 2147483648 (expected");
    }

    @Test
    void runCountOfZeroOrBeyondAnInt() throws IOException {
        assertThat(failureOfBody("0000").getMessage())
                .isEqualTo(file + ": byte 16: run count 0 (expected: 1 to 2147483647)");
        assertThat(failureOfBody("02" + "008080808008").getMessage())  // count 2^31
                .isEqualTo(file + ": byte 17: run count 2147483648 (expected: 1 to 2147483647)");
        assertThat(failureOfBody("00ffffffff7f").getMessage())  // a 5-byte count of 2^35-1
                .contains("byte 16: run count 34359738367 (expected: 1 to 2147483647)");
        assertThat(failureOfBody("00ffffffffff01").getMessage())
                .contains("byte 16: run count varint longer than 5 bytes");
    }

    @Test
    void pageBelowZeroOrBeyondAnInt() throws IOException {
        // single reference with zz(Δ) = 1, Δ = -1, from page 0
        assertThat(failureOfBody("0a").getMessage())
                .isEqualTo(file + ": byte 16: page -1 (expected: 0 to 2147483647)");
        // to page 2^31-1 (zz = 2^32-2, head zz<<3|2), then one further
        long head = ((1L << 32) - 2) << 3 | 2;
        byte[] varint = new byte[5];
        int length = BinaryTraceWriter.putVarint(varint, 0, head);
        String toMax = HexFormat.of().formatHex(varint, 0, length);
        assertThat(failureOfBody(toMax + "12").getMessage())
                .isEqualTo(file + ": byte 21: page 2147483648 (expected: 0 to 2147483647)");
        assertThat(failureOfBody("ffffffffff01").getMessage()).contains("record head varint longer than 5 bytes");
    }

    @Test
    void unknownControlRecord() throws IOException {
        assertThat(failureOfBody("17").getMessage())
                .isEqualTo(file + ": byte 16: unknown control record 5 (expected: 0 measure or 1 end)");
    }

    @Test
    void endRecordTotalsMustMatch() throws IOException {
        assertThat(failureOfBody("02" + "07" + "0201").getMessage()).isEqualTo(file + ": byte 17: the end record"
                + " counts 2 runs of 1 references (expected: the 1 runs of 1 references read)");
        assertThat(failureOfBody("02" + "07" + "0102").getMessage()).contains("counts 1 runs of 2 references");
    }

    @Test
    void nothingMayFollowTheEndRecord() throws IOException {
        assertThat(failureOfBody("070000" + "02").getMessage())
                .isEqualTo(file + ": byte 19: data after the end record (expected the end of the trace)");
        byte[] compressed = valid(true);
        byte[] longer = Arrays.copyOf(compressed, compressed.length + 1);
        assertThat(failure(longer).getMessage()).isEqualTo(file + ": byte " + compressed.length
                + ": data after the end of the compressed body (expected the end of the file)");
    }

    @Test
    void corruptCompressedStream() throws IOException {
        byte[] content = valid(true);
        content[16] ^= (byte) 0xFF;  // the zlib header: noticed once its two bytes are in
        assertThat(failure(content).getMessage()).isEqualTo(file
                + ": byte 18: corrupt compressed body (incorrect header check) (expected a zlib deflate stream)");
    }

    @Test
    void everyCorruptByteOfACompressedBodyIsCaught() throws IOException {
        byte[] whole = valid(true);
        Files.write(file, whole);
        long[] runs = Traces.read(file).runs();
        for (int i = BinaryTraceFormat.HEADER_BYTES; i < whole.length; i++) {
            for (int mask : new int[] {0x01, 0x80, 0xFF}) {
                byte[] content = whole.clone();
                content[i] ^= (byte) mask;
                Files.write(file, content);
                Throwable thrown = catchThrowable(() -> {
                    // the padding bits after the last deflate block carry nothing: flipping them changes no run
                    assertThat(Traces.read(file, TraceFormat.BINARY, null).runs()).containsExactly(runs);
                });
                if (thrown != null) {
                    // every other corruption the Adler-32 check, if nothing earlier, notices
                    assertThat(thrown).isInstanceOf(TraceFormatException.class);
                    assertThat(thrown.getMessage()).startsWith(file + ": byte ");
                }
            }
        }
    }

    @Test
    void aCorruptPlainBodyNeverEscapesAsAnotherException() throws IOException {
        byte[] whole = valid(false);
        for (int i = 0; i < whole.length; i++) {
            for (int mask : new int[] {0x01, 0x40, 0x80, 0xFF}) {
                byte[] content = whole.clone();
                content[i] ^= (byte) mask;
                Files.write(file, content);
                Throwable thrown = catchThrowable(() -> Traces.read(file, TraceFormat.BINARY, null));
                // no checksum: a flip may still decode, as another valid trace; otherwise it is a format error
                if (thrown != null) {
                    assertThat(thrown).isInstanceOf(TraceFormatException.class);
                    assertThat(thrown.getMessage()).startsWith(file + ": byte ");
                }
            }
        }
    }

    @Test
    void detectionSendsTruncatedAndForeignBinaryFilesToTheBinaryReader() throws IOException {
        Files.write(file, Arrays.copyOf(valid(false), 3));
        assertThat(TraceFormat.detect(file)).isEqualTo(TraceFormat.BINARY);
        assertThatThrownBy(() -> TraceFiles.open(file, null, null)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("truncated header");
    }
}
