package io.heaplab.traces.heaplab;

import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.traces.Quoted;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.kit.AsciiLines;
import io.heaplab.traces.kit.DenseRenumbering;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Reads the {@linkplain TextTraceFormat text format}, parsing each line in place and merging consecutive
 * references to one page into runs as the recorder does.
 */
final class TextTraceReader implements TraceReader {

    private final Path file;
    private final InputStream in;
    private final AsciiLines lines;
    private final int pageSize;
    /** Whether line 1 is already read and is not a header, so replay starts with it. */
    private boolean firstLinePending;
    private boolean replayed;

    /** Reads {@code in}, named {@code file} in messages; closes it on failure and on {@link #close()}. */
    TextTraceReader(Path file, InputStream in) throws IOException {
        this.file = file;
        this.in = in;
        try {
            this.lines = new AsciiLines(file, in);
            int declared = 0;
            if (lines.next()) {
                String first = new String(lines.bytes(), lines.start(), lines.end() - lines.start(),
                        StandardCharsets.ISO_8859_1);
                if (TextTraceFormat.isHeader(first)) {
                    declared = TextTraceFormat.pageSize(file, first);
                } else {
                    firstLinePending = true;
                }
            }
            this.pageSize = declared;
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    @Override
    public TraceFormatSpec format() {
        return TraceFormat.TEXT;
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
        boolean more = firstLinePending || lines.next();
        while (more) {
            line(out);
            more = lines.next();
        }
        out.flush();
        return out.references();
    }

    private void line(ReferenceRecorder out) {
        byte[] b = lines.bytes();
        int end = lines.end();
        int i = skipBlanks(b, lines.start(), end);
        if (i == end) {
            return;
        }
        if (b[i] == '#') {
            if (isMeasure(b, skipBlanks(b, i + 1, end), end)) {
                out.startMeasuring();
            }
            return;
        }
        int tokenStart = i;
        long page = 0;
        while (i < end && b[i] >= '0' && b[i] <= '9') {
            page = Math.min(page * 10 + (b[i] - '0'), Long.MAX_VALUE / 20);
            i++;
        }
        if (i == tokenStart || (i < end && !isBlank(b[i]))) {
            throw error(token(b, tokenStart, end) + " is not a page number");
        }
        if (page > Integer.MAX_VALUE) {
            throw TraceFormatException.atLine(file, lines.number(), "page " + Quoted.quote(b, tokenStart, i)
                    + " is out of range (expected: 0 to " + Integer.MAX_VALUE + ")");
        }
        i = skipBlanks(b, i, end);
        boolean write = false;
        if (i < end) {
            int access = b[i] | 0x20;  // lower case
            if ((access != 'r' && access != 'w') || (i + 1 < end && !isBlank(b[i + 1]))) {
                throw error(token(b, i, end) + " is not R or W");
            }
            write = access == 'w';
            i = skipBlanks(b, i + 1, end);
            if (i < end) {
                throw error("unexpected " + Quoted.quote(b, i, end) + " after the access");
            }
        }
        out.reference((int) page, write);
    }

    private TraceFormatException error(String problem) {
        return TraceFormatException.atLine(file, lines.number(), problem + " (" + TextTraceFormat.EXPECTED_LINE + ")");
    }

    private static boolean isMeasure(byte[] b, int from, int end) {
        String word = TextTraceFormat.MEASURE;
        int to = from + word.length();
        if (to > end || skipBlanks(b, to, end) != end) {
            return false;
        }
        for (int k = 0; k < word.length(); k++) {
            if (b[from + k] != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static String token(byte[] b, int from, int end) {
        int to = from;
        while (to < end && !isBlank(b[to])) {
            to++;
        }
        return Quoted.quote(b, from, to);
    }

    private static int skipBlanks(byte[] b, int from, int end) {
        while (from < end && isBlank(b[from])) {
            from++;
        }
        return from;
    }

    private static boolean isBlank(byte b) {
        return b == ' ' || b == '\t';
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
