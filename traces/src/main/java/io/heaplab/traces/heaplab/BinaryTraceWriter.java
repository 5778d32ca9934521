package io.heaplab.traces.heaplab;

import static io.heaplab.traces.heaplab.BinaryTraceFormat.CONTROL_END;
import static io.heaplab.traces.heaplab.BinaryTraceFormat.CONTROL_MEASURE;
import static io.heaplab.traces.heaplab.BinaryTraceFormat.KIND_CONTROL;
import static io.heaplab.traces.heaplab.BinaryTraceFormat.KIND_SINGLE;
import static io.heaplab.traces.heaplab.BinaryTraceFormat.KIND_WRITE_RUN;

import io.heaplab.core.files.PendingFile;
import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.TraceWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/** Writes runs in the {@linkplain BinaryTraceFormat binary format}, encoding them by hand into one reused buffer. */
final class BinaryTraceWriter implements TraceWriter {

    private final Path file;
    private final PendingFile pending;
    private final Deflater deflater;
    /** Where encoded bytes go: the file, or a deflater in front of it. */
    private final OutputStream body;
    private final byte[] buffer = new byte[BinaryTraceFormat.BUFFER_BYTES];
    private int filled;

    private long previousPage;
    private long runs;
    private long references;

    BinaryTraceWriter(Path file, int pageSize, boolean compress) throws IOException {
        this.file = file;
        this.pending = new PendingFile(file);
        try {
            byte[] header = new byte[BinaryTraceFormat.HEADER_BYTES];
            System.arraycopy(BinaryTraceFormat.MAGIC, 0, header, 0, BinaryTraceFormat.MAGIC.length);
            header[8] = (byte) (BinaryTraceFormat.VERSION >>> 8);
            header[9] = (byte) BinaryTraceFormat.VERSION;
            int flags = compress ? BinaryTraceFormat.FLAG_DEFLATED : 0;
            header[10] = (byte) (flags >>> 8);
            header[11] = (byte) flags;
            header[12] = (byte) (pageSize >>> 24);
            header[13] = (byte) (pageSize >>> 16);
            header[14] = (byte) (pageSize >>> 8);
            header[15] = (byte) pageSize;
            pending.stream().write(header);
        } catch (IOException | RuntimeException e) {
            pending.close();
            throw e;
        }
        this.deflater = compress ? new Deflater(Deflater.DEFAULT_COMPRESSION) : null;
        this.body = compress
                ? new DeflaterOutputStream(pending.stream(), deflater, BinaryTraceFormat.BUFFER_BYTES)
                : pending.stream();
    }

    @Override
    public void accept(long[] batch, int length) {
        checkOpen();
        byte[] b = buffer;
        for (int i = 0; i < length; i++) {
            long run = batch[i];
            int page = PageRun.page(run);
            int count = PageRun.count(run);
            if (page < 0 || count <= 0) {
                throw new IllegalArgumentException("run " + Long.toHexString(run) + ": page " + page + ", count "
                        + count + " (expected: a page from 0 and a count from 1)");
            }
            if (filled > b.length - BinaryTraceFormat.MAX_RECORD_BYTES) {
                drain();
            }
            long delta = page - previousPage;
            long zigzag = (delta << 1) ^ (delta >> 63);
            previousPage = page;
            boolean write = PageRun.isWrite(run);
            if (count == 1) {
                filled = putVarint(b, filled, zigzag << 3 | (write ? 4 : 0) | KIND_SINGLE);
            } else {
                filled = putVarint(b, filled, zigzag << 2 | (write ? KIND_WRITE_RUN : 0));
                filled = putVarint(b, filled, count);
            }
            references += count;
        }
        runs += length;
    }

    /** Writes the measure marker, so a reader calls {@code startMeasuring()} at the same place. */
    @Override
    public void startMeasuring() {
        checkOpen();
        control(CONTROL_MEASURE);
    }

    /** Nothing to do: only {@link #commit()} completes the file. */
    @Override
    public void finish() {
    }

    @Override
    public void commit() throws IOException {
        checkOpen();
        control(CONTROL_END);
        filled = putVarint(buffer, filled, runs);
        filled = putVarint(buffer, filled, references);
        try {
            drainOrThrow();
            if (deflater != null) {
                ((DeflaterOutputStream) body).finish();
            }
            pending.commit();
        } finally {
            release();
        }
    }

    @Override
    public long references() {
        return references;
    }

    @Override
    public void close() throws IOException {
        try {
            pending.close();
        } finally {
            release();
        }
    }

    private void control(int code) {
        if (filled > buffer.length - BinaryTraceFormat.MAX_RECORD_BYTES) {
            drain();
        }
        filled = putVarint(buffer, filled, (long) code << 2 | KIND_CONTROL);
    }

    private void release() {
        if (deflater != null) {
            deflater.end();
        }
    }

    private void checkOpen() {
        if (!pending.isOpen()) {
            throw new IllegalStateException(file + ": the trace writer is already committed or closed");
        }
    }

    private void drain() {
        try {
            drainOrThrow();
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
    }

    private void drainOrThrow() throws IOException {
        body.write(buffer, 0, filled);
        filled = 0;
    }

    /** Unsigned LEB128: seven bits a byte, low first, the high bit set on every byte but the last. */
    static int putVarint(byte[] b, int at, long value) {
        while ((value & ~0x7FL) != 0) {
            b[at++] = (byte) (value | 0x80);
            value >>>= 7;
        }
        b[at++] = (byte) value;
        return at;
    }
}
