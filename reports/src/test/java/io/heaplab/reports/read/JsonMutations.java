package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Damage done to a valid result file to fuzz its reader: first to the document, as a hand edit or another tool would
 * do it (a field deleted, renamed or given a value of another type, an array element repeated, a subtree moved
 * elsewhere, the experiment renamed), then to its bytes, as a cut or a bad disk would (truncated, a byte overwritten,
 * bytes inserted). Where an edit applies is a number taken modulo the document's fields and elements, so any edit
 * applies to any document, and shrinking moves it toward the document's first field.
 */
final class JsonMutations {

    /** No mutant grows past this: a file of a few KiB is read in a millisecond, so many tries fit in the build. */
    static final int MAX_BYTES = 64 * 1024;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Stands for arrays nested past the parser's limit of 1,000 in a document until it is written. */
    private static final String PAST_LIMIT_MARK = "@@nested past the limit@@";
    private static final String PAST_LIMIT = "[".repeat(1500) + "1" + "]".repeat(1500);
    /** Bytes that mean something to JSON. */
    private static final String TELLING = "{}[]\",:-+.0123456789eEtfnul \n\\";

    private JsonMutations() {
    }

    /** What replaces a value: each a type or a range a reader may not expect where it finds it. */
    enum Value {
        TEXT, EMPTY_TEXT, CONTROL_TEXT, NEGATIVE, ZERO, FRACTION, HUGE, LONG_MAX, BEYOND_LONG, TRUE, NULL, EMPTY_ARRAY,
        EMPTY_OBJECT, MIXED_ARRAY, NESTED_DEEP, NESTED_PAST_LIMIT;

        JsonNode node() {
            return switch (this) {
                case TEXT -> NODES.textNode("x");
                case EMPTY_TEXT -> NODES.textNode("");
                // what a message that quotes the file must escape: a line break, an escape sequence, a NUL
                case CONTROL_TEXT -> NODES.textNode("two\nlines\u001b[31m\u0000");
                case NEGATIVE -> NODES.numberNode(-1);
                case ZERO -> NODES.numberNode(0);
                case FRACTION -> NODES.numberNode(0.5);
                case HUGE -> NODES.numberNode(1e308);
                case LONG_MAX -> NODES.numberNode(Long.MAX_VALUE);
                case BEYOND_LONG -> NODES.numberNode(new BigInteger("123456789012345678901234567890"));
                case TRUE -> NODES.booleanNode(true);
                case NULL -> NODES.nullNode();
                case EMPTY_ARRAY -> NODES.arrayNode();
                case EMPTY_OBJECT -> NODES.objectNode();
                case MIXED_ARRAY -> NODES.arrayNode().add(1).add("a").addNull().add(NODES.objectNode()).add(-2.5);
                case NESTED_DEEP -> nested(200);
                // Jackson writes no tree nested past 1,000: a marker, replaced in the bytes by apply()
                case NESTED_PAST_LIMIT -> NODES.textNode(PAST_LIMIT_MARK);
            };
        }

        private static JsonNode nested(int depth) {
            JsonNode node = NODES.numberNode(1);
            for (int i = 0; i < depth; i++) {
                node = NODES.arrayNode().add(node);
            }
            return node;
        }
    }

    /** One edit of a document; {@code root} holds the document as its only element, so the root too can be replaced. */
    sealed interface Edit {

        void apply(ArrayNode root);
    }

    /** Deletes a field or an array element. */
    record Delete(int at) implements Edit {
        @Override
        public void apply(ArrayNode root) {
            Slot slot = slot(root, at);
            if (slot.parent() instanceof ObjectNode object) {
                object.remove(slot.field());
            } else if (slot.parent() != root) {
                ((ArrayNode) slot.parent()).remove(slot.index());
            }
        }
    }

    /** Gives a field or an element another value. */
    record Replace(int at, Value value) implements Edit {
        @Override
        public void apply(ArrayNode root) {
            slot(root, at).set(value.node());
        }
    }

    /** Renames a field: what a typo, or another version of heaplab, does. */
    record Rename(int at, String suffix) implements Edit {
        @Override
        public void apply(ArrayNode root) {
            Slot slot = slot(root, at);
            if (slot.parent() instanceof ObjectNode object) {
                JsonNode value = object.remove(slot.field());
                object.set(slot.field() + suffix, value);
            }
        }
    }

    /** Repeats an array element (an object's field is left as it is). */
    record Repeat(int at) implements Edit {
        @Override
        public void apply(ArrayNode root) {
            Slot slot = slot(root, at);
            if (slot.parent() instanceof ArrayNode array && array != root) {
                array.insert(slot.index(), slot.get().deepCopy());
            }
        }
    }

    /** Puts a copy of one subtree where another was: a table where a number is expected, say. */
    record Move(int from, int to) implements Edit {
        @Override
        public void apply(ArrayNode root) {
            JsonNode moved = slot(root, from).get().deepCopy();
            slot(root, to).set(moved);
        }
    }

    /** Sets the document's {@code experiment}, which picks the reader: to a known one, an unknown one, or no text. */
    record Experiment(Value value, boolean known) implements Edit {
        @Override
        public void apply(ArrayNode root) {
            if (root.get(0) instanceof ObjectNode document) {
                document.set("experiment", value == Value.TEXT ? NODES.textNode(known ? "sample" : "no-such")
                        : value.node());
            }
        }
    }

    /** A field of an object or an element of an array: where an edit applies. */
    private record Slot(JsonNode parent, String field, int index) {
        JsonNode get() {
            return parent instanceof ObjectNode object ? object.get(field) : parent.get(index);
        }

        void set(JsonNode value) {
            if (parent instanceof ObjectNode object) {
                object.set(field, value);
            } else {
                ((ArrayNode) parent).set(index, value);
            }
        }
    }

    /** The {@code at}-th slot (modulo their number) of the document, in document order; the root is the first. */
    private static Slot slot(ArrayNode root, int at) {
        List<Slot> slots = new ArrayList<>();
        collect(root, slots);
        return slots.get(at % slots.size());
    }

    private static void collect(JsonNode parent, List<Slot> slots) {
        if (parent instanceof ObjectNode object) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                slots.add(new Slot(object, field.getKey(), -1));
                collect(field.getValue(), slots);
            }
        } else if (parent instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                slots.add(new Slot(array, null, i));
                collect(array.get(i), slots);
            }
        }
    }

    /** One to three edits of the document; shrinks toward deleting its first field. */
    static Arbitrary<List<Edit>> documentEdits() {
        Arbitrary<Integer> at = Arbitraries.integers().between(0, 1 << 16);
        Arbitrary<Value> value = Arbitraries.of(Value.class);
        Arbitrary<Edit> edit = Arbitraries.frequencyOf(
                Tuple.of(3, at.map(Delete::new)),
                Tuple.of(5, Combinators.combine(at, value).as(Replace::new)),
                Tuple.of(1, Combinators.combine(at, Arbitraries.of("x", "s", "_", "Count")).as(Rename::new)),
                Tuple.of(1, at.map(Repeat::new)),
                Tuple.of(2, Combinators.combine(at, at).as(Move::new)),
                Tuple.of(1, Combinators.combine(value, Arbitraries.of(true, false)).as(Experiment::new)));
        return edit.list().ofMinSize(1).ofMaxSize(3);
    }

    /** One edit of a file's bytes. */
    sealed interface ByteEdit {

        byte[] apply(byte[] bytes);
    }

    /** Cuts the file at {@code at}. */
    record Cut(int at) implements ByteEdit {
        @Override
        public byte[] apply(byte[] bytes) {
            return Arrays.copyOf(bytes, at % (bytes.length + 1));
        }
    }

    /** Writes {@code with} over the byte at {@code at}. */
    record Overwrite(int at, byte with) implements ByteEdit {
        @Override
        public byte[] apply(byte[] bytes) {
            if (bytes.length == 0) {
                return bytes;
            }
            byte[] out = bytes.clone();
            out[at % out.length] = with;
            return out;
        }
    }

    /** Inserts {@code with} before the byte at {@code at}. */
    record Insert(int at, byte with) implements ByteEdit {
        @Override
        public byte[] apply(byte[] bytes) {
            int from = at % (bytes.length + 1);
            ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length + 1);
            out.write(bytes, 0, from);
            out.write(with);
            out.write(bytes, from, bytes.length - from);
            return out.toByteArray();
        }
    }

    /** No byte edit at all, most often: the document edits alone keep the file JSON, so its reader is reached. */
    static Arbitrary<List<ByteEdit>> byteEdits() {
        Arbitrary<Integer> at = Arbitraries.integers().between(0, 1 << 16);
        Arbitrary<Byte> with = Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.bytes()),
                Tuple.of(2, Arbitraries.of(TELLING.chars().mapToObj(c -> (byte) c).toList())));
        Arbitrary<ByteEdit> edit = Arbitraries.frequencyOf(
                Tuple.of(2, at.map(Cut::new)),
                Tuple.of(2, Combinators.combine(at, with).as(Overwrite::new)),
                Tuple.of(1, Combinators.combine(at, with).as(Insert::new)));
        return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just(List.of())),
                Tuple.of(1, edit.list().ofMinSize(1).ofMaxSize(2)));
    }

    /** {@code seed}, a JSON document, after the document edits and then the byte edits, cut to {@link #MAX_BYTES}. */
    static byte[] apply(byte[] seed, List<Edit> documentEdits, List<ByteEdit> byteEdits) {
        ArrayNode root = NODES.arrayNode();
        try {
            root.add(MAPPER.readTree(seed));
            for (Edit edit : documentEdits) {
                edit.apply(root);
            }
            String text = MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root.get(0));
            byte[] bytes = text.replace('"' + PAST_LIMIT_MARK + '"', PAST_LIMIT).getBytes(StandardCharsets.UTF_8);
            for (ByteEdit edit : byteEdits) {
                bytes = edit.apply(bytes);
            }
            return bytes.length > MAX_BYTES ? Arrays.copyOf(bytes, MAX_BYTES) : bytes;
        } catch (IOException e) {
            throw new UncheckedIOException("a seed is not JSON: " + new String(seed, StandardCharsets.UTF_8), e);
        }
    }
}
