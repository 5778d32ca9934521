package io.heaplab.sweep;

import io.heaplab.core.heap.Accounting;
import io.heaplab.core.heap.Bytes;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.run.OptionCombinations;
import io.heaplab.core.run.Ranges;
import io.heaplab.core.run.Sizes;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.sweep.file.Node;
import io.heaplab.sweep.file.SweepFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.function.Function;

/**
 * The values of a sweep's axes as a file writes them: one value, a range ({@code 1..10}, {@code 16..1024*2},
 * {@code 0..1/0.25}) or a list of them; a plugin axis's specs, whole or as a table of a name and its options' values;
 * the plain axes' values converted and checked (page size, heap size, allocator references paged, seed). Each keeps
 * the line it was written on, and a number is one value however it is written ({@code 16}, {@code 16.0}).
 */
final class AxisValues {

    /** The axis of policies, whose frames and theta are sizes. */
    static final String POLICY = "policy";

    /** The heap size of a heap that grows as the allocator asks. */
    static final String GROWABLE = "growable";

    private AxisValues() {
    }

    /** The specs of a workload, allocator or policy axis: specs, tables of name to options, or lists of both. */
    static List<At<Spec>> specs(Path file, Node.Mapping top, String key, boolean required) {
        Node node = top.entries().get(key);
        if (node == null) {
            if (required) {
                throw new SweepFileException(file, top.line(), "no " + key + " axis (expected: " + key + ": and one"
                        + " or more specs)");
            }
            return List.of();
        }
        List<At<Spec>> specs = new ArrayList<>();
        for (Node item : node instanceof Node.Sequence list ? list.items() : List.of(node)) {
            switch (item) {
                case Node.Scalar scalar -> {
                    At<String> text = new At<>(scalar.text(), file, scalar.line());
                    Spec spec = spec(text);
                    for (Spec sized : key.equals(POLICY) ? sized(spec, text) : List.of(spec)) {
                        specs.add(new At<>(sized, file, scalar.line()));
                    }
                }
                case Node.Mapping plugins -> {
                    for (Map.Entry<String, Node> plugin : plugins.entries().entrySet()) {
                        specs.addAll(combinations(file, key, plugin.getKey(), plugin.getValue()));
                    }
                }
                case Node.Sequence nested -> throw new SweepFileException(file, nested.line(), "a list inside the "
                        + key + " list (expected: specs, or tables of a name and its options)");
            }
        }
        if (specs.isEmpty()) {
            throw new SweepFileException(file, node.line(), "empty axis '" + key + "' (expected: one or more specs)");
        }
        return specs;
    }

    /** The specs of one plugin whose options are given as values, lists or ranges: every combination, in order. */
    private static List<At<Spec>> combinations(Path file, String key, String name, Node options) {
        spec(new At<>(name, file, options.line()));
        List<SequencedMap<String, String>> combinations = new ArrayList<>();
        combinations.add(new LinkedHashMap<>());
        if (options instanceof Node.Mapping table) {
            for (Map.Entry<String, Node> option : table.entries().entrySet()) {
                List<SequencedMap<String, String>> next = new ArrayList<>();
                List<At<String>> values = values(file, option.getValue(), option.getKey(),
                        key.equals(POLICY) ? Sizes.forms(option.getKey()) : null, key + " '" + name + "': ");
                for (SequencedMap<String, String> combination : combinations) {
                    for (At<String> value : values) {
                        SequencedMap<String, String> more = new LinkedHashMap<>(combination);
                        more.put(option.getKey(), value.value());
                        next.add(more);
                        if (next.size() > SweepGrid.MAX_POINTS) {
                            throw SweepGrid.tooMany(file, option.getValue().line());
                        }
                    }
                }
                combinations = next;
            }
        } else if (!(options instanceof Node.Scalar s && s.text().isEmpty())) {
            throw new SweepFileException(file, options.line(), key + " '" + name + "': " + options.kind()
                    + " (expected: a table of its options, such as " + name + ": {option: [1, 2]}, or nothing)");
        }
        return combinations.stream().map(o -> new At<>(new Spec(name, o), file, options.line())).toList();
    }

    /** The spec {@code text} gives, its options' numbers canonical. */
    static Spec spec(At<String> text) {
        Spec spec;
        try {
            spec = Spec.parse(text.value());
        } catch (SpecException e) {
            throw text.error(e.getMessage());
        }
        SequencedMap<String, String> options = new LinkedHashMap<>();
        spec.options().forEach((key, value) -> options.put(key, NumberText.canonical(value)));
        return new Spec(spec.name(), options);
    }

    /** A plain axis's values, each converted and checked; {@code absent} alone when the file leaves it out. */
    static <T> List<At<T>> scalars(Path file, Node.Mapping top, String key, String absent,
                                   Function<String, T> convert) {
        Node node = top.entries().get(key);
        List<At<String>> values = node == null ? List.of(new At<>(absent, file, top.line()))
                : values(file, node, key);
        return values.stream().map(v -> convert(v, convert)).toList();
    }

    /** {@code value} converted by {@code convert}, a mistake named at its line. */
    static <T> At<T> convert(At<String> value, Function<String, T> convert) {
        try {
            return new At<>(convert.apply(value.value()), value.file(), value.line());
        } catch (SpecException e) {
            throw value.error(e.getMessage());
        }
    }

    /**
     * The specs a policy spec written whole names: one per size of its size options ({@code lru:frames=16,32} is
     * two), as {@code heaplab run} expands it.
     */
    private static List<Spec> sized(Spec spec, At<String> text) {
        return OptionCombinations.of(spec, (key, value) -> {
            Sizes.Forms forms = Sizes.forms(key);
            try {
                return forms == null ? List.of(value) : sizes(key, value, forms);
            } catch (SpecException e) {
                throw text.error("policy '" + spec.name() + "': " + e.getMessage());
            }
        }, SweepGrid.MAX_POINTS, () -> SweepGrid.tooMany(text.file(), text.line()));
    }

    /**
     * The sizes {@code text} names for a policy's option {@code key}, a percentage kept as one ({@code 10%}: each
     * point's own stream makes it frames); {@code all} is refused, as a sweep's points are known before they run
     * and a whole curve's sizes only after.
     */
    static List<String> sizes(String key, String text, Sizes.Forms forms) {
        if (text.strip().equals(Sizes.ALL)) {
            throw new SpecException(key + "=all is a whole curve, a row per size, and a sweep's points are known"
                    + " before they run (expected: " + forms.withoutAll().expected() + "; every size in one pass:"
                    + " heaplab curve)");
        }
        return Sizes.parse(key, text, forms.withoutAll()).texts();
    }

    /** The values of an axis: one value, a range ({@code 1..10}, {@code 16..1024*2}, {@code 0..1/0.25}) or a list. */
    static List<At<String>> values(Path file, Node node, String key) {
        return values(file, node, key, null);
    }

    /**
     * The values of an axis as {@link #values(Path, Node, String)} reads them, or, where {@code sizes} is not null
     * (a policy's frames or theta), each scalar read as sizes ({@link #sizes}).
     */
    static List<At<String>> values(Path file, Node node, String key, Sizes.Forms sizes) {
        return values(file, node, key, sizes, "");
    }

    /** The values of an axis, a size's mistake told after {@code owner}, such as {@code policy 'lru': }. */
    private static List<At<String>> values(Path file, Node node, String key, Sizes.Forms sizes, String owner) {
        List<At<String>> values = new ArrayList<>();
        List<Node> items = node instanceof Node.Sequence list ? list.items() : List.of(node);
        for (Node item : items) {
            if (!(item instanceof Node.Scalar scalar)) {
                throw new SweepFileException(file, item.line(), "'" + key + "': " + item.kind() + " (expected: a"
                        + " value, a range such as 1..10, or a list of them)");
            }
            if (scalar.text().isEmpty()) {
                throw new SweepFileException(file, scalar.line(), "empty value of '" + key + "' (expected: a value,"
                        + " a range such as 1..10, or a list of them)");
            }
            try {
                for (String value : sizes != null ? sizes(key, scalar.text(), sizes)
                        : Ranges.expand(scalar.text(), SweepGrid.MAX_POINTS)) {
                    values.add(new At<>(NumberText.canonical(value), file, scalar.line()));
                }
            } catch (SpecException e) {
                throw new SweepFileException(file, scalar.line(), sizes != null ? owner + e.getMessage()
                        : "'" + key + "': " + e.getMessage());
            }
        }
        if (values.isEmpty()) {
            throw new SweepFileException(file, node.line(), "empty axis '" + key + "' (expected: one or more values)");
        }
        return values;
    }

    /** A page size: a power of two heaplab's heap takes. */
    static int pageSize(String text) {
        long bytes = Bytes.parse(text);
        if (!Heap.isPageSize(bytes)) {
            throw new SpecException("pageSize " + text + " (expected: " + Heap.PAGE_SIZES + ")");
        }
        return (int) bytes;
    }

    /** A heap's capacity in bytes, or {@link Heap#GROWABLE} for {@value #GROWABLE}. */
    static long heapCapacity(String text) {
        if (text.equals(GROWABLE)) {
            return Heap.GROWABLE;
        }
        long bytes = Bytes.parse(text);
        if (bytes <= 0) {
            throw new SpecException("heapSize " + text + " (expected: a positive number of bytes, or growable)");
        }
        return bytes;
    }

    /** Which of the allocator's own references are paged, as {@link Accounting.AllocatorReferences} names them. */
    static String countAllocator(String text) {
        if (Accounting.AllocatorReferences.of(text) == null) {
            throw new SpecException("countAllocator " + text + " (expected: all, allocate, dispose or none)");
        }
        return text;
    }

    /** A seed: a whole number. */
    static long seed(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new SpecException("seed " + text + " (expected: a whole number)");
        }
    }
}
