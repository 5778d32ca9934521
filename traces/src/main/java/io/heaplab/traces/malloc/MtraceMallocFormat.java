package io.heaplab.traces.malloc;

import io.heaplab.traces.kit.AsciiLines;
import io.heaplab.traces.Quoted;
import io.heaplab.traces.TraceFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * glibc's {@code mtrace} output ({@code MALLOC_TRACE=FILE} and {@code mtrace()}): a line per call, after an optional
 * caller ({@code @ ./prog:[0x4005f4] } or {@code @ /lib/libc.so.6:(fn+0x12)[0x7f...] }).
 *
 * <pre>
 *  = Start
 *  @ ./prog:[0x40054d] + 0x1f4f460 0x64      malloc, calloc, memalign, valloc: pointer and size
 *  @ ./prog:[0x40055b] - 0x1f4f460           free
 *  @ ./prog:[0x400569] &lt; 0x1f4f460           realloc: the old block ...
 *  @ ./prog:[0x400569] &gt; 0x1f4f4d0 0xc8      ... and the new one, with its size
 *  @ ./prog:[0x400577] ! 0x1f4f4d0 0x7fffff  a realloc that failed
 *  = End
 * </pre>
 *
 * mtrace does not tell {@code calloc} or {@code memalign} from {@code malloc}, nor threads apart: every event is a
 * malloc, realloc or free of thread 0. A {@code <} line must be followed by its {@code >}.
 */
public final class MtraceMallocFormat {

    private MtraceMallocFormat() {
    }

    public static MallocTrace read(Path file) throws IOException {
        MallocTrace.Builder trace = MallocTrace.builder();
        long pendingOld = -1;
        long pendingLine = 0;
        // lines of at most AsciiLines.MAX_LINE_BYTES: a file of one enormous line is refused, not held whole
        try (InputStream stream = Files.newInputStream(file)) {
            AsciiLines lines = new AsciiLines(file, stream);
            long number = 0;
            while (lines.next()) {
                String line = lines.line();
                number++;
                String text = line.strip();
                if (text.isEmpty() || text.startsWith("=")) {
                    continue;
                }
                if (text.startsWith("@")) {
                    int space = text.indexOf(' ', 2);
                    text = space < 0 ? "" : text.substring(space + 1).strip();
                }
                String[] f = text.split("\\s+");
                if (f.length < 2 || f[0].length() != 1) {
                    throw bad(file, number, line);
                }
                char op = f[0].charAt(0);
                if (pendingOld >= 0 && op != '>') {
                    throw TraceFormatException.atLine(file, number, Quoted.quote(f[0]) + " after the '<' of line "
                            + pendingLine + " (expected: '>' with the realloc's new block)");
                }
                final long n = number;
                long pointer = NumberParser.hex(f[1], () -> TraceFormatException.atLine(file, n, "pointer "
                        + Quoted.quote(f[1]) + " (expected: hexadecimal such as 0x1f4f460)"));
                switch (op) {
                    case '+' -> trace.malloc(0, pointer, size(file, number, line, f));
                    case '-' -> trace.free(0, pointer);
                    case '<' -> {
                        pendingOld = pointer;
                        pendingLine = number;
                    }
                    case '>' -> {
                        if (pendingOld < 0) {
                            throw TraceFormatException.atLine(file, number,
                                    "'>' without a '<' before it (expected: the realloc's old block first)");
                        }
                        trace.realloc(0, pointer, pendingOld, size(file, number, line, f));
                        pendingOld = -1;
                    }
                    case '!' -> trace.realloc(0, 0, pointer, size(file, number, line, f));
                    default -> throw bad(file, number, line);
                }
            }
            if (pendingOld >= 0) {
                throw TraceFormatException.atLine(file, pendingLine,
                        "'<' at the end of the file (expected: '>' with the realloc's new block)");
            }
        }
        return trace.build();
    }

    private static long size(Path file, long number, String line, String[] f) {
        if (f.length < 3) {
            throw bad(file, number, line);
        }
        long size = NumberParser.hex(f[2], () -> TraceFormatException.atLine(file, number, "size "
                + Quoted.quote(f[2]) + " (expected: hexadecimal such as 0x64)"));
        try {
            return MallocTrace.requestSize("a request", size); // 0xffffffffffffffff is no size, but 64 bits read
        } catch (IllegalArgumentException e) {
            throw TraceFormatException.atLine(file, number, e.getMessage());
        }
    }

    private static TraceFormatException bad(Path file, long number, String line) {
        return TraceFormatException.atLine(file, number, Quoted.quote(line) + " (expected: [@ CALLER] followed by"
                + " '+ PTR SIZE', '- PTR', '< PTR', '> PTR SIZE' or '! PTR SIZE')");
    }
}
