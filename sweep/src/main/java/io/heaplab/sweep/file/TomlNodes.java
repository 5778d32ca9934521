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

    static Node read(Path file, String text) {
        TomlParseResult toml = Toml.parse(text);
        if (toml.hasErrors()) {
            TomlParseError error = toml.errors().getFirst();
            TomlPosition at = error.position();
            throw new SweepFileException(file, at == null ? 0 : at.line(), "not well-formed: "
                    + error.getMessage().replaceFirst(" \\(line \\d+, column \\d+\\)$", "") + " (expected: TOML)");
        }
        return table(toml, 1);
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
