package io.heaplab.traces.libcachesim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.ZstdOutputStream;
import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.TraceConversion;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.Traces;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OracleGeneralTraceReaderTest {

    @TempDir
    Path dir;

    /** libCacheSim's records for {@code ids}: time, id, size and next access time, little-endian, 24 bytes each. */
    static byte[] records(long... ids) {
        ByteBuffer b = ByteBuffer.allocate(ids.length * OracleGeneralTraceReader.RECORD_BYTES)
                .order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < ids.length; i++) {
            b.putInt(i).putLong(ids[i]).putInt(4096).putLong(-1);
        }
        return b.array();
    }

    static byte[] zstd(byte[] plain) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new ZstdOutputStream(bytes)) {
            out.write(plain);
        }
        return bytes.toByteArray();
    }

    /** The same references as a text trace: the ids renumbered densely by first reference, one per line. */
    static String asText(long... ids) {
        java.util.Map<Long, Integer> pages = new java.util.HashMap<>();
        StringBuilder text = new StringBuilder();
        for (long id : ids) {
            text.append(pages.computeIfAbsent(id, k -> pages.size())).append('\n');
        }
        return text.toString();
    }

    @Test
    void everyRecordIsAReadOfItsObjectRenumberedDenselyHoweverLargeTheIds() throws IOException {
        long[] ids = {Long.MAX_VALUE, -1L, Long.MAX_VALUE, Long.MAX_VALUE, 7, -1L};
        Path file = Files.write(dir.resolve("w.oracleGeneral.bin"), records(ids));
        Traces.Trace trace = Traces.read(file);
        assertThat(Arrays.stream(trace.runs()).mapToObj(Traces::describe))
                .containsExactly(Traces.describe(PageRun.pack(0, 1, false)), Traces.describe(PageRun.pack(1, 1, false)),
                        Traces.describe(PageRun.pack(0, 2, false)), Traces.describe(PageRun.pack(2, 1, false)),
                        Traces.describe(PageRun.pack(1, 1, false)));
        try (TraceReader reader = TraceFiles.open(file, null, null)) {
            assertThat(reader.pageSize()).isZero();
        }
    }

    @Property(tries = 50)
    void plainOrZstdAnOracleGeneralTraceGivesWhatTheSameTraceAsTextGives(
            @ForAll @Size(min = 0, max = 3000) long[] raw, @ForAll @IntRange(min = 1, max = 64) int distinct)
            throws IOException {
        long[] ids = Arrays.stream(raw).map(v -> Math.floorMod(v, distinct) * 0x9E3779B97F4A7C15L).toArray();
        Path base = Files.createTempDirectory("oracle");
        try {
            Path plain = Files.write(base.resolve("t.oracleGeneral"), records(ids));
            Path compressed = Files.write(base.resolve("t.bin.zst"), zstd(records(ids)));
            Path text = Files.writeString(base.resolve("t.txt"), asText(ids));
            Traces.Trace expected = Traces.read(text, TraceFormat.TEXT, null);
            assertThat(Traces.read(plain).runs()).isEqualTo(expected.runs());
            assertThat(TraceFormat.detect(compressed)).isEqualTo(TraceFormat.ORACLE_GENERAL);
            assertThat(Traces.read(compressed).runs()).isEqualTo(expected.runs());
        } finally {
            try (var files = Files.list(base)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(base);
        }
    }

    @Test
    void aCutRecordIsNamedWithItsOffset() throws IOException {
        byte[] whole = records(1, 2, 3);
        Path file = Files.write(dir.resolve("cut.oracleGeneral"), Arrays.copyOf(whole, whole.length - 19));
        assertThatThrownBy(() -> Traces.read(file)).isInstanceOf(TraceFormatException.class)
                .hasMessage(file + ": byte 48: a cut record: 5 of its 24 bytes (expected: whole oracleGeneral records)");
        Path zst = Files.write(dir.resolve("cut.zst"), zstd(Arrays.copyOf(whole, whole.length - 19)));
        assertThatThrownBy(() -> Traces.read(zst)).hasMessage(zst + ": byte 48 of the zstd-decompressed records: a cut"
                + " record: 5 of its 24 bytes (expected: whole oracleGeneral records)");
    }

    @Test
    void aBadZstdFrameIsNamedWithTheFileAndWhereTheRecordsBroke() throws IOException {
        byte[] good = zstd(records(new SplittableRandom(1).longs(5000, 0, 100).toArray()));
        byte[] bad = good.clone();
        for (int i = 40; i < bad.length; i += 7) {
            bad[i] ^= 0x5A;
        }
        Path file = Files.write(dir.resolve("bad.zst"), bad);
        assertThatThrownBy(() -> Traces.read(file)).isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith(file + ": byte ").hasMessageContaining(" of the zstd-decompressed records: "
                        + "cannot read the records: ").hasMessageEndingWith("(expected: an oracleGeneral trace, plain"
                        + " or zstd-compressed)");
    }

    @Test
    void theFormatIsToldByLibCacheSimsNameOrByZstdAndNamedAsTheCommandLineTakesIt() throws IOException {
        assertThat(TraceFormat.detect(Files.write(dir.resolve("w44.oracleGeneral.bin"), records(1))))
                .isEqualTo(TraceFormat.ORACLE_GENERAL);
        assertThat(TraceFormat.detect(Files.write(dir.resolve("anything"), zstd(records(1)))))
                .isEqualTo(TraceFormat.ORACLE_GENERAL);
        assertThat(TraceFormat.ORACLE_GENERAL.label()).isEqualTo("oracle-general");
        assertThat(TraceFormat.parse("oracle-general")).isEqualTo(TraceFormat.ORACLE_GENERAL);
    }

    @Property(tries = 30)
    void aConversionToOracleGeneralReadsBackAsTheSameStream(@ForAll @Size(max = 2000) long[] raw,
            @ForAll boolean compress) throws IOException {
        long[] ids = Arrays.stream(raw).map(v -> Math.floorMod(v, 50)).toArray();
        Path base = Files.createTempDirectory("oracle-out");
        try {
            Path text = Files.writeString(base.resolve("t.txt"), asText(ids));
            Path out = base.resolve(compress ? "t.bin.zst" : "t.oracleGeneral.bin");
            TraceConversion.of(text).target(TraceFormat.ORACLE_GENERAL).compress(compress).to(out);
            byte[] bytes = Files.readAllBytes(out);
            if (ids.length > 0) {
                assertThat(OracleGeneralSpec.zstd(bytes, bytes.length)).isEqualTo(compress);
            }
            assertThat(Traces.read(out, TraceFormat.ORACLE_GENERAL, null).runs())
                    .isEqualTo(Traces.read(text, TraceFormat.TEXT, null).runs());
            if (!compress) {
                assertThat(bytes).hasSize(ids.length * OracleGeneralTraceReader.RECORD_BYTES);
            }
        } finally {
            try (var files = Files.list(base)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(base);
        }
    }

    /** The expected message of a zstd stream that breaks {@code offset} bytes into its records, whatever zstd says. */
    private static String zstdBroke(Path file, long offset) {
        return Pattern.quote(file + ": byte " + offset + " of the zstd-decompressed records: cannot read the records: ")
                + "[^\n]+" + Pattern.quote(" (expected: an oracleGeneral trace, plain or zstd-compressed)");
    }

    @Test
    void aRecordCutAfterAFullBufferOfRecordsIsNamedWithItsOffsetInTheFile() throws IOException {
        byte[] whole = records(new SplittableRandom(2).longs(8193, 0, 1000).toArray());
        Path file = Files.write(dir.resolve("long.oracleGeneral"), Arrays.copyOf(whole, whole.length - 19));
        assertThatThrownBy(() -> Traces.read(file)).isInstanceOf(TraceFormatException.class).hasMessage(file
                + ": byte 196608: a cut record: 5 of its 24 bytes (expected: whole oracleGeneral records)");
        Path short_ = Files.write(dir.resolve("short.oracleGeneral"), Arrays.copyOf(whole, 10));
        assertThatThrownBy(() -> Traces.read(short_)).hasMessage(short_
                + ": byte 0: a cut record: 10 of its 24 bytes (expected: whole oracleGeneral records)");
    }

    /** The sample holds 5000 whole records: a frame cut in its last byte or followed by junk breaks after them. */
    @Test
    void aZstdFrameCutShortOrFollowedByJunkIsNamedWhereItsRecordsBroke() throws IOException {
        byte[] sample = Files.readAllBytes(Path.of("src/test/resources/oracle/tiny.oracleGeneral.bin.zst"));
        Path cut = Files.write(dir.resolve("cut.oracleGeneral.bin.zst"), Arrays.copyOf(sample, sample.length - 1));
        assertThatThrownBy(() -> Traces.read(cut)).isInstanceOf(TraceFormatException.class)
                .hasMessageMatching(zstdBroke(cut, 5000 * OracleGeneralTraceReader.RECORD_BYTES));
        byte[] junk = Arrays.copyOf(sample, sample.length + 5);
        Arrays.fill(junk, sample.length, junk.length, (byte) 0x33);
        Path after = Files.write(dir.resolve("junk.oracleGeneral.bin.zst"), junk);
        assertThatThrownBy(() -> Traces.read(after)).isInstanceOf(TraceFormatException.class)
                .hasMessageMatching(zstdBroke(after, 5000 * OracleGeneralTraceReader.RECORD_BYTES));
        Path magicOnly = Files.write(dir.resolve("magic.oracleGeneral.bin.zst"), OracleGeneralSpec.ZSTD_MAGIC);
        assertThatThrownBy(() -> Traces.read(magicOnly)).isInstanceOf(TraceFormatException.class)
                .hasMessageMatching(zstdBroke(magicOnly, 0));
    }

    /** Only the magic tells zstd, not the name: with a wrong magic the file is plain records, its tail a cut one. */
    @Test
    void aZstdFileWithAWrongMagicIsReadAsPlainRecordsAndItsTailNamedAsCut() throws IOException {
        byte[] sample = Files.readAllBytes(Path.of("src/test/resources/oracle/tiny.oracleGeneral.bin.zst"));
        sample[3] ^= 0x01;
        Path file = Files.write(dir.resolve("bad-magic.oracleGeneral.bin.zst"), sample);
        int whole = sample.length - sample.length % OracleGeneralTraceReader.RECORD_BYTES;
        assertThatThrownBy(() -> Traces.read(file)).isInstanceOf(TraceFormatException.class).hasMessage(file
                + ": byte " + whole + ": a cut record: " + (sample.length - whole) + " of its 24 bytes (expected:"
                + " whole oracleGeneral records)");
        Path plain = Files.write(dir.resolve("plain.oracleGeneral.bin.zst"), records(5, 6, 5));
        assertThat(Traces.read(plain).runs()).containsExactly(PageRun.pack(0, 1, false), PageRun.pack(1, 1, false),
                PageRun.pack(0, 1, false));
    }

    @Test
    void anEmptyFileOrAnEmptyZstdFrameIsAnEmptyTrace() throws IOException {
        Path empty = Files.write(dir.resolve("empty.oracleGeneral.bin"), new byte[0]);
        assertThat(Traces.read(empty).runs()).isEmpty();
        Path frame = Files.write(dir.resolve("empty.oracleGeneral.bin.zst"), zstd(new byte[0]));
        assertThat(Traces.read(frame).runs()).isEmpty();
    }

    /**
     * zstd's own parallel compressor, {@code pzstd}, starts its output with a skippable frame (magic 0x184D2A50, a
     * 4-byte length, then the compressed frame's size), which {@code zstd -d} skips: such a file is zstd too.
     */
    @Test
    void aZstdFileThatStartsWithASkippableFrameIsReadThroughZstd() throws IOException {
        long[] ids = new SplittableRandom(3).longs(500, 0, 40).toArray();
        byte[] frame = zstd(records(ids));
        ByteBuffer pzstd = ByteBuffer.allocate(12 + frame.length).order(ByteOrder.LITTLE_ENDIAN)
                .putInt(0x184D2A50).putInt(4).putInt(frame.length).put(frame);
        Path file = Files.write(dir.resolve("w.oracleGeneral.bin.zst"), pzstd.array());
        Path plain = Files.write(dir.resolve("w.oracleGeneral.bin"), records(ids));
        assertThat(Traces.read(file, TraceFormat.ORACLE_GENERAL, null).runs())
                .isEqualTo(Traces.read(plain, TraceFormat.ORACLE_GENERAL, null).runs());
    }
}
