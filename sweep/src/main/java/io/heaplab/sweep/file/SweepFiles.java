package io.heaplab.sweep.file;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import io.heaplab.core.files.InputFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.SequencedMap;

/**
 * Reads a sweep file into {@link Node}s that know their lines, by its extension: YAML ({@code .yaml}, {@code
 * .yml}) and JSON ({@code .json}) through Jackson's token streams, TOML ({@code .toml}) through tomlj.
 */
public final class SweepFiles {

    /** The largest sweep file read: a sweep is a page of axes, not data. */
    static final long MAX_BYTES = 4L << 20;

    private SweepFiles() {
    }

    /** The file's top-level table. */
    public static Node.Mapping read(Path file) {
        String problem = InputFile.problem(file);
        if (problem != null) {
            throw new SweepFileException(file, 0, "sweep file " + problem + " (expected: a sweep file to read)");
        }
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        String text;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new SweepFileException(file, 0, "more than " + MAX_BYTES + " bytes (expected: a sweep file)");
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new SweepFileException(file, 0, "not UTF-8 text (expected: a sweep file in UTF-8)");
        } catch (IOException e) {
            throw new SweepFileException(file, 0, "cannot be read: " + e.getMessage()
                    + " (expected: a readable UTF-8 sweep file)");
        }
        Node top;
        if (name.endsWith(".toml")) {
            top = TomlNodes.read(file, text);
        } else if (name.endsWith(".yaml") || name.endsWith(".yml")) {
            top = tokens(file, new YAMLFactory(), text);
        } else if (name.endsWith(".json")) {
            top = tokens(file, new JsonFactory(), text);
        } else {
            throw new SweepFileException(file, 0, "unknown format (expected: a sweep file named *.yaml, *.yml,"
                    + " *.toml or *.json)");
        }
        if (!(top instanceof Node.Mapping mapping)) {
            throw new SweepFileException(file, top == null ? 1 : top.line(), (top == null ? "empty" : top.kind())
                    + " at the top (expected: a table of axes such as allocator: [first-fit, buddy])");
        }
        return mapping;
    }

    private static Node tokens(Path file, JsonFactory factory, String text) {
        try (JsonParser parser = factory.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return null;
            }
            Node node = value(file, parser, line(parser));
            if (parser.nextToken() != null) {
                throw new SweepFileException(file, line(parser), "more after the sweep's table (expected: one"
                        + " document)");
            }
            return node;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            int line = at == null ? 0 : at.getLineNr();
            String problem = e.getOriginalMessage().lines().findFirst().orElse("").strip();
            // YAML's parser says what it was doing first ("while parsing a flow sequence"); the problem comes after
            if (e.getCause() instanceof MarkedYAMLException yaml && yaml.getProblem() != null) {
                problem = yaml.getProblem();
                line = yaml.getProblemMark() == null ? line : yaml.getProblemMark().getLine() + 1;
            }
            if (problem.startsWith("Expected a field name")) {
                // Jackson names the parser's event class; the user wrote a key that is a list or a table
                problem = "a key that is a list or a table";
            }
            throw new SweepFileException(file, line, "not well-formed: " + problem + " (expected: "
                    + (factory instanceof YAMLFactory ? "YAML" : "JSON") + ")");
        } catch (IOException e) {
            throw new SweepFileException(file, 0, "cannot be read: " + e.getMessage() + " (expected: a sweep file)");
        }
    }

    /** The value at the parser's current token; {@code line} is its key's line, or its own. */
    private static Node value(Path file, JsonParser parser, int line) throws IOException {
        JsonToken token = parser.currentToken();
        if (parser instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
            throw new SweepFileException(file, line(parser), "a YAML alias, *" + parser.getText() + " (expected: the"
                    + " value written out; a sweep file does not follow anchors)");
        }
        switch (token) {
            case START_OBJECT -> {
                SequencedMap<String, Node> entries = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    int keyLine = line(parser);
                    parser.nextToken();
                    if (entries.putIfAbsent(key, value(file, parser, keyLine)) != null) {
                        throw new SweepFileException(file, keyLine, "'" + key + "' given twice (expected: each key"
                                + " once)");
                    }
                }
                return new Node.Mapping(entries, line);
            }
            case START_ARRAY -> {
                List<Node> items = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    items.add(value(file, parser, line(parser)));
                }
                return new Node.Sequence(items, line);
            }
            case VALUE_NULL -> {
                return new Node.Scalar("", line);
            }
            default -> {
                return new Node.Scalar(parser.getText(), line);
            }
        }
    }

    private static int line(JsonParser parser) {
        return parser.currentTokenLocation().getLineNr();
    }
}
