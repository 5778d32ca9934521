package io.heaplab.acceptance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The heaplab commands shown in the docs: every fenced {@code sh} block of README.md and docs/*.md, its
 * {@code \} continuations joined and trailing {@code # comments} stripped, each line that starts with
 * {@code ./heaplab } or {@code heaplab } split into arguments as a shell would (plain words and quotes only).
 *
 * <p>A block that shows an error on purpose says so on the line before its fence:
 * {@code <!-- docs-check: exit 2 -->}; every command in it must then exit with that code.
 */
final class DocsBlocks {

    private static final Pattern FENCE = Pattern.compile("^\\s*```\\s*(\\S*)\\s*$");
    private static final Pattern EXIT_MARK = Pattern.compile("^\\s*<!--\\s*docs-check:\\s*exit\\s+(\\d+)\\s*-->\\s*$");
    /** What a plain command may not hold outside quotes: pipes, redirections, substitutions, globs, brackets. */
    private static final Pattern SHELL_SYNTAX = Pattern.compile("[|&;<>$`(){}\\[\\]*?~]");

    /**
     * One command as the docs show it.
     *
     * @param comment the trailing comment of its last line, without the {@code #}, or empty; in a block that
     *                shows an error, a comment beginning {@code heaplab: } is the message, {@code ...} where it
     *                is cut short
     */
    record Command(String text, List<String> args, int line, String comment) {
    }

    /** One fenced sh block and the heaplab commands in it, in order. */
    record Block(Path doc, int line, int expectedExit, List<Command> commands) {
        String name() {
            return doc.getFileName() + ":" + line;
        }
    }

    private DocsBlocks() {
    }

    /** README.md and docs/*.md under {@code root}, README first, then by name. */
    static List<Path> docs(Path root) {
        List<Path> docs = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> files = Files.list(root.resolve("docs"))) {
            files.filter(f -> f.getFileName().toString().endsWith(".md")).sorted().forEach(docs::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return docs;
    }

    /** The sh blocks of {@code doc} that hold at least one heaplab command. */
    static List<Block> blocks(Path doc) {
        List<String> lines;
        try {
            lines = Files.readAllLines(doc);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                continue;
            }
            int start = i;
            int end = i + 1;
            while (end < lines.size() && !FENCE.matcher(lines.get(end)).matches()) {
                end++;
            }
            if (end == lines.size()) {
                throw new AssertionError(doc + ":" + (start + 1) + ": a fence that is never closed");
            }
            i = end;
            if (!open.group(1).equals("sh")) {
                continue;
            }
            int expectedExit = 0;
            int before = start - 1;
            while (before >= 0 && lines.get(before).isBlank()) {
                before--;
            }
            if (before >= 0) {
                Matcher mark = EXIT_MARK.matcher(lines.get(before));
                if (mark.matches()) {
                    expectedExit = Integer.parseInt(mark.group(1));
                }
            }
            List<Command> commands = commands(doc, lines, start + 1, end);
            if (!commands.isEmpty()) {
                blocks.add(new Block(doc, start + 1, expectedExit, commands));
            }
        }
        return blocks;
    }

    private static List<Command> commands(Path doc, List<String> lines, int from, int to) {
        List<Command> commands = new ArrayList<>();
        for (int i = from; i < to; i++) {
            int first = i;
            StringBuilder joined = new StringBuilder();
            String line = stripComment(lines.get(i));
            while (line.endsWith("\\") && i + 1 < to) {
                joined.append(line, 0, line.length() - 1).append(' ');
                line = stripComment(lines.get(++i));
            }
            joined.append(line);
            String raw = lines.get(i);
            String comment = raw.length() > line.length() ? raw.substring(line.length()).strip() : "";
            comment = comment.startsWith("#") ? comment.substring(1).strip() : "";
            String text = joined.toString().strip().replaceAll("\\s+", " ");
            String rest;
            if (text.startsWith("./heaplab ")) {
                rest = text.substring("./heaplab ".length());
            } else if (text.startsWith("heaplab ")) {
                rest = text.substring("heaplab ".length());
            } else {
                continue; // mvn, java and the like: not heaplab's to run
            }
            commands.add(new Command(text, split(rest, doc + ":" + (first + 1)), first + 1, comment));
        }
        return commands;
    }

    /** The line without a trailing {@code # comment} (a {@code #} after a blank, outside quotes), trailing blanks cut. */
    static String stripComment(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i).stripTrailing();
            }
        }
        return line.stripTrailing();
    }

    /** Words as a shell splits them, quotes removed; anything but plain words and quotes fails. */
    static List<String> split(String command, String where) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else {
                if (SHELL_SYNTAX.matcher(String.valueOf(c)).matches() || c == '\\') {
                    throw new AssertionError(where + ": '" + c + "' in `heaplab " + command
                            + "` (expected: a plain command the docs check can run, with no shell syntax or"
                            + " optional [parts]; say what is optional in the text)");
                }
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (quote != 0) {
            throw new AssertionError(where + ": an unclosed quote in `heaplab " + command + "`");
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }
}
