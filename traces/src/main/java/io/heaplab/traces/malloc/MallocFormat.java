package io.heaplab.traces.malloc;

import io.heaplab.core.spi.SpecException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;

/** The malloc-trace formats heaplab reads, and the two it writes; told apart by their first bytes. */
public enum MallocFormat {
    /** heaplab's own binary format ({@link HeaplabMallocFormat}). */
    HEAPLAB("heaplab", true),
    /** Android's memory_replay text ({@link AndroidMallocFormat}). */
    ANDROID("android", true),
    /** glibc's mtrace output ({@link MtraceMallocFormat}); read only. */
    MTRACE("mtrace", false),
    /** CS:APP malloc lab traces ({@link RepMallocFormat}); read only. */
    REP("rep", false);

    private static final Pattern ANDROID_LINE =
            Pattern.compile("\\d+:\\s*(malloc|calloc|realloc|memalign|posix_memalign|free|thread_done)\\b.*");
    private static final Pattern MTRACE_LINE = Pattern.compile("(= (Start|End)|@ .*|[-+<>!] 0x[0-9a-fA-F]+.*)");
    private static final Pattern NUMBER = Pattern.compile("\\d+");

    private final String word;
    private final boolean writable;

    MallocFormat(String word, boolean writable) {
        this.word = word;
        this.writable = writable;
    }

    /** Its name for {@code --format}. */
    public String word() {
        return word;
    }

    public boolean writable() {
        return writable;
    }

    /** The format {@code word} names; anything else fails with a one-line {@link SpecException}. */
    public static MallocFormat parse(String word) {
        for (MallocFormat format : values()) {
            if (format.word.equals(word.toLowerCase(Locale.ROOT))) {
                return format;
            }
        }
        throw new SpecException("format: " + word + " (expected: heaplab, android, mtrace or rep)");
    }

    /** The format to write for {@code file}'s name: Android text for {@code .txt}, heaplab's otherwise. */
    public static MallocFormat forOutput(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".txt") ? ANDROID : HEAPLAB;
    }

    /**
     * The format of {@code file}, from its content: heaplab's magic, else its first line that is neither blank nor
     * a {@code #} comment. Fails with a one-line {@link SpecException} when it is none of them.
     */
    public static MallocFormat detect(Path file) throws IOException {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(4096);
        }
        if (head.length >= HeaplabMallocFormat.MAGIC.length && Arrays.equals(head, 0,
                HeaplabMallocFormat.MAGIC.length, HeaplabMallocFormat.MAGIC, 0, HeaplabMallocFormat.MAGIC.length)) {
            return HEAPLAB;
        }
        for (String line : new String(head, StandardCharsets.ISO_8859_1).split("\n")) {
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            if (ANDROID_LINE.matcher(text).matches()) {
                return ANDROID;
            }
            if (MTRACE_LINE.matcher(text).matches()) {
                return MTRACE;
            }
            if (NUMBER.matcher(text).matches()) {
                return REP;
            }
            break;
        }
        throw new SpecException(file + ": not a malloc trace heaplab knows (expected: heaplab's .hmt, Android"
                + " memory_replay text, glibc mtrace output or a CS:APP .rep file, told apart by their first bytes)");
    }
}
