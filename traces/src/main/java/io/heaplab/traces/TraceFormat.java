package io.heaplab.traces;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The trace file formats heaplab reads, and which of them it writes. */
public enum TraceFormat {

    /** heaplab's compact run-length format, optionally deflated; read and written (see {@code BinaryTraceFormat}). */
    BINARY,
    /** One page per line, {@code PAGE [R|W]}, with {@code #} comments; read and written. */
    TEXT,
    /** The memory trace of valgrind's {@code --tool=lackey --trace-mem=yes}; read only. */
    LACKEY,
    /**
     * libCacheSim's {@code oracleGeneral} binary records (24 bytes each, object ids made pages), plain or
     * zstd-compressed; read only.
     */
    ORACLE_GENERAL,
    /**
     * libCacheSim's txt and csv traces, and the LIRS traces: an object id per line, or in a column of a
     * comma-separated line; read only.
     */
    IDS,
    /** The ARC paper's block traces, {@code START COUNT IGNORED REQUEST} per line; read only. */
    ARC,
    /** The UCSD address traces, {@code l|s 0xADDRESS N} per line; read only. */
    ADDRESS;

    /** The zstd frame magic, little-endian {@code 0xFD2FB528}: libCacheSim ships its traces compressed with it. */
    static final byte[] ZSTD_MAGIC = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD};

    /** What libCacheSim's traces are named with, as in {@code w44.oracleGeneral.bin.zst}. */
    static final String ORACLE_GENERAL_NAME = "oraclegeneral";

    /** Bytes of the file's head that detection looks at: many lackey log lines fit before the first access. */
    private static final int SNIFF_BYTES = 16 * 1024;

    /**
     * Tells the format by content: the binary magic (or any control character, so a foreign binary file reaches
     * the binary reader and its "wrong magic" message, not a text error about line 1); else lackey when the first
     * non-blank line is a valgrind {@code ==} log line or a lackey access; else text. An empty file is text.
     */
    public static TraceFormat detect(Path file) throws IOException {
        return guess(file).format();
    }

    /** A format told from a file's name or content, and why: an error can then name the guess behind it. */
    public record Guess(TraceFormat format, String why) {
    }

    /** The format {@link #detect(Path)} tells, with the reason. */
    public static Guess guess(Path file) throws IOException {
        // oracleGeneral records have no magic: libCacheSim's own naming tells them, and so does zstd
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.contains(ORACLE_GENERAL_NAME)) {
            return new Guess(ORACLE_GENERAL, "its name says oracleGeneral");
        }
        if (name.endsWith(".csv")) {
            return new Guess(IDS, "its name ends in .csv");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return guess(in.readNBytes(SNIFF_BYTES));
        }
    }

    /**
     * Tells the format of a stream by content, as {@link #detect(Path)} does, without consuming it: {@code in}
     * must support {@link InputStream#mark mark} (a {@link java.io.BufferedInputStream} does), and is reset to
     * where it was.
     */
    public static TraceFormat detect(InputStream in) throws IOException {
        if (!in.markSupported()) {
            throw new IllegalArgumentException("in: " + in.getClass().getName()
                    + " does not support mark (expected: a stream that does, such as a BufferedInputStream)");
        }
        in.mark(SNIFF_BYTES);
        byte[] head = in.readNBytes(SNIFF_BYTES);
        in.reset();
        return guess(head).format();
    }

    private static Guess guess(byte[] head) {
        if (head.length > 0 && BinaryTraceFormat.startsLikeMagic(head, head.length)) {
            return new Guess(BINARY, "it starts with heaplab's binary magic");
        }
        if (zstd(head)) {
            return new Guess(ORACLE_GENERAL, "it starts with a zstd frame");
        }
        for (int i = 0; i < head.length; i++) {
            byte b = head[i];
            if ((b >= 0 && b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7F) {
                return new Guess(BINARY, String.format(Locale.ROOT, "byte %d is a control character (0x%02X), not"
                        + " text", i, b));
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
                if (contentEnd - start >= 2 && head[start] == '=' && head[start + 1] == '=') {
                    return new Guess(LACKEY, "its first line is a valgrind log line");
                }
                return LackeyTraceReader.isAccessLine(head, start, contentEnd)
                        ? new Guess(LACKEY, "its first line is a lackey access")
                        : new Guess(TEXT, "its first line is neither a valgrind log line nor a lackey access");
            }
            start = end + 1;
        }
        return new Guess(TEXT, "it holds no line");
    }

    /** {@code "binary"}, {@code "text"} or {@code "lackey"} (any case) to its constant. */
    public static TraceFormat parse(String name) {
        if (name != null) {
            for (TraceFormat format : values()) {
                if (format.label().equals(name.trim().toLowerCase(Locale.ROOT))) {
                    return format;
                }
            }
        }
        throw new IllegalArgumentException("format: " + (name == null ? "null" : "'" + name + "'")
                + " (expected: binary, text, lackey, oracle-general, ids, arc or address)");
    }

    /** Whether the trace holds byte addresses, which the page size cuts into pages (lackey's, UCSD's). */
    public boolean cutsAddresses() {
        return this == LACKEY || this == ADDRESS;
    }

    /** Whether the reader numbers pages itself, densely in order of first appearance (everything but heaplab's). */
    public boolean renumbers() {
        return this != BINARY && this != TEXT;
    }

    /**
     * Whether {@code head} starts a zstd stream: a frame, or a skippable frame (magic {@code 0x184D2A5?},
     * little-endian), which parallel compressors such as pzstd put first.
     */
    static boolean zstd(byte[] head) {
        if (head.length < ZSTD_MAGIC.length) {
            return false;
        }
        boolean skippable = (head[0] & 0xF0) == 0x50 && head[1] == 0x2A && head[2] == 0x4D && head[3] == 0x18;
        return skippable || java.util.Arrays.equals(head, 0, ZSTD_MAGIC.length, ZSTD_MAGIC, 0, ZSTD_MAGIC.length);
    }

    /** The name {@link #parse} takes: the constant in lower case, words joined by '-'. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
