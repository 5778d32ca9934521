package io.heaplab.traces.heaplab;

import io.heaplab.traces.Quoted;
import io.heaplab.traces.TraceFormatException;
import java.nio.file.Path;

/**
 * The layout of heaplab's text trace format, version 1, shared by {@link TextTraceWriter} and
 * {@link TextTraceReader}: meant to be written by hand, diffed and grepped, not to be small.
 *
 * <pre>
 * # heaplab trace v1 page-size=4096      header: first line only; optional (then the page size is 0, unknown)
 * 17 W                                   a reference: a page number, then R (read, the default) or W (write)
 * 17                                     another reference, a read
 * # measure                              the measured phase begins here (ReferenceSink.startMeasuring)
 * # anything else                        a comment; blank lines are ignored too
 * </pre>
 *
 * <p>Each line is one reference: page numbers are decimal, {@code 0 .. 2^31-1}; fields are separated by spaces or
 * tabs. A reader merges consecutive references to one page into one run, as the recorder does, with the OR of
 * their writes as the run's write bit; {@code # measure} ends the open run, as the recorder's
 * {@code startMeasuring()} does.
 *
 * <p>The writer expands a run of count {@code k} into {@code k} lines of its page; the first line carries {@code W}
 * when the run wrote and the others are plain reads. Reading merges them back into one run with the write bit set,
 * so a trace written from the recorder's runs reads back as the same runs: the recorder never emits two
 * consecutive runs of one page except at a {@code startMeasuring()} boundary (which the marker line keeps) or past
 * {@link io.heaplab.core.trace.PageRun#MAX_COUNT} references (which the reader splits the same way). Lines, not
 * runs, are the unit, so a run of a billion references is a billion lines: use the binary format for long runs.
 */
final class TextTraceFormat {

    static final String HEADER_START = "# heaplab trace";
    static final String VERSION = "v1";
    static final String PAGE_SIZE_KEY = "page-size=";
    static final String MEASURE = "measure";
    static final String EXPECTED_LINE = "expected: PAGE or PAGE R|W";
    static final String EXPECTED_HEADER = "expected: # heaplab trace v1 page-size=N";

    private TextTraceFormat() {
    }

    static String header(int pageSize) {
        return HEADER_START + " " + VERSION + " " + PAGE_SIZE_KEY + pageSize + "\n";
    }

    /** Whether the line (trimmed) names itself a heaplab trace header: {@code #}, then {@code heaplab trace}. */
    static boolean isHeader(String line) {
        String trimmed = line.trim();
        if (!trimmed.startsWith("#")) {
            return false;
        }
        String[] words = trimmed.substring(1).trim().split("[ \t]+");
        return words.length >= 2 && words[0].equals("heaplab") && words[1].equals("trace");
    }

    /** The page size a header declares: 0 when it declares none. */
    static int pageSize(Path file, String line) {
        String[] words = line.trim().substring(1).trim().split("[ \t]+");
        if (words.length < 3) {
            throw TraceFormatException.atLine(file, 1, "the header names no version (" + EXPECTED_HEADER + ")");
        }
        if (!words[2].equals(VERSION)) {
            throw TraceFormatException.atLine(file, 1, "unsupported text trace version " + Quoted.quote(words[2])
                    + " (expected: " + VERSION + ")");
        }
        long pageSize = 0;
        for (int i = 3; i < words.length; i++) {
            if (!words[i].startsWith(PAGE_SIZE_KEY) || i > 3) {
                throw TraceFormatException.atLine(file, 1, "unknown header field " + Quoted.quote(words[i]) + " ("
                        + EXPECTED_HEADER + ")");
            }
            String value = words[i].substring(PAGE_SIZE_KEY.length());
            try {
                pageSize = Long.parseLong(value);
            } catch (NumberFormatException e) {
                pageSize = -1;
            }
            if (!BinaryTraceFormat.isPageSize(pageSize)) {
                throw TraceFormatException.atLine(file, 1, "page size " + Quoted.quote(value)
                        + " (expected: a power of 2, or 0 for unknown)");
            }
        }
        return (int) pageSize;
    }
}
