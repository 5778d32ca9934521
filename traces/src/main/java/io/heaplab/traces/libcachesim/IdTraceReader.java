package io.heaplab.traces.libcachesim;

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
 * id per line) are skipped.
 */
final class IdTraceReader extends LineTraceReader {

    private final int column;
    private boolean skipHeader;

    IdTraceReader(Path file, InputStream in, ReadOptions options) {
        super(file, in);
        this.column = options.idColumn();
        this.skipHeader = options.header();
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
        // the column's field: from after the (column-1)th comma to the next comma
        int from = start;
        for (int c = 1; c < column; c++) {
            while (from < end && b[from] != ',') {
                from++;
            }
            if (from == end) {
                throw TraceFormatException.atLine(file, lines.number(), lines.text() + " has no column " + column
                        + " (expected: an id in column " + column + " of every line)");
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
        if (from == to) {
            throw TraceFormatException.atLine(file, lines.number(), lines.text() + " has an empty id in column "
                    + column + " (expected: an object id)");
        }
        out.reference(page(id(b, from, to, pages)), false);
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
