package io.heaplab.cli;

import io.heaplab.core.spi.SpecException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Expands every argument {@code @FILE} into the arguments FILE holds, as picocli would, but bounded: FILE must be a
 * regular file (a FIFO, a device or a directory would hang the read or fail deep inside picocli), of at most
 * {@link #MAX_BYTES}, in UTF-8; files may name files, at most {@link #MAX_DEPTH} deep and never in a cycle; and the
 * whole expands to at most {@link #MAX_ARGUMENTS} arguments. Any breach is a one-line usage error naming the file.
 *
 * <p>In a file, arguments are separated by white space; single or double quotes keep white space in one argument (a
 * backslash escapes the next character inside double quotes); {@code #} outside quotes starts a comment to the end
 * of its line. {@code @@x} stands for the argument {@code @x} itself.
 */
final class ArgumentFiles {

    /** The largest argument file read: a long experiment's options fit many times over. */
    static final int MAX_BYTES = 1 << 20;
    /** How deep argument files may name argument files. */
    static final int MAX_DEPTH = 10;
    /** The most arguments the command line may expand to. */
    static final int MAX_ARGUMENTS = 100_000;

    private ArgumentFiles() {
    }

    /** {@code args} with every {@code @FILE} replaced by its arguments; a bad file fails with a SpecException. */
    static String[] expand(String[] args) {
        List<String> out = new ArrayList<>();
        expand(List.of(args), out, new ArrayDeque<>());
        return out.toArray(String[]::new);
    }

    private static void expand(List<String> args, List<String> out, Deque<Path> reading) {
        for (String arg : args) {
            if (arg.startsWith("@@")) {
                add(out, arg.substring(1));
            } else if (arg.startsWith("@") && arg.length() > 1) {
                Path file = Path.of(arg.substring(1)).toAbsolutePath().normalize();
                if (reading.contains(file)) {
                    throw bad(arg, "names itself through " + reading.peekLast().getFileName() + " (expected: argument"
                            + " files that do not name one another in a cycle)");
                }
                if (reading.size() == MAX_DEPTH) {
                    throw bad(arg, "is " + (MAX_DEPTH + 1) + " argument files deep (expected: at most " + MAX_DEPTH
                            + ")");
                }
                reading.addLast(file);
                expand(tokens(arg, read(arg, file)), out, reading);
                reading.removeLast();
            } else {
                add(out, arg);
            }
        }
    }

    private static void add(List<String> out, String arg) {
        if (out.size() == MAX_ARGUMENTS) {
            throw new SpecException("the argument files give more than " + MAX_ARGUMENTS + " arguments (expected: at"
                    + " most " + MAX_ARGUMENTS + ")");
        }
        out.add(arg);
    }

    /** The text of {@code file}, checked before a byte is read: a regular file, small enough, in UTF-8. */
    private static String read(String arg, Path file) {
        if (!Files.exists(file)) {
            throw bad(arg, "does not exist (expected: a file of arguments)");
        }
        if (!Files.isRegularFile(file)) {
            throw bad(arg, "is " + (Files.isDirectory(file) ? "a directory" : "not a regular file (a device or a"
                    + " pipe)") + " (expected: a file of arguments)");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw bad(arg, "cannot be read: " + (e.getMessage() == null ? e.getClass().getSimpleName()
                    : e.getMessage()) + " (expected: a readable file of arguments)");
        }
        if (bytes.length > MAX_BYTES) {
            throw bad(arg, "is over " + (MAX_BYTES >> 20) + " MiB (expected: a file of arguments, at most "
                    + (MAX_BYTES >> 20) + " MiB)");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw bad(arg, "is not UTF-8 text (expected: a text file of arguments)");
        }
    }

    /** The arguments of {@code text}: white space between, quotes around, comments after {@code #}. */
    private static List<String> tokens(String arg, String text) {
        List<String> tokens = new ArrayList<>();
        StringBuilder token = new StringBuilder();
        boolean inToken = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\'') {
                int end = i + 1;
                for (; end < text.length() && text.charAt(end) != c; end++) {
                    if (c == '"' && text.charAt(end) == '\\' && end + 1 < text.length()) {
                        end++;
                    }
                    token.append(text.charAt(end));
                }
                if (end == text.length()) {
                    // counted only here: counting at every quote would make a file of quotes quadratic
                    int line = 1 + (int) text.substring(0, i).chars().filter(ch -> ch == '\n').count();
                    throw bad(arg, "line " + line + ": a quote " + c + " is never closed (expected: a closing " + c
                            + ")");
                }
                i = end;
                inToken = true;
            } else if (Character.isWhitespace(c)) {
                if (inToken) {
                    tokens.add(token.toString());
                    token.setLength(0);
                    inToken = false;
                }
            } else if (c == '#' && !inToken) {
                while (i + 1 < text.length() && text.charAt(i + 1) != '\n') {
                    i++;
                }
            } else {
                token.append(c);
                inToken = true;
            }
        }
        if (inToken) {
            tokens.add(token.toString());
        }
        return tokens;
    }

    private static SpecException bad(String arg, String what) {
        return new SpecException("argument file " + arg + " " + what);
    }
}
