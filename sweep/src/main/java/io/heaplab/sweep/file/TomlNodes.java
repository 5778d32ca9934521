package io.heaplab.sweep.file;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import org.tomlj.Toml;
import org.tomlj.TomlArray;
import org.tomlj.TomlParseError;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlPosition;
import org.tomlj.TomlTable;

/** A TOML sweep file as {@link Node}s, each at the line tomlj found its key or item on. */
final class TomlNodes {

    private TomlNodes() {
    }

    /**
     * The deepest nesting of arrays and inline tables read: tomlj's parser spends many frames a level, so far less
     * than the 1000 Jackson allows YAML and JSON, and still far more than a sweep file's three or four.
     */
    static final int MAX_DEPTH = 100;

    static Node read(Path file, String text) {
        // tomlj parses by recursion: a file nested thousands deep would overflow the stack, so it is measured first
        checkDepth(file, text);
        TomlParseResult toml = Toml.parse(text);
        if (toml.hasErrors()) {
            TomlParseError error = toml.errors().getFirst();
            TomlPosition at = error.position();
            throw new SweepFileException(file, at == null ? 0 : at.line(), "not well-formed: "
                    + error.getMessage().replaceFirst(" \\(line \\d+, column \\d+\\)$", "") + " (expected: TOML)");
        }
        return table(toml, 1);
    }

    /**
     * Fails naming the line where {@code text} nests arrays and inline tables more than {@link #MAX_DEPTH} deep,
     * counting brackets and braces outside strings and comments.
     */
    private static void checkDepth(Path file, String text) {
        int depth = 0;
        int line = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
            } else if (c == '#') {
                while (i + 1 < text.length() && text.charAt(i + 1) != '\n') {
                    i++;
                }
            } else if (c == '"' || c == '\'') {
                // a string, basic or literal, on one line or (tripled) on many: its brackets are text
                String quote = text.startsWith(String.valueOf(c).repeat(3), i) ? String.valueOf(c).repeat(3)
                        : String.valueOf(c);
                int end = i + quote.length();
                while (end < text.length() && !text.startsWith(quote, end)) {
                    if (c == '"' && text.charAt(end) == '\\') {
                        end++;
                    }
                    if (end < text.length() && text.charAt(end) == '\n') {
                        line++;
                    }
                    end++;
                }
                i = Math.min(text.length(), end + quote.length()) - 1;
            } else if (c == '[' || c == '{') {
                if (++depth > MAX_DEPTH) {
                    throw new SweepFileException(file, line, "arrays or inline tables nested more than " + MAX_DEPTH
                            + " deep (expected: at most " + MAX_DEPTH + ")");
                }
            } else if (c == ']' || c == '}') {
                depth = Math.max(0, depth - 1);
            }
        }
    }

    private static Node.Mapping table(TomlTable table, int line) {
        SequencedMap<String, Node> entries = new LinkedHashMap<>();
        for (String key : table.keySet()) {
            List<String> path = List.of(key);
            TomlPosition at = table.inputPositionOf(path);
            entries.put(key, value(table.get(path), at == null ? line : at.line()));
        }
        return new Node.Mapping(entries, line);
    }

    private static Node value(Object value, int line) {
        if (value instanceof TomlTable table) {
            return table(table, line);
        }
        if (value instanceof TomlArray array) {
            List<Node> items = new ArrayList<>();
            for (int i = 0; i < array.size(); i++) {
                TomlPosition at = array.inputPositionOf(i);
                items.add(value(array.get(i), at == null ? line : at.line()));
            }
            return new Node.Sequence(items, line);
        }
        // a double as its shortest text (0.1, not 0.1000000000000000055...); the sweep makes every number canonical
        return new Node.Scalar(value instanceof Double d ? Double.toString(d) : String.valueOf(value), line);
    }
}
