package io.heaplab.traces.libcachesim;

import io.heaplab.core.trace.ObjectSizes;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.kit.DensePages;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Reads libCacheSim's {@code oracleGeneral} binary trace: 24-byte little-endian records of a {@code uint32} clock
 * time, a {@code uint64} object id, a {@code uint32} object size and an {@code int64} next-access time, with no
 * header. Each record is one read reference; its object becomes a page, renumbered densely by {@link DensePages}.
 * A {@code .zst} file is read through zstd (see {@link OracleGeneralSpec}).
 */
final class OracleGeneralTraceReader implements TraceReader {

    /** Bytes per record. */
    static final int RECORD_BYTES = 24;

    /** Records read at a time. */
    private static final int RECORDS_PER_READ = 8192;

    private final Path file;
    private final InputStream in;
    private final String where;
    private boolean replayed;
    /** Where each object's size goes as it first comes, or null when no one asked. */
    private ObjectSizes sizes;

    /**
     * Reads {@code in}, the records (decompressed already when the file is zstd), named {@code file} in messages;
     * {@code where} says in what the byte offsets count (empty for the file itself, {@code " of the zstd-decompressed
     * records"} otherwise). Closes {@code in} on {@link #close()}.
     */
    OracleGeneralTraceReader(Path file, InputStream in, String where) {
        this.file = file;
        this.in = in;
        this.where = where;
    }

    @Override
    public TraceFormatSpec format() {
        return TraceFormat.ORACLE_GENERAL;
    }

    @Override
    public int pageSize() {
        return 0; // object ids, not addresses
    }

    @Override
    public long replay(ReferenceSink sink) throws IOException {
        if (replayed) {
            throw new IllegalStateException(file + ": a trace reader replays once");
        }
        replayed = true;
        ReferenceRecorder out = ReferenceRecorder.merging(sink);
        DensePages pages = new DensePages();
        byte[] buffer = new byte[RECORDS_PER_READ * RECORD_BYTES];
        long[] ids = new long[RECORDS_PER_READ];
        int[] pageOf = new int[RECORDS_PER_READ];
        long offset = 0;
        while (true) {
            int filled = fill(buffer, offset);
            int whole = filled - filled % RECORD_BYTES;
            int records = whole / RECORD_BYTES;
            for (int r = 0; r < records; r++) {
                ids[r] = id(buffer, r * RECORD_BYTES + 4);
            }
            int full = pages.pages(ids, records, pageOf);
            if (full >= 0) {
                throw TraceFormatException.atByte(file, offset + (long) full * RECORD_BYTES, where, "more than "
                        + DensePages.MAX_PAGES + " distinct objects (expected: at most that many, the most heaplab"
                        + " renumbers)", null);
            }
            if (sizes != null) {
                for (int r = 0; r < records; r++) {
                    sizes.request(pageOf[r], size(buffer, r * RECORD_BYTES + 12));
                }
            }
            for (int r = 0; r < records; r++) {
                out.reference(pageOf[r], false);
            }
            offset += whole;
            if (filled < buffer.length) {
                if (filled != whole) {
                    throw TraceFormatException.atByte(file, offset, where, "a cut record: " + (filled - whole)
                            + " of its " + RECORD_BYTES + " bytes (expected: whole oracleGeneral records)", null);
                }
                break;
            }
        }
        out.flush();
        return out.references();
    }

    /** Reads until {@code buffer} is full or the records end; the bytes read. */
    private int fill(byte[] buffer, long offset) throws IOException {
        int filled = 0;
        try {
            while (filled < buffer.length) {
                int n = in.read(buffer, filled, buffer.length - filled);
                if (n < 0) {
                    break;
                }
                filled += n;
            }
        } catch (IOException e) {
            // zstd reports a corrupt frame as an IOException of its own: named here with where the records broke
            throw TraceFormatException.atByte(file, offset + filled, where, "cannot read the records: "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                    + " (expected: an oracleGeneral trace, plain or zstd-compressed)", e);
        }
        return filled;
    }

    /** An unaligned little-endian long in a byte array, one bounds check and one load. */
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static long id(byte[] b, int at) {
        return (long) LONG.get(b, at);
    }

    /** The record's {@code uint32} object size, as the bits of an int ({@link ObjectSizes} reads it unsigned). */
    private static int size(byte[] b, int at) {
        return (int) INT.get(b, at);
    }

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    /** Each record carries its object's size. */
    @Override
    public boolean recordSizes(ObjectSizes sizes) {
        this.sizes = sizes;
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
