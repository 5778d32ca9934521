package io.heaplab.traces.malloc;

import io.heaplab.traces.kit.AsciiLines;
import io.heaplab.core.files.PendingFile;
import io.heaplab.traces.Quoted;
import io.heaplab.traces.TraceFormatException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Android's {@code memory_replay} text format (bionic's malloc debug {@code record_allocs} and its replay tool): a
 * line per event.
 *
 * <pre>
 *  TID: malloc PTR SIZE
 *  TID: calloc PTR NMEMB SIZE
 *  TID: realloc NEW OLD SIZE
 *  TID: memalign PTR ALIGNMENT SIZE
 *  TID: free PTR
 *  TID: thread_done 0x0
 * </pre>
 *
 * TID is a decimal thread id, pointers are hexadecimal with {@code 0x}, numbers decimal. The reader also takes
 * {@code posix_memalign} as {@code memalign}, ignores the timestamps newer Android versions append to a line, and
 * skips blank lines and lines starting with {@code #} (heaplab's capture notes its process there); the provenance
 * is the first {@code # provenance:} line's text. The writer writes exactly the six forms above.
 */
public final class AndroidMallocFormat {

    private static final String PROVENANCE = "# provenance: ";

    private AndroidMallocFormat() {
    }

    /** Reads {@code file}; a line that is none of the forms names the file, the line and what was expected. */
    public static MallocTrace read(Path file) throws IOException {
        MallocTrace.Builder trace = MallocTrace.builder();
        boolean provenanceSeen = false;
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
                if (text.startsWith("#")) {
                    if (!provenanceSeen && text.startsWith(PROVENANCE)) {
                        trace.provenance(text.substring(PROVENANCE.length()));
                        provenanceSeen = true;
                    }
                    continue;
                }
                try {
                    parse(file, number, text, trace);
                } catch (IllegalArgumentException e) {
                    throw TraceFormatException.atLine(file, number, e.getMessage()); // a size no program asked for
                }
            }
        }
        return trace.build();
    }

    private static void parse(Path file, long number, String text, MallocTrace.Builder trace) {
        int colon = text.indexOf(':');
        String[] f = text.substring(colon + 1).strip().split("\\s+");
        if (colon <= 0 || f.length < 1 || f[0].isEmpty()) {
            throw bad(file, number, text, "TID: OP ARGS");
        }
        int thread = (int) NumberParser.decimal(text.substring(0, colon).strip(), () -> bad(file, number, text,
                "a decimal thread id before the colon"));
        switch (f[0]) {
            case "malloc" -> {
                need(file, number, text, f, 3, "TID: malloc PTR SIZE");
                trace.malloc(thread, hex(file, number, text, f[1]), decimal(file, number, text, f[2]));
            }
            case "calloc" -> {
                need(file, number, text, f, 4, "TID: calloc PTR NMEMB SIZE");
                trace.calloc(thread, hex(file, number, text, f[1]), decimal(file, number, text, f[2]),
                        decimal(file, number, text, f[3]));
            }
            case "realloc" -> {
                need(file, number, text, f, 4, "TID: realloc NEW OLD SIZE");
                trace.realloc(thread, hex(file, number, text, f[1]), hex(file, number, text, f[2]),
                        decimal(file, number, text, f[3]));
            }
            case "memalign", "posix_memalign" -> {
                need(file, number, text, f, 4, "TID: memalign PTR ALIGNMENT SIZE");
                trace.memalign(thread, hex(file, number, text, f[1]), decimal(file, number, text, f[2]),
                        decimal(file, number, text, f[3]));
            }
            case "free" -> {
                need(file, number, text, f, 2, "TID: free PTR");
                trace.free(thread, hex(file, number, text, f[1]));
            }
            case "thread_done" -> trace.threadDone(thread);
            default -> throw TraceFormatException.atLine(file, number, Quoted.quote(f[0]) + " (expected: malloc,"
                    + " calloc, realloc, memalign, free or thread_done)");
        }
    }

    private static void need(Path file, long number, String text, String[] fields, int count, String form) {
        if (fields.length < count) {
            throw bad(file, number, text, form);
        }
    }

    private static long hex(Path file, long number, String text, String field) {
        return NumberParser.hex(field, () -> TraceFormatException.atLine(file, number, "pointer "
                + Quoted.quote(field) + " (expected: hexadecimal such as 0x7f12a000)"));
    }

    private static long decimal(Path file, long number, String text, String field) {
        return NumberParser.decimal(field, () -> TraceFormatException.atLine(file, number, "number "
                + Quoted.quote(field) + " (expected: a decimal count of bytes)"));
    }

    private static TraceFormatException bad(Path file, long number, String text, String expected) {
        return TraceFormatException.atLine(file, number, Quoted.quote(text) + " (expected: " + expected + ")");
    }

    /** Writes {@code trace} to {@code file} atomically, its provenance first as a comment. */
    public static void write(MallocTrace trace, Path file) throws IOException {
        try (PendingFile pending = new PendingFile(file)) {
            Writer out = new BufferedWriter(new OutputStreamWriter(pending.stream(), StandardCharsets.UTF_8), 1 << 16);
            if (!trace.provenance().isEmpty()) {
                out.write(PROVENANCE + trace.provenance().replace('\n', ' ') + "\n");
            }
            for (int i = 0; i < trace.events(); i++) {
                out.write(Integer.toString(trace.thread(i)));
                out.write(": ");
                MallocOp op = trace.op(i);
                out.write(op.word());
                switch (op) {
                    case MALLOC -> out.write(" " + hex(trace.result(i)) + " " + trace.size(i));
                    case CALLOC -> {
                        long nmemb = trace.extra(i);
                        out.write(" " + hex(trace.result(i)) + " " + nmemb + " "
                                + (nmemb == 0 ? trace.size(i) : trace.size(i) / nmemb));
                    }
                    case REALLOC -> out.write(" " + hex(trace.result(i)) + " " + hex(trace.pointer(i)) + " "
                            + trace.size(i));
                    case MEMALIGN -> out.write(" " + hex(trace.result(i)) + " " + trace.extra(i) + " "
                            + trace.size(i));
                    case FREE -> out.write(" " + hex(trace.pointer(i)));
                    case THREAD_DONE -> out.write(" 0x0");
                }
                out.write('\n');
            }
            out.flush();
            pending.commit();
        }
    }

    private static String hex(long pointer) {
        return "0x" + Long.toHexString(pointer);
    }
}
