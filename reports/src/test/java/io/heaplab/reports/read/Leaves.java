package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.heaplab.reports.schema.JsonPath;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The values of a JSON document one by one, for tests that spoil a valid result file in one place: its leaves
 * (scalars, nulls, empty arrays and objects) and its fields, each with its path, and copies of the document with
 * one leaf replaced or one field removed.
 */
public final class Leaves {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Leaves() {
    }

    /**
     * A place in a document: the steps to it (field names and array indexes), its path as messages write it, and
     * the paths of it and its ancestors, nearest first.
     */
    public record Place(List<Object> steps, List<String> pathAndAncestors) {

        public String path() {
            return pathAndAncestors.getFirst();
        }

        /** Whether a message about {@code file} names this place or one of its ancestors as the value out of place. */
        public boolean isNamedIn(String message, Path file) {
            return pathAndAncestors.stream().anyMatch(p -> message.startsWith(file + ": " + p + ": "));
        }
    }

    /** The document in {@code file}. */
    public static JsonNode read(Path file) {
        try {
            return MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One directory for the spoilt files of a test run, removed with them when the JVM exits. */
    private static final class Spoilt {
        static final Path DIR = directory();

        private static Path directory() {
            try {
                Path dir = Files.createTempDirectory("heaplab-spoilt");
                dir.toFile().deleteOnExit();
                return dir;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** {@code document} written to a new temporary file whose name ends in {@code name}. */
    public static Path write(JsonNode document, String name) {
        try {
            Path file = Files.createTempFile(Spoilt.DIR, "", "-" + name);
            file.toFile().deleteOnExit();
            return Files.write(file, MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(document));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every leaf of {@code document}: a scalar, a null, an empty array or an empty object. */
    public static List<Place> leaves(JsonNode document) {
        List<Place> places = new ArrayList<>();
        walk(document, new ArrayList<>(), List.of(JsonPath.ROOT), places, true);
        return places;
    }

    /** Every field of every object in {@code document}. */
    public static List<Place> fields(JsonNode document) {
        List<Place> places = new ArrayList<>();
        walk(document, new ArrayList<>(), List.of(JsonPath.ROOT), places, false);
        return places;
    }

    private static void walk(JsonNode node, List<Object> steps, List<JsonPath> paths, List<Place> places,
                             boolean leaves) {
        boolean container = node.isContainerNode() && !node.isEmpty();
        if (leaves ? !container : !steps.isEmpty() && steps.getLast() instanceof String) {
            places.add(new Place(List.copyOf(steps), paths.reversed().stream().map(JsonPath::toString).toList()));
        }
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                descend(field.getValue(), steps, field.getKey(), paths, paths.getLast().field(field.getKey()),
                        places, leaves);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                descend(node.get(i), steps, i, paths, paths.getLast().index(i), places, leaves);
            }
        }
    }

    private static void descend(JsonNode child, List<Object> steps, Object step, List<JsonPath> paths,
                                JsonPath path, List<Place> places, boolean leaves) {
        steps.add(step);
        List<JsonPath> deeper = new ArrayList<>(paths);
        deeper.add(path);
        walk(child, steps, deeper, places, leaves);
        steps.removeLast();
    }

    /**
     * Values of another type than {@code leaf}'s that no place of a result file accepts instead of it: a string
     * where a number was may be text where any scalar does, so numbers get strings and strings do not; a null may
     * stand for an object, so it gets no object.
     */
    public static List<JsonNode> wrongFor(JsonNode leaf) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        List<JsonNode> wrong = new ArrayList<>();
        if (!leaf.isTextual()) {
            wrong.add(TextNode.valueOf("wrong"));
        }
        wrong.add(leaf.isBoolean() ? IntNode.valueOf(7) : BooleanNode.TRUE);
        if (!leaf.isObject() && !leaf.isNull()) {
            wrong.add(nodes.objectNode());
        }
        if (!leaf.isArray()) {
            wrong.add(nodes.arrayNode());
        }
        return wrong;
    }

    /** A copy of {@code document} with the value at {@code place} replaced by {@code value}. */
    public static JsonNode replaced(JsonNode document, Place place, JsonNode value) {
        JsonNode copy = document.deepCopy();
        JsonNode parent = parent(copy, place);
        Object last = place.steps().getLast();
        if (parent instanceof ObjectNode object) {
            object.set((String) last, value);
        } else {
            ((ArrayNode) parent).set((Integer) last, value);
        }
        return copy;
    }

    /** A copy of {@code document} without the field at {@code place}. */
    public static JsonNode removed(JsonNode document, Place place) {
        JsonNode copy = document.deepCopy();
        ((ObjectNode) parent(copy, place)).remove((String) place.steps().getLast());
        return copy;
    }

    /** The value at {@code place} in {@code document}. */
    public static JsonNode at(JsonNode document, Place place) {
        return follow(document, place.steps());
    }

    private static JsonNode parent(JsonNode document, Place place) {
        return follow(document, place.steps().subList(0, place.steps().size() - 1));
    }

    private static JsonNode follow(JsonNode document, List<Object> steps) {
        JsonNode node = document;
        for (Object step : steps) {
            node = step instanceof String name ? node.get(name) : node.get((Integer) step);
        }
        return node;
    }
}
