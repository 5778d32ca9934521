package io.heaplab.traces.libcachesim;

import com.github.luben.zstd.ZstdInputStream;
import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.TraceWriter;
import io.heaplab.traces.kit.DescribedFormat;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * libCacheSim's {@code oracleGeneral} records ({@link OracleGeneralTraceReader}), plain or zstd-compressed: read
 * and written; told by libCacheSim's naming or zstd's magic, since the records have none.
 */
public final class OracleGeneralSpec extends DescribedFormat {

    public OracleGeneralSpec() {
        super("oracle-general", "oracle-general (libCacheSim's binary records, plain or .zst)", References.IDS);
    }

    /** The zstd frame magic, little-endian {@code 0xFD2FB528}: libCacheSim ships its traces compressed with it. */
    static final byte[] ZSTD_MAGIC = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD};

    /** What libCacheSim's traces are named with, as in {@code w44.oracleGeneral.bin.zst}. */
    private static final String NAME = "oraclegeneral";

    /** Bytes read from the file at a time. */
    private static final int BUFFER_BYTES = 1 << 18;

    /**
     * A reader of {@code in}, through zstd when it starts with zstd's magic (a bad frame is then named with the
     * offset in the decompressed records at which it broke).
     */
    @Override
    public TraceReader open(InputStream stream, Path name, ReadOptions options) throws IOException {
        InputStream in = stream.markSupported() ? stream : new BufferedInputStream(stream, BUFFER_BYTES);
        in.mark(ZSTD_MAGIC.length);
        byte[] head = in.readNBytes(ZSTD_MAGIC.length);
        in.reset();
        if (!zstd(head, head.length)) {
            return new OracleGeneralTraceReader(name, in, "");
        }
        try {
            return new OracleGeneralTraceReader(name, new ZstdInputStream(in), " of the zstd-decompressed records");
        } catch (IOException e) {
            in.close();
            throw TraceFormatException.atByte(name, 0, "", "not a zstd frame: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean writes() {
        return true;
    }

    @Override
    public TraceWriter create(Path file, int pageSize, boolean compress) throws IOException {
        return new OracleGeneralTraceWriter(file, pageSize, compress);
    }

    @Override
    public String byName(String name) {
        return name.contains(NAME) ? "its name says oracleGeneral" : null;
    }

    @Override
    public String bySignature(byte[] head, int length) {
        return zstd(head, length) ? "it starts with a zstd frame" : null;
    }

    /**
     * Whether {@code head} starts a zstd stream: a frame, or a skippable frame (magic {@code 0x184D2A5?},
     * little-endian), which parallel compressors such as pzstd put first.
     */
    static boolean zstd(byte[] head, int length) {
        if (length < ZSTD_MAGIC.length) {
            return false;
        }
        boolean skippable = (head[0] & 0xF0) == 0x50 && head[1] == 0x2A && head[2] == 0x4D && head[3] == 0x18;
        return skippable || Arrays.equals(head, 0, ZSTD_MAGIC.length, ZSTD_MAGIC, 0, ZSTD_MAGIC.length);
    }
}
