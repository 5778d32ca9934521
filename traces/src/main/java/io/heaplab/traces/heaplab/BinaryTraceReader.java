package io.heaplab.traces.heaplab;

import static io.heaplab.traces.heaplab.BinaryTraceFormat.CONTROL_END;
import static io.heaplab.traces.heaplab.BinaryTraceFormat.CONTROL_MEASURE;
import static io.heaplab.traces.heaplab.BinaryTraceFormat.HEADER_BYTES;
import static io.heaplab.traces.heaplab.BinaryTraceFormat.KIND_CONTROL;
import static io.heaplab.traces.heaplab.BinaryTraceFormat.KIND_SINGLE;
import static io.heaplab.traces.heaplab.BinaryTraceFormat.KIND_WRITE_RUN;
import static io.heaplab.traces.heaplab.BinaryTraceFormat.MAX_COUNT_BYTES;
import static io.heaplab.traces.heaplab.BinaryTraceFormat.MAX_HEAD_BYTES;
import static io.heaplab.traces.heaplab.BinaryTraceFormat.MAX_RECORD_BYTES;
import static io.heaplab.traces.heaplab.BinaryTraceFormat.MAX_TOTAL_BYTES;

import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.kit.DenseRenumbering;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Reads the {@linkplain BinaryTraceFormat binary format}. Replay is benchmarked against replaying an in-memory
 * {@code long[]}, so the body is decoded by hand from one large byte buffer, in two tiers: a tight loop takes run
 * records while the buffer surely holds a whole one, and a general decoder, one record at a time, takes the rest
 * (control records, the buffer's last bytes, which it refills first, and anything malformed, which it reports).
 * The buffer is refilled only when fewer bytes than the longest record remain, so no record is split by a refill.
 */
final class BinaryTraceReader implements TraceReader {

    private final Path file;
    private final InputStream in;
    private final InflatedBody inflated;
    private final int pageSize;

    private final byte[] buffer = new byte[BinaryTraceFormat.BUFFER_BYTES];
    private int position;
    private int limit;
    /** Body offset of {@code buffer[0]}. */
    private long bufferStart;
    private boolean bodyEnded;
    private boolean replayed;

    /** Reads {@code in}, named {@code file} in messages; closes it on failure and on {@link #close()}. */
    BinaryTraceReader(Path file, InputStream in) throws IOException {
        this.file = file;
        this.in = in;
        try {
            byte[] header = in.readNBytes(HEADER_BYTES);
            if (!BinaryTraceFormat.startsLikeMagic(header, header.length)) {
                int shown = Math.min(header.length, BinaryTraceFormat.MAGIC.length);
                throw TraceFormatException.atByte(file, 0, "not a heaplab binary trace (expected the magic "
                        + BinaryTraceFormat.magicText() + ", found " + BinaryTraceFormat.describe(header, shown) + ")");
            }
            if (header.length < HEADER_BYTES) {
                throw TraceFormatException.atByte(file, header.length, "truncated header (expected "
                        + HEADER_BYTES + " bytes, found " + header.length + ": the file was cut short)");
            }
            int version = (header[8] & 0xFF) << 8 | header[9] & 0xFF;
            if (version != BinaryTraceFormat.VERSION) {
                throw TraceFormatException.atByte(file, 8, "unsupported format version " + version
                        + " (expected: " + BinaryTraceFormat.VERSION + ")");
            }
            int flags = (header[10] & 0xFF) << 8 | header[11] & 0xFF;
            if ((flags & ~BinaryTraceFormat.KNOWN_FLAGS) != 0) {
                throw TraceFormatException.atByte(file, 10, String.format(
                        "unknown flags 0x%04X (expected: 0x0000, or 0x0001 for a deflated body)", flags));
            }
            long pages = (header[12] & 0xFFL) << 24 | (header[13] & 0xFF) << 16 | (header[14] & 0xFF) << 8
                    | header[15] & 0xFF;
            if (!BinaryTraceFormat.isPageSize(pages)) {
                throw TraceFormatException.atByte(file, 12, "page size " + pages
                        + " (expected: a power of 2, or 0 for unknown)");
            }
            this.pageSize = (int) pages;
            this.inflated = (flags & BinaryTraceFormat.FLAG_DEFLATED) != 0
                    ? new InflatedBody(file, in, HEADER_BYTES)
                    : null;
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    @Override
    public TraceFormatSpec format() {
        return TraceFormat.BINARY;
    }

    @Override
    public int pageSize() {
        return pageSize;
    }

    /** Renumbers: a heaplab trace keeps the page numbers it was recorded with, which may be sparse. */
    @Override
    public long replayDense(ReferenceSink sink) throws IOException {
        return replay(new DenseRenumbering(file, sink));
    }

    @Override
    public long replay(ReferenceSink sink) throws IOException {
        if (replayed) {
            throw new IllegalStateException(file + ": a trace reader replays once");
        }
        replayed = true;
        ReferenceRecorder out = ReferenceRecorder.merging(sink);
        byte[] b = buffer;
        long page = 0;
        long runs = 0;
        while (true) {
            // The fast path: run records while the buffer surely holds a whole one, with the position in a local
            // (through the field, each record would wait for the store of the one before) and no bounds checks
            // of our own. Anything else (control records, malformed records, the buffer's last bytes) leaves it
            // for the general decoder below, one record at a time.
            int p = position;
            int fastLimit = limit - (MAX_HEAD_BYTES + MAX_COUNT_BYTES);
            while (p <= fastLimit) {
                int q = p;
                long head = b[q++];
                if (head < 0) {
                    head &= 0x7F;
                    int next;
                    int shift = 7;
                    do {
                        next = b[q++];
                        head |= (long) (next & 0x7F) << shift;
                        shift += 7;
                    } while (next < 0 && shift < 7 * MAX_HEAD_BYTES);
                    if (next < 0) {
                        break;
                    }
                }
                int kind = (int) head & 3;
                long zigzag;
                long count;
                boolean write;
                if (kind == KIND_SINGLE) {
                    zigzag = head >>> 3;
                    write = (head & 4) != 0;
                    count = 1;
                } else if (kind != KIND_CONTROL) {
                    zigzag = head >>> 2;
                    write = kind == KIND_WRITE_RUN;
                    count = b[q++];
                    if (count < 0) {
                        count &= 0x7F;
                        int next;
                        int shift = 7;
                        do {
                            next = b[q++];
                            count |= (long) (next & 0x7F) << shift;
                            shift += 7;
                        } while (next < 0 && shift < 7 * MAX_COUNT_BYTES);
                        if (next < 0) {
                            break;
                        }
                    }
                } else {
                    break;
                }
                long candidate = page + ((zigzag >>> 1) ^ -(zigzag & 1));
                if (candidate < 0 || candidate > Integer.MAX_VALUE || count < 1 || count > PageRun.MAX_COUNT) {
                    break;
                }
                page = candidate;
                out.run(PageRun.pack((int) page, (int) count, write));
                runs++;
                p = q;
            }
            position = p;
            if (limit - position < MAX_RECORD_BYTES && !bodyEnded) {
                fill();
            }
            int start = position;
            if (start == limit) {
                throw error(start, "the trace ends without its end record (expected a record: the file was cut short)");
            }
            long head = b[start];
            if (head >= 0) {
                position = start + 1;
            } else {
                head = varint(MAX_HEAD_BYTES, start, "record head");
            }
            int kind = (int) head & 3;
            long zigzag;
            int count;
            boolean write;
            if (kind == KIND_SINGLE) {
                zigzag = head >>> 3;
                write = (head & 4) != 0;
                count = 1;
            } else if (kind != KIND_CONTROL) {
                zigzag = head >>> 2;
                write = kind == KIND_WRITE_RUN;
                long c = position < limit && b[position] >= 0 ? b[position++] : varint(MAX_COUNT_BYTES, start, "run count");
                if (c < 1 || c > PageRun.MAX_COUNT) {
                    throw error(start, "run count " + c + " (expected: 1 to " + PageRun.MAX_COUNT + ")");
                }
                count = (int) c;
            } else {
                long code = head >>> 2;
                if (code == CONTROL_MEASURE) {
                    out.startMeasuring();
                    continue;
                }
                if (code == CONTROL_END) {
                    out.flush();
                    end(start, runs, out.references());
                    return out.references();
                }
                throw error(start, "unknown control record " + code + " (expected: " + CONTROL_MEASURE
                        + " measure or " + CONTROL_END + " end)");
            }
            page += (zigzag >>> 1) ^ -(zigzag & 1);
            if (page < 0 || page > Integer.MAX_VALUE) {
                throw error(start, "page " + page + " (expected: 0 to " + Integer.MAX_VALUE + ")");
            }
            out.run(PageRun.pack((int) page, count, write));
            runs++;
        }
    }

    /** Checks the end record's totals and that nothing follows it. */
    private void end(int start, long runs, long references) throws IOException {
        long writtenRuns = varint(MAX_TOTAL_BYTES, start, "end record");
        long writtenReferences = varint(MAX_TOTAL_BYTES, start, "end record");
        if (writtenRuns != runs || writtenReferences != references) {
            throw error(start, "the end record counts " + writtenRuns + " runs of " + writtenReferences
                    + " references (expected: the " + runs + " runs of " + references + " references read)");
        }
        int after = position;
        if (after < limit || (!bodyEnded && read(buffer, 0, 1) > 0)) {
            throw error(after, "data after the end record (expected the end of the trace)");
        }
        if (inflated != null) {
            inflated.checkNothingAfter();
        }
    }

    /**
     * Unsigned LEB128 of at most {@code maxBytes}; the buffer holds a whole record unless the body ended, so
     * running out of bytes here means the file was cut inside the record that starts at {@code start}.
     */
    private long varint(int maxBytes, int start, String what) {
        byte[] b = buffer;
        int p = position;
        long value = 0;
        for (int i = 0; i < maxBytes; i++) {
            if (p == limit) {
                throw error(start, "truncated record: the trace ends " + (p - start)
                        + " bytes into it (expected the rest of its " + what + ": the file was cut short)");
            }
            int next = b[p++];
            value |= (long) (next & 0x7F) << (7 * i);
            if (next >= 0) {
                position = p;
                return value;
            }
        }
        throw error(start, what + " varint longer than " + maxBytes + " bytes (expected at most " + maxBytes + ")");
    }

    /** Moves the unread bytes to the front and reads until a whole record is buffered or the body ends. */
    private void fill() throws IOException {
        int unread = limit - position;
        System.arraycopy(buffer, position, buffer, 0, unread);
        bufferStart += position;
        position = 0;
        limit = unread;
        while (limit < MAX_RECORD_BYTES) {
            int n = read(buffer, limit, buffer.length - limit);
            if (n < 0) {
                bodyEnded = true;
                return;
            }
            limit += n;
        }
    }

    private int read(byte[] b, int offset, int length) throws IOException {
        return inflated != null ? inflated.read(b, offset, length) : in.read(b, offset, length);
    }

    private TraceFormatException error(int at, String problem) {
        long offset = bufferStart + at;
        return inflated != null
                ? TraceFormatException.atByte(file, offset, " of the inflated body", problem, null)
                : TraceFormatException.atByte(file, HEADER_BYTES + offset, problem);
    }

    @Override
    public void close() throws IOException {
        try {
            in.close();
        } finally {
            if (inflated != null) {
                inflated.close();
            }
        }
    }
}
