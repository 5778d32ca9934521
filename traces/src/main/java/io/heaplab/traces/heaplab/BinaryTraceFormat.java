package io.heaplab.traces.heaplab;

/**
 * The layout of heaplab's binary trace format, version 1, shared by {@link BinaryTraceWriter} and
 * {@link BinaryTraceReader}.
 *
 * <p>A file is a 16-byte header followed by a body of records. All header fields are big-endian.
 *
 * <pre>
 *  byte 0                                  8         10        12                  16
 *       +----+----+----+----+----+----+----+----+---------+---------+-------------------+
 *       | 'H'| 'L'| 'T'| 'R'| 'A'| 'C'| 'E'|1A  | version |  flags  |  page size (u32)  |
 *       +----+----+----+----+----+----+----+----+---------+---------+-------------------+
 *       | body: record record ... end record      (a zlib deflate stream when flags bit 0 is set)
 *       +-----------------------------------------------------------------------------------...
 * </pre>
 *
 * <ul>
 *   <li><b>magic</b>: {@code HLTRACE} and {@code 0x1A}, a control character, so no text file starts like a trace
 *       and format detection can tell them apart from the first byte.</li>
 *   <li><b>version</b> (u16): 1. A reader rejects any other, naming the version found and the one it reads.</li>
 *   <li><b>flags</b> (u16): bit 0 set = the body is deflated ({@link java.util.zip.Deflater} with the zlib wrapper,
 *       whose Adler-32 check catches corruption); other bits must be 0.</li>
 *   <li><b>page size</b> (u32): bytes per page the trace was cut with, a power of two; 0 = unknown.</li>
 * </ul>
 *
 * <p>The body is a sequence of records, each starting with an unsigned LEB128 varint <i>head</i> whose two low
 * bits give its kind. A page is stored as the zigzag-encoded difference {@code zz(Δ)} from the previous run's page
 * (the first run's is taken from page 0): a program walks among neighbouring pages, so most differences are small,
 * a single reference to a nearby page costs one byte, and repeated loops leave patterns that deflate finds.
 *
 * <pre>
 *  kind          head bits (low two last)                   then
 *  read run      zz(Δpage) ............................ 00    varint count, 1 .. 2^31-1
 *  write run     zz(Δpage) ............................ 01    varint count, 1 .. 2^31-1
 *  single ref    zz(Δpage) ........................ w   10    -            (count 1; w = wrote)
 *  measure       0 ................................... 11    -            (head byte 0x03)
 *  end           1 ................................... 11    varint runs, varint references   (head 0x07)
 * </pre>
 *
 * <p>The writer stores a run of one reference as a <i>single ref</i>, the commonest record, and longer runs as run
 * records; a run record with count 1 is valid too. For example, the runs page 0 &times; 1 read, page 1 &times; 3
 * written, page 0 &times; 1 written, then the measure marker, then page 64 &times; 200 read, make the body
 * <pre>
 *  02 | 09 03 | 0E | 03 | 80 04 C8 01 | 07 04 CD 01
 *  single zz(0)  write run zz(+1) count 3  single zz(-1) w  measure  read run zz(+64) count 200  end: 4 runs, 205 refs
 * </pre>
 * ({@code WrittenFormatsGoldenTest} checks exactly these bytes.) In a deflated file, the byte offsets that error messages give
 * for records count from the start of the inflated body.
 *
 * <p>A run's page must come out in {@code 0 .. 2^31-1} (a {@link io.heaplab.core.trace.PageRun} page; heaplab's
 * pages are dense small ints). <i>measure</i> marks where the measured phase begins (the writer's
 * {@code startMeasuring()}). <i>end</i> is the last record: its totals must equal the runs and references read,
 * and nothing may follow it, so a file cut anywhere, even exactly between two records, is reported as truncated.
 * Runs are kept exactly as written: the writer never merges or splits them.
 */
public final class BinaryTraceFormat {

    static final byte[] MAGIC = {'H', 'L', 'T', 'R', 'A', 'C', 'E', 0x1A};
    public static final int VERSION = 1;
    public static final int HEADER_BYTES = 16;
    public static final int FLAG_DEFLATED = 1;
    public static final int KNOWN_FLAGS = FLAG_DEFLATED;

    public static final int KIND_READ_RUN = 0;
    public static final int KIND_WRITE_RUN = 1;
    public static final int KIND_SINGLE = 2;
    public static final int KIND_CONTROL = 3;
    public static final int CONTROL_MEASURE = 0;
    public static final int CONTROL_END = 1;

    /** The longest head: a 32-bit zigzag difference shifted by 3 = 35 bits, 5 varint bytes. */
    public static final int MAX_HEAD_BYTES = 5;
    /** A count below 2^31 takes at most 5 varint bytes. */
    public static final int MAX_COUNT_BYTES = 5;
    /** A total below 2^63 takes at most 9 varint bytes. */
    public static final int MAX_TOTAL_BYTES = 9;
    /** The longest record, the end record: reading never has to refill in the middle of one unless the file ends. */
    public static final int MAX_RECORD_BYTES = 1 + 2 * MAX_TOTAL_BYTES;

    /** I/O chunk: large enough that reading costs one system call per hundred thousand runs. */
    public static final int BUFFER_BYTES = 1 << 18;

    private BinaryTraceFormat() {
    }

    /** Whether the first {@code length} bytes agree with the magic as far as they go. */
    public static boolean startsLikeMagic(byte[] bytes, int length) {
        for (int i = 0; i < Math.min(length, MAGIC.length); i++) {
            if (bytes[i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    /** The magic as printable text for messages: {@code HLTRACE\x1A}. */
    public static String describe(byte[] bytes, int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int b = bytes[i] & 0xFF;
            if (b >= 0x20 && b < 0x7F && b != '\\') {
                text.append((char) b);
            } else {
                text.append(String.format("\\x%02X", b));
            }
        }
        return text.toString();
    }

    public static String magicText() {
        return describe(MAGIC, MAGIC.length);
    }

    /** Whether a header may name {@code pageSize}: a power of 2 up to 2^30, or 0 for unknown. */
    public static boolean isPageSize(long pageSize) {
        return pageSize == 0 || (pageSize > 0 && pageSize <= 1L << 30 && Long.bitCount(pageSize) == 1);
    }
}
