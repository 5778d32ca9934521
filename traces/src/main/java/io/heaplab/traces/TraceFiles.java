package io.heaplab.traces;

import com.github.luben.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Opens trace files for replay and creates them for recording: the entry point of this module. */
public final class TraceFiles {

    private TraceFiles() {
    }

    /**
     * Opens {@code file} for one replay. A binary or text header is read and checked here, so {@link
     * TraceReader#pageSize()} is known before replaying.
     *
     * @param format  the file's format, or {@code null} to {@linkplain TraceFormat#detect detect} it
     * @param options page size and instruction fetches for lackey traces; {@code null} for the defaults
     * @throws TraceFormatException when the header is malformed
     */
    public static TraceReader open(Path file, TraceFormat format, ReadOptions options) throws IOException {
        TraceFormat actual = format != null ? format : TraceFormat.detect(file);
        ReadOptions read = options != null ? options : ReadOptions.defaults();
        return switch (actual) {
            case BINARY -> new BinaryTraceReader(file);
            case TEXT -> new TextTraceReader(file);
            case LACKEY -> new LackeyTraceReader(file, read);
            case ORACLE_GENERAL -> oracleGeneral(file, new BufferedInputStream(Files.newInputStream(file),
                    BinaryTraceFormat.BUFFER_BYTES));
            case IDS -> new IdTraceReader(file, Files.newInputStream(file), read);
            case ARC -> new ArcTraceReader(file, Files.newInputStream(file));
            case ADDRESS -> new AddressTraceReader(file, Files.newInputStream(file), read);
        };
    }

    /**
     * Opens a stream for one replay, as {@link #open(Path, TraceFormat, ReadOptions)} opens a file: standard
     * input, say, or a pipe from valgrind. Closing the reader closes {@code in}.
     *
     * @param name    what messages call the stream (a file name, or {@code "standard input"})
     * @param format  the stream's format, or {@code null} to {@linkplain TraceFormat#detect(InputStream) detect} it
     * @param options page size and instruction fetches for lackey traces; {@code null} for the defaults
     * @throws TraceFormatException when the header is malformed
     */
    public static TraceReader open(InputStream in, String name, TraceFormat format, ReadOptions options)
            throws IOException {
        Path file = Path.of(name);
        InputStream buffered = in.markSupported() ? in : new BufferedInputStream(in, BinaryTraceFormat.BUFFER_BYTES);
        TraceFormat actual = format != null ? format : TraceFormat.detect(buffered);
        ReadOptions read = options != null ? options : ReadOptions.defaults();
        return switch (actual) {
            case BINARY -> new BinaryTraceReader(file, buffered);
            case TEXT -> new TextTraceReader(file, buffered);
            case LACKEY -> new LackeyTraceReader(file, buffered, read);
            case ORACLE_GENERAL -> oracleGeneral(file, buffered);
            case IDS -> new IdTraceReader(file, buffered, read);
            case ARC -> new ArcTraceReader(file, buffered);
            case ADDRESS -> new AddressTraceReader(file, buffered, read);
        };
    }

    /**
     * An oracleGeneral reader of {@code in}, through zstd when it starts with zstd's magic (a bad frame is then
     * named with the offset in the decompressed records at which it broke).
     */
    private static TraceReader oracleGeneral(Path file, InputStream in) throws IOException {
        in.mark(TraceFormat.ZSTD_MAGIC.length);
        byte[] head = in.readNBytes(TraceFormat.ZSTD_MAGIC.length);
        in.reset();
        if (!TraceFormat.zstd(head)) {
            return new OracleGeneralTraceReader(file, in, "");
        }
        try {
            return new OracleGeneralTraceReader(file, new ZstdInputStream(in), " of the zstd-decompressed records");
        } catch (IOException e) {
            in.close();
            throw TraceFormatException.atByte(file, 0, "", "not a zstd frame: " + e.getMessage(), e);
        }
    }

    /**
     * Starts writing a trace that appears at {@code file} on {@link TraceWriter#commit()}.
     *
     * @param format   {@link TraceFormat#BINARY} or {@link TraceFormat#TEXT}; lackey traces come from valgrind
     * @param pageSize bytes per page the recorded run used (a power of 2), or 0 when unknown
     * @param compress whether to deflate a binary trace's body; text traces are not compressed
     */
    public static TraceWriter create(Path file, TraceFormat format, int pageSize, boolean compress)
            throws IOException {
        if (!BinaryTraceFormat.isPageSize(pageSize)) {
            throw new IllegalArgumentException("pageSize: " + pageSize + " (expected: a power of 2, or 0 for unknown)");
        }
        if (format == null) {
            throw new IllegalArgumentException("format: null (expected: binary, text or oracle-general)");
        }
        return switch (format) {
            case BINARY -> new BinaryTraceWriter(file, pageSize, compress);
            case TEXT -> {
                if (compress) {
                    throw new IllegalArgumentException("compress: a text trace is written plain"
                            + " (expected: the binary format for a compressed trace)");
                }
                yield new TextTraceWriter(file, pageSize);
            }
            case ORACLE_GENERAL -> new OracleGeneralTraceWriter(file, pageSize, compress);
            case LACKEY, IDS, ARC, ADDRESS -> throw new IllegalArgumentException("format: " + format.label()
                    + " traces are read, not written (expected: binary, text or oracle-general)");
        };
    }
}
