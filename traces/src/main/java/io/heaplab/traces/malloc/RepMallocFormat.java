package io.heaplab.traces.malloc;

import io.heaplab.traces.kit.AsciiLines;
import io.heaplab.traces.Quoted;
import io.heaplab.traces.TraceFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CS:APP malloc lab's {@code .rep} traces (Bryant &amp; O'Hallaron): four header numbers (a suggested heap
 * size, the number of block ids, the number of operations, a weight), then an operation per line.
 *
 * <pre>
 *  a ID SIZE     allocate block ID
 *  r ID SIZE     reallocate block ID
 *  f ID          free block ID
 * </pre>
 *
 * A block id becomes the pointer {@code (ID + 1) * 16}, so a {@code .rep} trace replays as any other; the header's
 * counts are checked against what the file holds.
 */
public final class RepMallocFormat {

    private RepMallocFormat() {
    }

    /** The pointer that stands for block {@code id}. */
    static long pointer(long id) {
        return (id + 1) * 16;
    }

    public static MallocTrace read(Path file) throws IOException {
        MallocTrace.Builder trace = MallocTrace.builder();
        long[] header = new long[4];
        int headerRead = 0;
        long maxId = -1;
        // lines of at most AsciiLines.MAX_LINE_BYTES: a file of one enormous line is refused, not held whole
        try (InputStream stream = Files.newInputStream(file)) {
            AsciiLines lines = new AsciiLines(file, stream);
            long number = 0;
            while (lines.next()) {
                String line = lines.line();
                number++;
                String text = line.strip();
                if (text.isEmpty()) {
                    continue;
                }
                final long n = number;
                String[] f = text.split("\\s+");
                if (headerRead < 4) {
                    if (f.length != 1) {
                        throw TraceFormatException.atLine(file, number, Quoted.quote(text)
                                + " (expected: header number " + (headerRead + 1) + " of 4: heap size, ids, operations,"
                                + " weight)");
                    }
                    header[headerRead++] = NumberParser.decimal(f[0], () -> TraceFormatException.atLine(file, n,
                            Quoted.quote(f[0]) + " (expected: a decimal header number)"));
                    continue;
                }
                String form = switch (f[0]) {
                    case "a", "r" -> f[0] + " ID SIZE";
                    case "f" -> "f ID";
                    default -> throw TraceFormatException.atLine(file, number, Quoted.quote(f[0])
                            + " (expected: a, r or f)");
                };
                if (f.length != (f[0].equals("f") ? 2 : 3)) {
                    throw TraceFormatException.atLine(file, number, Quoted.quote(text) + " (expected: " + form + ")");
                }
                long id = NumberParser.decimal(f[1], () -> TraceFormatException.atLine(file, n, "id "
                        + Quoted.quote(f[1]) + " (expected: a decimal block id)"));
                maxId = Math.max(maxId, id);
                if (f[0].equals("f")) {
                    trace.free(0, pointer(id));
                    continue;
                }
                long size = NumberParser.decimal(f[2], () -> TraceFormatException.atLine(file, n, "size "
                        + Quoted.quote(f[2]) + " (expected: a decimal count of bytes)"));
                try {
                    if (f[0].equals("a")) {
                        trace.malloc(0, pointer(id), size);
                    } else {
                        trace.realloc(0, pointer(id), pointer(id), size);
                    }
                } catch (IllegalArgumentException e) {
                    throw TraceFormatException.atLine(file, n, e.getMessage()); // a size no program asked for
                }
            }
            if (headerRead < 4) {
                throw TraceFormatException.atLine(file, number + 1, "the file ends in its header (expected: 4"
                        + " numbers: heap size, ids, operations, weight)");
            }
        }
        if (trace.events() != header[2]) {
            throw TraceFormatException.atLine(file, 3, "the header says " + header[2] + " operations (expected: "
                    + trace.events() + ", the operations the file holds)");
        }
        if (maxId >= header[1]) {
            throw TraceFormatException.atLine(file, 2, "the header says " + header[1] + " ids (expected: more than"
                    + " the largest id, " + maxId + ")");
        }
        return trace.build();
    }
}
