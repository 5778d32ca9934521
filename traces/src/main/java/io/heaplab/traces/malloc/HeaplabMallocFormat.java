package io.heaplab.traces.malloc;

import io.heaplab.core.run.MemoryLimits;
import io.heaplab.core.files.PendingFile;
import io.heaplab.traces.TraceFormatException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.Inflater;

/**
 * heaplab's malloc-trace format, version 1 ({@code .hmt}): compact, versioned, deflated by default.
 *
 * <pre>
 *  byte 0                                   8         10        12
 *       +----+----+----+----+----+----+----+----+---------+---------+
 *       | 'H'| 'L'| 'M'| 'A'| 'L'| 'O'| 'C'|1A  | version |  flags  |    big-endian u16s
 *       +----+----+----+----+----+----+----+----+---------+---------+
 *       | body (a zlib deflate stream when flags bit 0 is set)
 *       +------------------------------------------------------------...
 *
 *  body:    varint n, n bytes of UTF-8 provenance, then records, then the end record
 *  record:  head byte = op code (bits 0-2: 0 malloc, 1 calloc, 2 realloc, 3 memalign, 4 free, 5 thread_done)
 *                     | 0x08 when the thread differs from the previous record's (the first record's is 0)
 *           [varint thread, when 0x08]
 *           malloc      zz(result - p)  varint size
 *           calloc      zz(result - p)  varint nmemb      varint element size
 *           realloc     zz(result - p)  zz(old - result)  varint size
 *           memalign    zz(result - p)  varint alignment  varint size
 *           free        zz(pointer - p)
 *           thread_done -
 *  end:     head byte 0x07, varint events
 * </pre>
 *
 * Varints are unsigned LEB128; {@code zz} is the zigzag map of a signed difference; {@code p} is the pointer the
 * previous record wrote (its result, or the freed pointer; 0 before the first), so a program that allocates near
 * where it last did costs a byte or two per pointer. The end record's count must equal the events read and nothing
 * may follow it, so a file cut anywhere is reported as truncated. A reader rejects another version or unknown flag
 * bits, naming what it found. {@code MallocFormatGoldenTest} checks the bytes of a small trace.
 */
public final class HeaplabMallocFormat {

    static final byte[] MAGIC = {'H', 'L', 'M', 'A', 'L', 'O', 'C', 0x1A};
    static final int VERSION = 1;
    static final int DEFLATED = 1;
    static final int HEADER_BYTES = 12;
    private static final int THREAD_CHANGES = 0x08;
    private static final int END = 0x07;

    private HeaplabMallocFormat() {
    }

    /** Writes {@code trace} to {@code file} atomically, deflated unless {@code deflate} is false. */
    public static void write(MallocTrace trace, Path file, boolean deflate) throws IOException {
        byte[] body = body(trace);
        try (PendingFile pending = new PendingFile(file)) {
            OutputStream out = pending.stream();
            byte[] header = Arrays.copyOf(MAGIC, HEADER_BYTES);
            header[9] = VERSION;
            header[11] = (byte) (deflate ? DEFLATED : 0);
            out.write(header);
            if (deflate) {
                ByteArrayOutputStream packed = new ByteArrayOutputStream(body.length / 3 + 64);
                try (DeflaterOutputStream z = new DeflaterOutputStream(packed, new Deflater(Deflater.BEST_COMPRESSION))) {
                    z.write(body);
                }
                packed.writeTo(out);
            } else {
                out.write(body);
            }
            pending.commit();
        }
    }

    /** The body's bytes, uncompressed. */
    static byte[] body(MallocTrace trace) {
        Bytes out = new Bytes();
        byte[] provenance = trace.provenance().getBytes(StandardCharsets.UTF_8);
        out.varint(provenance.length);
        out.write(provenance, 0, provenance.length);
        long p = 0;
        int thread = 0;
        for (int i = 0; i < trace.events(); i++) {
            MallocOp op = trace.op(i);
            boolean changes = trace.thread(i) != thread;
            out.write(op.ordinal() | (changes ? THREAD_CHANGES : 0));
            if (changes) {
                thread = trace.thread(i);
                out.varint(Integer.toUnsignedLong(thread));
            }
            switch (op) {
                case MALLOC -> {
                    out.zigzag(trace.result(i) - p);
                    out.varint(trace.size(i));
                    p = trace.result(i);
                }
                case CALLOC -> {
                    long nmemb = trace.extra(i);
                    out.zigzag(trace.result(i) - p);
                    out.varint(nmemb);
                    out.varint(nmemb == 0 ? trace.size(i) : trace.size(i) / nmemb);
                    p = trace.result(i);
                }
                case REALLOC -> {
                    out.zigzag(trace.result(i) - p);
                    out.zigzag(trace.pointer(i) - trace.result(i));
                    out.varint(trace.size(i));
                    p = trace.result(i);
                }
                case MEMALIGN -> {
                    out.zigzag(trace.result(i) - p);
                    out.varint(trace.extra(i));
                    out.varint(trace.size(i));
                    p = trace.result(i);
                }
                case FREE -> {
                    out.zigzag(trace.pointer(i) - p);
                    p = trace.pointer(i);
                }
                case THREAD_DONE -> {
                }
            }
        }
        out.write(END);
        out.varint(trace.events());
        return out.toByteArray();
    }

    /** Reads {@code file}, which must start with the magic; every defect names the file and the byte. */
    public static MallocTrace read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        if (bytes.length < HEADER_BYTES || !Arrays.equals(bytes, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw TraceFormatException.atByte(file, 0, "not a heaplab malloc trace (expected: the magic HLMALOC"
                    + " and 0x1A" + (bytes.length < HEADER_BYTES ? ", and a 12-byte header" : "") + ")");
        }
        int version = ((bytes[8] & 0xFF) << 8) | (bytes[9] & 0xFF);
        if (version != VERSION) {
            throw TraceFormatException.atByte(file, 8, "version " + version + " (expected: " + VERSION + ")");
        }
        int flags = ((bytes[10] & 0xFF) << 8) | (bytes[11] & 0xFF);
        if ((flags & ~DEFLATED) != 0) {
            throw TraceFormatException.atByte(file, 10, "flags 0x" + Integer.toHexString(flags)
                    + " (expected: 0 or 1, bit 0 = deflated)");
        }
        byte[] body = Arrays.copyOfRange(bytes, HEADER_BYTES, bytes.length);
        String where = "";
        if ((flags & DEFLATED) != 0) {
            body = inflate(file, body);
            where = " of the inflated body";
        }
        return new Parser(file, body, (flags & DEFLATED) != 0 ? 0 : HEADER_BYTES, where).parse();
    }

    /** The tables' bytes a byte of body becomes, at the least: a call of about 3 bytes, 37 of tables, copied once. */
    private static final long TABLE_BYTES_PER_BODY_BYTE = 12;

    private static byte[] inflate(Path file, byte[] packed) {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(packed);
            ByteArrayOutputStream out = new ByteArrayOutputStream(packed.length * 4 + 64);
            byte[] buffer = new byte[1 << 16];
            while (!inflater.finished()) {
                int n = inflater.inflate(buffer);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw TraceFormatException.atByte(file, HEADER_BYTES + inflater.getBytesRead(),
                            "the deflated body ends early (expected: a whole zlib stream; the file is truncated)");
                }
                out.write(buffer, 0, n);
                // a few bytes of body a call, then tens of bytes of tables a call: a small deflated file of many
                // calls is refused as it inflates, before the JVM runs out of heap, not after
                MemoryLimits.checkJavaHeap("a malloc trace whose body inflates past " + out.size() + " bytes",
                        TABLE_BYTES_PER_BODY_BYTE * out.size());
            }
            if (inflater.getRemaining() > 0) {
                throw TraceFormatException.atByte(file, HEADER_BYTES + inflater.getBytesRead(),
                        "bytes after the deflated body (expected: nothing)");
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw TraceFormatException.atByte(file, HEADER_BYTES + inflater.getBytesRead(), "",
                    "the deflated body is corrupt (" + e.getMessage() + ")", null);
        } finally {
            inflater.end();
        }
    }

    /** Reads a body; offsets in messages count from the file's start, or the inflated body's. */
    private static final class Parser {
        private final Path file;
        private final byte[] b;
        private final int base;
        private final String where;
        private int at;

        Parser(Path file, byte[] body, int base, String where) {
            this.file = file;
            this.b = body;
            this.base = base;
            this.where = where;
        }

        MallocTrace parse() {
            MallocTrace.Builder trace = MallocTrace.builder();
            // unsigned, and compared before narrowing: a damaged length may be any 64-bit value
            long length = varint("provenance length");
            if (length < 0 || length > b.length - at) {
                throw problem(at, "a provenance of " + Long.toUnsignedString(length)
                        + " bytes runs past the end (truncated?)");
            }
            trace.provenance(new String(b, at, (int) length, StandardCharsets.UTF_8));
            at += (int) length;
            long p = 0;
            int thread = 0;
            while (true) {
                int start = at;
                if (at >= b.length) {
                    throw problem(at, "the file ends before its end record (expected: more records; truncated?)");
                }
                int head = b[at++] & 0xFF;
                if (head == END) {
                    long events = varint("the end record's count");
                    if (events != trace.events()) {
                        throw problem(start, "the end record counts " + events + " events (expected: "
                                + trace.events() + ", the events read)");
                    }
                    if (at != b.length) {
                        throw problem(at, "bytes after the end record (expected: nothing)");
                    }
                    return trace.build();
                }
                MallocOp op = MallocOp.of(head & 0x07);
                if (op == null || (head & ~0x0F) != 0) {
                    throw problem(start, "record head 0x" + Integer.toHexString(head)
                            + " (expected: an op code 0-5, bit 3 for a new thread, or 0x07 for the end)");
                }
                if ((head & THREAD_CHANGES) != 0) {
                    thread = (int) varint("thread");
                }
                try {
                    switch (op) {
                        case MALLOC -> {
                            p += zigzag("pointer");
                            trace.malloc(thread, p, varint("size"));
                        }
                        case CALLOC -> {
                            p += zigzag("pointer");
                            long nmemb = varint("nmemb");
                            long element = varint("element size");
                            if (nmemb == 0) {
                                // a calloc of no elements keeps its size as written
                                trace.add(MallocOp.CALLOC, thread, p, 0, MallocTrace.requestSize("calloc", element), 0);
                            } else {
                                trace.calloc(thread, p, nmemb, element);
                            }
                        }
                        case REALLOC -> {
                            p += zigzag("pointer");
                            long old = p + zigzag("old pointer");
                            trace.realloc(thread, p, old, varint("size"));
                        }
                        case MEMALIGN -> {
                            p += zigzag("pointer");
                            long alignment = varint("alignment");
                            trace.memalign(thread, p, alignment, varint("size"));
                        }
                        case FREE -> {
                            p += zigzag("pointer");
                            trace.free(thread, p);
                        }
                        case THREAD_DONE -> trace.threadDone(thread);
                    }
                } catch (IllegalArgumentException e) {
                    throw problem(start, e.getMessage()); // a size no program asked for
                }
            }
        }

        private long zigzag(String what) {
            long v = varint(what);
            return (v >>> 1) ^ -(v & 1);
        }

        private long varint(String what) {
            int start = at;
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                if (at >= b.length) {
                    throw problem(start, "the file ends inside a " + what + " (expected: a whole varint; truncated?)");
                }
                int next = b[at++] & 0xFF;
                value |= (long) (next & 0x7F) << shift;
                if (next < 0x80) {
                    return value;
                }
            }
            throw problem(start, "a " + what + " longer than 10 bytes (expected: a varint of at most 64 bits)");
        }

        private TraceFormatException problem(int offset, String what) {
            return TraceFormatException.atByte(file, base + offset, where, what, null);
        }
    }

    /** A growable byte buffer with varint writers. */
    private static final class Bytes extends ByteArrayOutputStream {
        Bytes() {
            super(1 << 16);
        }

        void varint(long value) {
            while ((value & ~0x7FL) != 0) {
                write((int) ((value & 0x7F) | 0x80));
                value >>>= 7;
            }
            write((int) value);
        }

        void zigzag(long value) {
            varint((value << 1) ^ (value >> 63));
        }
    }
}
