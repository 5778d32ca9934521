package io.heaplab.traces;

import io.heaplab.traces.kit.AsciiLines;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The trace formats heaplab knows: its own ({@link TraceFormat}'s constants, in their order), then any a jar on
 * the class path adds through {@code META-INF/services/io.heaplab.traces.TraceFormatSpec}. It parses their labels,
 * lists them for messages and help, and tells a trace's format from its name and first bytes.
 */
public final class TraceFormats {

    /** Bytes of a trace's head that detection looks at: many lackey log lines fit before the first access. */
    public static final int SNIFF_BYTES = 16 * 1024;

    private static final TraceFormats BUILT_IN = new TraceFormats(List.of(TraceFormat.values()));
    private static volatile TraceFormats installed;

    private final List<TraceFormatSpec> formats;

    private TraceFormats(List<TraceFormatSpec> formats) {
        Set<String> labels = new HashSet<>();
        for (TraceFormatSpec format : formats) {
            if (!labels.add(format.label())) {
                throw new IllegalStateException("trace format '" + format.label() + "' registered twice ("
                        + format.getClass().getName() + "; expected: each label once)");
            }
        }
        this.formats = List.copyOf(formats);
    }

    /** heaplab's own formats only. */
    public static TraceFormats builtIn() {
        return BUILT_IN;
    }

    /** heaplab's own formats, then those the class path adds (looked up once). */
    public static TraceFormats installed() {
        TraceFormats known = installed;
        if (known == null) {
            known = load(TraceFormats.class.getClassLoader());
            installed = known;
        }
        return known;
    }

    /** heaplab's own formats, then those {@code loader}'s {@code META-INF/services} name, in the order found. */
    public static TraceFormats load(ClassLoader loader) {
        List<TraceFormatSpec> all = new ArrayList<>(List.of(TraceFormat.values()));
        for (TraceFormatSpec format : ServiceLoader.load(TraceFormatSpec.class, loader)) {
            all.add(format);
        }
        return new TraceFormats(all);
    }

    /** The formats, heaplab's first. */
    public List<TraceFormatSpec> all() {
        return formats;
    }

    /** The format labelled {@code name} (any case, trimmed). */
    public TraceFormatSpec parse(String name) {
        if (name != null) {
            String label = name.trim().toLowerCase(Locale.ROOT);
            for (TraceFormatSpec format : formats) {
                if (format.label().equals(label)) {
                    return format;
                }
            }
        }
        throw new IllegalArgumentException("format: " + (name == null ? "null" : "'" + name + "'") + " (expected: "
                + expected() + ")");
    }

    /** Every label, for an "expected:" list: {@code binary, text, lackey, ..., arc or address}. */
    public String expected() {
        return labels(format -> true, "or");
    }

    /** The labels of the formats heaplab writes: {@code binary, text or oracle-general}. */
    public String writable() {
        return labels(TraceFormatSpec::writes, "or");
    }

    /** Every format's {@linkplain TraceFormatSpec#help help}, joined by commas, for the {@code --format} help. */
    public String help() {
        return String.join(", ", formats.stream().map(TraceFormatSpec::help).toList());
    }

    /** The labels of the formats {@code which} takes, joined by commas and a last {@code conjunction}. */
    public String labels(Predicate<TraceFormatSpec> which, String conjunction) {
        List<String> labels = formats.stream().filter(which).map(TraceFormatSpec::label).toList();
        if (labels.size() < 2) {
            return String.join("", labels);
        }
        return String.join(", ", labels.subList(0, labels.size() - 1)) + " " + conjunction + " "
                + labels.getLast();
    }

    /** {@code "an ids"} or {@code "a binary"}: the label with its article. */
    public static String article(String label) {
        return (label.matches("[aeiou].*") ? "an " : "a ") + label;
    }

    /** A format told from a trace's name or content, and why: an error can then name the guess behind it. */
    public record Guess(TraceFormatSpec format, String why) {
    }

    /** The format of {@code file}, told from its name, else from its first {@value #SNIFF_BYTES} bytes. */
    public Guess guess(Path file) throws IOException {
        Guess named = byName(file);
        if (named != null) {
            return named;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return byContent(in.readNBytes(SNIFF_BYTES));
        }
    }

    /** The format of a trace named {@code file}, told from its name, else from {@code head}, its first bytes. */
    public Guess guess(Path file, byte[] head) {
        Guess named = byName(file);
        return named != null ? named : byContent(head);
    }

    /**
     * The format of the trace {@code in} holds, told from its first bytes without consuming them: {@code in} must
     * support {@link InputStream#mark mark}, and is reset to where it was.
     */
    public Guess guess(InputStream in) throws IOException {
        if (!in.markSupported()) {
            throw new IllegalArgumentException("in: " + in.getClass().getName()
                    + " does not support mark (expected: a stream that does, such as a BufferedInputStream)");
        }
        in.mark(SNIFF_BYTES);
        byte[] head = in.readNBytes(SNIFF_BYTES);
        in.reset();
        return byContent(head);
    }

    private Guess byName(Path file) {
        // some formats have no magic: their tools' naming tells them
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        for (TraceFormatSpec format : formats) {
            String why = format.byName(name);
            if (why != null) {
                return new Guess(format, why);
            }
        }
        return null;
    }

    /**
     * A signature (a magic, a header) first; else any control character makes it heaplab's binary, so a foreign
     * binary file reaches the binary reader and its "wrong magic" message, not a text error about line 1; else the
     * format that claims the first non-blank line; else heaplab's text. An empty trace is text.
     */
    private Guess byContent(byte[] head) {
        for (TraceFormatSpec format : formats) {
            String why = format.bySignature(head, head.length);
            if (why != null) {
                return new Guess(format, why);
            }
        }
        for (int i = 0; i < head.length; i++) {
            byte b = head[i];
            if ((b >= 0 && b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7F) {
                return new Guess(TraceFormat.BINARY, String.format(Locale.ROOT, "byte %d is a control character"
                        + " (0x%02X), not text", i, b));
            }
        }
        int start = 0;
        while (start < head.length) {
            int end = start;
            while (end < head.length && head[end] != '\n') {
                end++;
            }
            int contentEnd = end > start && head[end - 1] == '\r' ? end - 1 : end;
            if (!AsciiLines.isBlank(head, start, contentEnd)) {
                for (TraceFormatSpec format : formats) {
                    String why = format.byFirstLine(head, start, contentEnd);
                    if (why != null) {
                        return new Guess(format, why);
                    }
                }
                return new Guess(TraceFormat.TEXT, "its first line is neither a valgrind log line nor a lackey access");
            }
            start = end + 1;
        }
        return new Guess(TraceFormat.TEXT, "it holds no line");
    }
}
