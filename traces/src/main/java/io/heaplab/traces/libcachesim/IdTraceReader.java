package io.heaplab.traces.libcachesim;

import io.heaplab.core.trace.ObjectSizes;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.kit.DensePages;
import io.heaplab.traces.kit.LineTraceReader;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Reads libCacheSim's text traces: its {@code txt} format, an object id per line, and its {@code csv} format, the
 * id in a column of each comma-separated line (the first, or the one {@link ReadOptions#idColumn()} names), with
 * an optional header line. Each line is one read of its object; an id is a number or any other token, and each
 * distinct id becomes a page in order of first appearance, so memory follows the distinct objects. Blank lines,
 * lines starting with {@code #} and lines of a lone {@code *} (the LIRS traces' separator, which are otherwise an
 * id per line) are skipped. A csv trace may hold each request's object size in a column too ({@link
 * ReadOptions#sizeColumn()}), a whole number of bytes, read only when sizes are {@linkplain #recordSizes asked for}.
 */
final class IdTraceReader extends LineTraceReader {

    private final int column;
    private final int sizeColumn;
    private boolean skipHeader;
    /** Where each object's size goes as it first comes, or null when no one asked. */
    private ObjectSizes sizes;

    IdTraceReader(Path file, InputStream in, ReadOptions options) {
        super(file, in);
        this.column = options.idColumn();
        this.sizeColumn = options.sizeColumn();
        this.skipHeader = options.header();
    }

    /** The trace carries sizes when a size column was named. */
    @Override
    public boolean recordSizes(ObjectSizes sizes) {
        this.sizes = sizeColumn > 0 ? sizes : null;
        return sizeColumn > 0;
    }

    @Override
    public TraceFormatSpec format() {
        return TraceFormat.IDS;
    }

    @Override
    public int pageSize() {
        return 0; // object ids, not addresses
    }

    @Override
    protected void line(byte[] b, int start, int end, ReferenceRecorder out, DensePages pages) {
        if (skipHeader) {
            skipHeader = false;
            return;
        }
        while (start < end && (b[start] == ' ' || b[start] == '\t')) {
            start++;
        }
        int last = end;
        while (last > start && (b[last - 1] == ' ' || b[last - 1] == '\t')) {
            last--;
        }
        if (start == last || b[start] == '#' || (b[start] == '*' && last - start == 1)) {
            return; // a blank line, a comment, or the '*' that separates a LIRS trace's parts
        }
        long field = field(b, start, end, column, "an id");
        int from = (int) (field >>> 32);
        int to = (int) field;
        if (from == to) {
            throw TraceFormatException.atLine(file, lines.number(), lines.text() + " has an empty id in column "
                    + column + " (expected: an object id)");
        }
        int page = page(id(b, from, to, pages));
        if (sizes != null) {
            // before the reference: the batch that holds the object's first request may be handed on with it
            sizes.request(page, size(b, field(b, start, end, sizeColumn, "a size")));
        }
        out.reference(page, false);
    }

    /**
     * The bounds of the 1-based {@code column}'s field of the line {@code b[start .. end)}, quotes and blanks
     * trimmed, packed as {@code from << 32 | to}; a line without the column is an error naming {@code what} it
     * should hold.
     */
    private long field(byte[] b, int start, int end, int column, String what) {
        // from after the (column-1)th comma to the next comma
        int from = start;
        for (int c = 1; c < column; c++) {
            while (from < end && b[from] != ',') {
                from++;
            }
            if (from == end) {
                throw TraceFormatException.atLine(file, lines.number(), lines.text() + " has no column " + column
                        + " (expected: " + what + " in column " + column + " of every line)");
            }
            from++;
        }
        int to = from;
        while (to < end && b[to] != ',') {
            to++;
        }
        while (from < to && (b[from] == ' ' || b[from] == '\t' || b[from] == '"')) {
            from++;
        }
        while (to > from && (b[to - 1] == ' ' || b[to - 1] == '\t' || b[to - 1] == '"' || b[to - 1] == '\r')) {
            to--;
        }
        return (long) from << 32 | to;
    }

    /** The size in the field {@code field} packs: a whole number of bytes below 2^32, kept as an int's bits. */
    private int size(byte[] b, long field) {
        int from = (int) (field >>> 32);
        int to = (int) field;
        long size = 0;
        boolean whole = from < to && to - from <= 10;
        for (int i = from; i < to && whole; i++) {
            int digit = b[i] - '0';
            whole = digit >= 0 && digit <= 9;
            size = size * 10 + digit;
        }
        if (!whole || size > 0xFFFF_FFFFL) {
            throw TraceFormatException.atLine(file, lines.number(), lines.text() + " has no size in column "
                    + sizeColumn + " (expected: a whole number of bytes below 2^32)");
        }
        return (int) size;
    }

    /** The page of the id in {@code b[from .. to)}: a number of up to 18 digits as such, any other token by name. */
    private static int id(byte[] b, int from, int to, DensePages pages) {
        long id = 0;
        boolean numeric = to - from <= 18;
        for (int i = from; i < to && numeric; i++) {
            int digit = b[i] - '0';
            numeric = digit >= 0 && digit <= 9;
            id = id * 10 + digit;
        }
        return numeric ? pages.page(id) : pages.page(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
    }
}
