package io.heaplab.core.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where two texts part, told as a reader of a diff would look for it: the lines they share at the start and at the end
 * set aside, the expected lines between ({@code -}) and the actual ones ({@code +}), with a few shared lines either
 * side. One hunk, not a minimal diff: a golden file that fails usually differs in one place, and where it differs in
 * many the first is enough to start from (an IDE shows the whole texts side by side).
 */
final class LineDifference {

    /** Shared lines shown before and after the lines that differ. */
    private static final int CONTEXT = 3;
    /** The most lines shown of each side between. */
    private static final int SHOWN = 8;

    private LineDifference() {
    }

    /**
     * The difference between {@code expected} and {@code actual}, which differ: a first line saying where and how long
     * each is, ending in ")", then the lines.
     */
    static String of(String expected, String actual) {
        List<String> left = lines(expected);
        List<String> right = lines(actual);
        int first = 0;
        while (first < left.size() && first < right.size() && left.get(first).equals(right.get(first))) {
            first++;
        }
        // the shared end, never reaching back into the shared start
        int shared = 0;
        while (shared < Math.min(left.size(), right.size()) - first
                && left.get(left.size() - 1 - shared).equals(right.get(right.size() - 1 - shared))) {
            shared++;
        }
        StringBuilder text = new StringBuilder();
        text.append("first difference at line ").append(first + 1).append("; expected ").append(left.size())
                .append(" lines, ").append(expected.length()).append(" characters; actual ").append(right.size())
                .append(" lines, ").append(actual.length()).append(" characters)\n");
        for (int n = Math.max(0, first - CONTEXT); n < first; n++) {
            append(text, ' ', n, left.get(n));
        }
        side(text, '-', left, first, left.size() - shared);
        side(text, '+', right, first, right.size() - shared);
        for (int n = left.size() - shared; n < Math.min(left.size(), left.size() - shared + CONTEXT); n++) {
            append(text, ' ', n, left.get(n));
        }
        return text.toString().stripTrailing();
    }

    /** The lines {@code from} to {@code to} of one side, at most {@link #SHOWN} of them. */
    private static void side(StringBuilder text, char mark, List<String> lines, int from, int to) {
        for (int n = from; n < Math.min(to, from + SHOWN); n++) {
            append(text, mark, n, lines.get(n));
        }
        if (to - from > SHOWN) {
            text.append(mark).append("      ... ").append(to - from - SHOWN).append(" more\n");
        }
    }

    /** The lines of {@code text}, each with its line break if it has one: a missing last break is a difference. */
    private static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        while (start < text.length()) {
            int end = text.indexOf('\n', start);
            end = end < 0 ? text.length() : end + 1;
            lines.add(text.substring(start, end));
            start = end;
        }
        return lines;
    }

    /** One line, numbered from 1, with what cannot be seen made visible (a carriage return, a tab, no line break). */
    private static void append(StringBuilder text, char mark, int n, String line) {
        boolean broken = line.endsWith("\n");
        String content = broken ? line.substring(0, line.length() - 1) : line;
        text.append(mark).append(String.format(Locale.ROOT, "%5d ", n + 1));
        content.codePoints().forEach(c -> {
            switch (c) {
                case '\r' -> text.append("\\r");
                case '\t' -> text.append("\\t");
                default -> {
                    if (Character.isISOControl(c)) {
                        text.append(String.format(Locale.ROOT, "\\u%04x", c));
                    } else {
                        text.appendCodePoint(c);
                    }
                }
            }
        });
        text.append(broken ? "\n" : "\n\\ no line break at the end\n");
    }
}
