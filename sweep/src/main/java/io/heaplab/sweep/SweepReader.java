package io.heaplab.sweep;

import io.heaplab.core.heap.Accounting;
import io.heaplab.core.heap.Bytes;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.Plugin;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.sweep.Column.Role;
import io.heaplab.sweep.file.Node;
import io.heaplab.sweep.file.SweepFileException;
import io.heaplab.sweep.file.SweepFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.SequencedSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads a sweep file into a checked {@link Sweep}. The axes multiply (workload, allocator, policy, page size, heap
 * size, allocator references paged, seed, and every option given as a list or range); {@code exclude} drops the
 * points that match an entry; {@code include} adds points: an entry that is a table sets its axes in every point of
 * the grid, one that is a file name adds that sweep's points. Every point's specs are bound to their plugins and
 * checked before anything runs; a mistake fails with {@code FILE:LINE: what (expected: ...)}.
 */
public final class SweepReader {

    /** The keys a sweep file may have at its top. */
    static final List<String> KEYS = List.of("workload", "allocator", "policy", "pageSize", "heapSize",
            "countAllocator", "seed", "measures", "exclude", "include");
    /** The most points a sweep may name: more is a typo in a range, not an experiment. */
    static final int MAX_POINTS = 1_000_000;
    private static final String GROWABLE = "growable";

    private final Plugins plugins;
    private final Deque<Path> reading = new ArrayDeque<>();

    private SweepReader(Plugins plugins) {
        this.plugins = plugins;
    }

    /** The sweep {@code file} names, its points bound to {@code plugins} and checked. */
    public static Sweep read(Path file, Plugins plugins) {
        return new SweepReader(plugins).sweep(file);
    }

    /** A value and where the sweep file gave it. */
    private record At<T>(T value, Path file, int line) {
        SweepFileException error(String message) {
            return new SweepFileException(file, line, message);
        }
    }

    /** A point before the sweep's columns are known. */
    private record Draft(At<Spec> workload, At<Spec> allocator, At<Spec> policy, At<Integer> pageSize,
                         At<Long> heapCapacity, At<String> countAllocator, At<Long> seed) {

        At<Spec> spec(Role role) {
            return switch (role) {
                case WORKLOAD, WORKLOAD_OPTION -> workload;
                case ALLOCATOR, ALLOCATOR_OPTION -> allocator;
                default -> policy;
            };
        }

        Draft withSpec(Role role, At<Spec> spec) {
            return switch (role) {
                case WORKLOAD, WORKLOAD_OPTION -> new Draft(spec, allocator, policy, pageSize, heapCapacity,
                        countAllocator, seed);
                case ALLOCATOR, ALLOCATOR_OPTION -> new Draft(workload, spec, policy, pageSize, heapCapacity,
                        countAllocator, seed);
                default -> new Draft(workload, allocator, spec, pageSize, heapCapacity, countAllocator, seed);
            };
        }

        /** Its value in the column {@code name} of {@code role}, canonical; empty where it has none. */
        String value(String name, Role role) {
            return switch (role) {
                case WORKLOAD, ALLOCATOR, POLICY -> spec(role) == null ? "" : spec(role).value().name();
                case WORKLOAD_OPTION, ALLOCATOR_OPTION, POLICY_OPTION -> spec(role) == null ? ""
                        : spec(role).value().options().getOrDefault(name, "");
                case PAGE_SIZE -> Integer.toString(pageSize.value());
                case HEAP_SIZE -> heapCapacity.value() == Heap.GROWABLE ? GROWABLE
                        : Long.toString(heapCapacity.value());
                case COUNT_ALLOCATOR -> countAllocator.value();
                case SEED -> Long.toString(seed.value());
            };
        }

        /** The point this draft is, numbered {@code index}, with {@code coordinates}. */
        Point point(int index, List<String> coordinates) {
            return new Point(index, workload.value().toString(), allocator.value().toString(),
                    policy == null ? "" : policy.value().toString(), pageSize.value(), heapCapacity.value(),
                    countAllocator.value(), seed.value(), coordinates);
        }
    }

    private Sweep sweep(Path file) {
        Node.Mapping top = SweepFiles.read(file);
        List<Draft> drafts = new ArrayList<>(drafts(file, top));
        List<Column> columns = columns(drafts);
        SequencedMap<String, Draft> unique = new LinkedHashMap<>();
        for (Draft draft : drafts) {
            unique.putIfAbsent(String.join("\u001f", coordinates(draft, columns)), draft);
        }
        if (unique.isEmpty()) {
            throw new SweepFileException(file, top.line(), "no points: every point is excluded (expected: a sweep"
                    + " with at least one point)");
        }
        if (unique.size() > MAX_POINTS) {
            throw new SweepFileException(file, top.line(), unique.size() + " points (expected: at most "
                    + MAX_POINTS + ")");
        }
        check(unique.values());
        List<Measure> measures = measures(file, top.entries().get("measures"), unique.values());
        List<Point> points = new ArrayList<>();
        int index = 0;
        for (Draft d : unique.values()) {
            points.add(d.point(index++, coordinates(d, columns)));
        }
        return new Sweep(file, columns, measures, points, inputs(unique.values()));
    }

    /** The points of one file, its includes' among them, in order. */
    private List<Draft> drafts(Path file, Node.Mapping top) {
        Path normal = file.toAbsolutePath().normalize();
        reading.push(normal);
        for (Map.Entry<String, Node> entry : top.entries().entrySet()) {
            if (!KEYS.contains(entry.getKey())) {
                throw new SweepFileException(file, entry.getValue().line(), "unknown axis '" + entry.getKey()
                        + "' (expected: one of " + String.join(", ", KEYS) + ")");
            }
        }
        List<At<Spec>> workloads = specs(file, top, "workload", true);
        List<At<Spec>> allocators = specs(file, top, "allocator", true);
        List<At<Spec>> policies = specs(file, top, "policy", false);
        List<At<Integer>> pageSizes = scalars(file, top, "pageSize", Integer.toString(Heap.DEFAULT_PAGE_SIZE),
                SweepReader::pageSize);
        List<At<Long>> heaps = scalars(file, top, "heapSize", GROWABLE, SweepReader::heapCapacity);
        List<At<String>> counts = scalars(file, top, "countAllocator", "none", SweepReader::countAllocator);
        List<At<Long>> seeds = scalars(file, top, "seed", Long.toString(RunSpec.DEFAULT_SEED), SweepReader::seed);
        List<Draft> grid = new ArrayList<>();
        for (At<Spec> w : workloads) {
            for (At<Spec> a : allocators) {
                for (At<Spec> p : policies.isEmpty() ? java.util.Collections.<At<Spec>>singletonList(null) : policies) {
                    for (At<Integer> size : pageSizes) {
                        for (At<Long> heap : heaps) {
                            for (At<String> count : counts) {
                                for (At<Long> seed : seeds) {
                                    grid.add(new Draft(w, a, p, size, heap, count, seed));
                                    if (grid.size() > MAX_POINTS) {
                                        throw tooMany(file, top.line());
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        Map<String, Role> known = known(grid);
        Node exclude = top.entries().get("exclude");
        if (exclude != null) {
            for (Node entry : items(file, exclude, "exclude")) {
                Map<String, Set<String>> rule = rule(file, entry, known, "exclude");
                // a rule that matches nothing is a typo, not a choice: said at once, not run around
                if (grid.stream().noneMatch(d -> matches(d, rule, known))) {
                    throw new SweepFileException(file, entry.line(), "this exclude entry matches no point"
                            + " (expected: axis values the sweep has; a plugin's options as axes of their own,"
                            + " such as {allocator: buddy, cell: 32}, or its whole spec, such as {allocator:"
                            + " \"buddy:cell=32\"})");
                }
                grid.removeIf(d -> matches(d, rule, known));
            }
        }
        List<Draft> drafts = new ArrayList<>(grid);
        Node include = top.entries().get("include");
        if (include != null) {
            for (Node entry : items(file, include, "include")) {
                if (entry instanceof Node.Scalar name) {
                    drafts.addAll(included(file, name));
                } else {
                    drafts.addAll(overridden(file, grid, (Node.Mapping) mapping(file, entry, "include"), known));
                }
            }
        }
        reading.pop();
        return drafts;
    }

    private static SweepFileException tooMany(Path file, int line) {
        return new SweepFileException(file, line, "more than " + MAX_POINTS + " points (expected: at most "
                + MAX_POINTS + "; a range too wide?)");
    }

    /** The points of the sweep file an {@code include} entry names, relative to the file that names it. */
    private List<Draft> included(Path file, Node.Scalar name) {
        Path other = file.resolveSibling(name.text());
        Path normal = other.toAbsolutePath().normalize();
        if (reading.contains(normal)) {
            List<Path> chain = new ArrayList<>(reading.reversed());
            chain.add(normal);
            throw new SweepFileException(file, name.line(), "include '" + name.text() + "' makes a cycle: "
                    + chain.stream().map(p -> p.getFileName().toString()).collect(Collectors.joining(" -> "))
                    + " (expected: includes that end)");
        }
        if (!Files.isRegularFile(other)) {
            throw new SweepFileException(file, name.line(), "include '" + name.text() + "': "
                    + (Files.isDirectory(other) ? "a directory" : "no such file") + " (expected: a sweep file,"
                    + " relative to " + file.getFileName() + ")");
        }
        return drafts(other, SweepFiles.read(other));
    }

    /** Every point of {@code grid} with the axes an include table names set to its values (lists multiply). */
    private List<Draft> overridden(Path file, List<Draft> grid, Node.Mapping entry, Map<String, Role> known) {
        List<Draft> added = new ArrayList<>();
        for (Draft draft : grid) {
            List<Draft> variants = List.of(draft);
            for (Map.Entry<String, Node> axis : entry.entries().entrySet()) {
                String name = axis.getKey();
                Role role = known.get(name);
                if (role == null) {
                    throw unknownColumn(file, axis.getValue().line(), name, known, "include");
                }
                List<Draft> next = new ArrayList<>();
                for (Draft d : variants) {
                    for (At<String> value : values(file, axis.getValue(), name)) {
                        next.add(set(d, name, role, value));
                        if (added.size() + next.size() > MAX_POINTS) {
                            throw tooMany(file, axis.getValue().line());
                        }
                    }
                }
                variants = next;
            }
            added.addAll(variants);
        }
        return added;
    }

    private static Draft set(Draft d, String name, Role role, At<String> value) {
        return switch (role) {
            case WORKLOAD, ALLOCATOR, POLICY -> d.withSpec(role, new At<>(spec(value), value.file, value.line));
            case WORKLOAD_OPTION, ALLOCATOR_OPTION, POLICY_OPTION -> {
                At<Spec> old = d.spec(role);
                if (old == null) {
                    throw value.error("'" + name + "' is an option of the policy, and the point has none (expected:"
                            + " a policy axis)");
                }
                SequencedMap<String, String> options = new LinkedHashMap<>(old.value().options());
                options.put(name, value.value());
                yield d.withSpec(role, new At<>(new Spec(old.value().name(), options), value.file, value.line));
            }
            case PAGE_SIZE -> new Draft(d.workload, d.allocator, d.policy, convert(value, SweepReader::pageSize),
                    d.heapCapacity, d.countAllocator, d.seed);
            case HEAP_SIZE -> new Draft(d.workload, d.allocator, d.policy, d.pageSize,
                    convert(value, SweepReader::heapCapacity), d.countAllocator, d.seed);
            case COUNT_ALLOCATOR -> new Draft(d.workload, d.allocator, d.policy, d.pageSize, d.heapCapacity,
                    convert(value, SweepReader::countAllocator), d.seed);
            case SEED -> new Draft(d.workload, d.allocator, d.policy, d.pageSize, d.heapCapacity, d.countAllocator,
                    convert(value, SweepReader::seed));
        };
    }

    /** The columns every point's coordinates are named by: fixed axes, and options where their plugin's are. */
    private static Map<String, Role> known(List<Draft> drafts) {
        Map<String, Role> known = new LinkedHashMap<>();
        for (Column column : columns(drafts)) {
            known.put(column.name(), column.role());
        }
        for (Role fixed : List.of(Role.WORKLOAD, Role.ALLOCATOR, Role.POLICY, Role.PAGE_SIZE, Role.HEAP_SIZE,
                Role.COUNT_ALLOCATOR, Role.SEED)) {
            known.putIfAbsent(fixed.axis(), fixed);
        }
        return known;
    }

    /**
     * The table's coordinate columns: the workload and its options, the allocator and its, the policy and its
     * (when any point has one), the page size, the heap size and the allocator references paged (when any point
     * bounds or pages them), and the seed. An option's column is its key; a key two plugins share, or one with a
     * fixed axis's name, fails, as the table could not tell them apart.
     */
    private static List<Column> columns(List<Draft> drafts) {
        List<Column> columns = new ArrayList<>();
        Map<String, Role> owner = new HashMap<>();
        for (Role role : List.of(Role.WORKLOAD, Role.ALLOCATOR, Role.POLICY)) {
            if (role == Role.POLICY && drafts.stream().allMatch(d -> d.policy == null)) {
                continue;
            }
            columns.add(new Column(role.axis(), role));
            Role optionRole = Role.values()[role.ordinal() + 1];
            SequencedSet<String> keys = new LinkedHashSet<>();
            for (Draft d : drafts) {
                At<Spec> spec = d.spec(role);
                if (spec == null) {
                    continue;
                }
                for (String key : spec.value().options().keySet()) {
                    if (keys.add(key)) {
                        Role clash = owner.putIfAbsent(key, optionRole);
                        if (clash != null || KEYS.contains(key)) {
                            throw spec.error("option '" + key + "' of " + role.axis() + " '" + spec.value().name()
                                    + "' has the name of " + (clash == null ? "an axis" : "an option of the "
                                    + Role.values()[clash.ordinal() - 1].axis()) + " (expected: option names"
                                    + " apart from each other and from the axes, as each is a column)");
                        }
                        columns.add(new Column(key, optionRole));
                    }
                }
            }
        }
        columns.add(new Column(Role.PAGE_SIZE.axis(), Role.PAGE_SIZE));
        if (drafts.stream().anyMatch(d -> d.heapCapacity.value() != Heap.GROWABLE)) {
            columns.add(new Column(Role.HEAP_SIZE.axis(), Role.HEAP_SIZE));
        }
        if (drafts.stream().anyMatch(d -> !d.countAllocator.value().equals("none"))) {
            columns.add(new Column(Role.COUNT_ALLOCATOR.axis(), Role.COUNT_ALLOCATOR));
        }
        columns.add(new Column(Role.SEED.axis(), Role.SEED));
        return columns;
    }

    private static List<String> coordinates(Draft draft, List<Column> columns) {
        return columns.stream().map(c -> draft.value(c.name(), c.role())).toList();
    }

    private static boolean matches(Draft draft, Map<String, Set<String>> rule, Map<String, Role> known) {
        for (Map.Entry<String, Set<String>> axis : rule.entrySet()) {
            Role role = known.get(axis.getKey());
            String value = draft.value(axis.getKey(), role);
            // a plugin's column is matched by its name, or by its whole spec when the rule gives one
            String spec = (role == Role.WORKLOAD || role == Role.ALLOCATOR || role == Role.POLICY)
                    && draft.spec(role) != null ? draft.spec(role).value().toString() : null;
            if (!axis.getValue().contains(NumberText.canonical(value)) && (spec == null || !axis.getValue().contains(spec))) {
                return false;
            }
        }
        return true;
    }

    /** An exclude entry: each axis it names with the values it matches. */
    private static Map<String, Set<String>> rule(Path file, Node node, Map<String, Role> known, String key) {
        Node.Mapping entry = (Node.Mapping) mapping(file, node, key);
        Map<String, Set<String>> rule = new LinkedHashMap<>();
        for (Map.Entry<String, Node> axis : entry.entries().entrySet()) {
            Role role = known.get(axis.getKey());
            if (role == null) {
                throw unknownColumn(file, axis.getValue().line(), axis.getKey(), known, key);
            }
            Set<String> values = new LinkedHashSet<>();
            for (At<String> value : values(file, axis.getValue(), axis.getKey())) {
                values.add(NumberText.canonical(switch (role) {
                    case PAGE_SIZE -> Integer.toString(convert(value, SweepReader::pageSize).value());
                    case HEAP_SIZE -> value.value().equals(GROWABLE) ? GROWABLE
                            : Long.toString(convert(value, SweepReader::heapCapacity).value());
                    default -> value.value();
                }));
            }
            rule.put(axis.getKey(), values);
        }
        return rule;
    }

    private static SweepFileException unknownColumn(Path file, int line, String name, Map<String, Role> known,
                                                    String where) {
        return new SweepFileException(file, line, "unknown axis '" + name + "' in " + where + " (expected: one of "
                + String.join(", ", known.keySet()) + ")");
    }

    /** The specs of a workload, allocator or policy axis: specs, tables of name to options, or lists of both. */
    private static List<At<Spec>> specs(Path file, Node.Mapping top, String key, boolean required) {
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
                case Node.Scalar scalar -> specs.add(new At<>(spec(new At<>(scalar.text(), file, scalar.line())),
                        file, scalar.line()));
                case Node.Mapping plugins -> {
                    for (Map.Entry<String, Node> plugin : plugins.entries().entrySet()) {
                        specs.addAll(grid(file, key, plugin.getKey(), plugin.getValue()));
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
    private static List<At<Spec>> grid(Path file, String key, String name, Node options) {
        spec(new At<>(name, file, options.line()));
        List<SequencedMap<String, String>> combinations = new ArrayList<>();
        combinations.add(new LinkedHashMap<>());
        if (options instanceof Node.Mapping table) {
            for (Map.Entry<String, Node> option : table.entries().entrySet()) {
                List<SequencedMap<String, String>> next = new ArrayList<>();
                List<At<String>> values = values(file, option.getValue(), option.getKey());
                for (SequencedMap<String, String> combination : combinations) {
                    for (At<String> value : values) {
                        SequencedMap<String, String> more = new LinkedHashMap<>(combination);
                        more.put(option.getKey(), value.value());
                        next.add(more);
                        if (next.size() > MAX_POINTS) {
                            throw tooMany(file, option.getValue().line());
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

    private static Spec spec(At<String> text) {
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

    /** A plain axis's values, each converted and checked. */
    private static <T> List<At<T>> scalars(Path file, Node.Mapping top, String key, String absent,
                                           Function<String, T> convert) {
        Node node = top.entries().get(key);
        List<At<String>> values = node == null ? List.of(new At<>(absent, file, top.line()))
                : values(file, node, key);
        return values.stream().map(v -> convert(v, convert)).toList();
    }

    private static <T> At<T> convert(At<String> value, Function<String, T> convert) {
        try {
            return new At<>(convert.apply(value.value()), value.file, value.line);
        } catch (SpecException e) {
            throw value.error(e.getMessage());
        }
    }

    /** The values of an axis: one value, a range ({@code 1..10}, {@code 16..1024*2}, {@code 0..1/0.25}) or a list. */
    private static List<At<String>> values(Path file, Node node, String key) {
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
                for (String value : Ranges.expand(scalar.text(), MAX_POINTS)) {
                    values.add(new At<>(NumberText.canonical(value), file, scalar.line()));
                }
            } catch (SpecException e) {
                throw new SweepFileException(file, scalar.line(), "'" + key + "': " + e.getMessage());
            }
        }
        if (values.isEmpty()) {
            throw new SweepFileException(file, node.line(), "empty axis '" + key + "' (expected: one or more values)");
        }
        return values;
    }

    private static List<Node> items(Path file, Node node, String key) {
        if (node instanceof Node.Sequence list) {
            return list.items();
        }
        throw new SweepFileException(file, node.line(), "'" + key + "': " + node.kind() + " (expected: a list of"
                + (key.equals("include") ? " tables of axes and values, or sweep files" : " tables of axes and values")
                + ")");
    }

    private static Node mapping(Path file, Node node, String key) {
        if (node instanceof Node.Mapping) {
            return node;
        }
        throw new SweepFileException(file, node.line(), "an entry of '" + key + "': " + node.kind()
                + " (expected: a table of axes and values, such as {allocator: buddy, pageSize: 512})");
    }

    private static int pageSize(String text) {
        long bytes = Bytes.parse(text);
        if (bytes < Heap.MIN_PAGE_SIZE || bytes > Heap.MAX_PAGE_SIZE || Long.bitCount(bytes) != 1) {
            throw new SpecException("pageSize " + text + " (expected: a power of 2 from " + Heap.MIN_PAGE_SIZE
                    + " to " + Heap.MAX_PAGE_SIZE + ")");
        }
        return (int) bytes;
    }

    private static long heapCapacity(String text) {
        if (text.equals(GROWABLE)) {
            return Heap.GROWABLE;
        }
        long bytes = Bytes.parse(text);
        if (bytes <= 0) {
            throw new SpecException("heapSize " + text + " (expected: a positive number of bytes, or growable)");
        }
        return bytes;
    }

    private static String countAllocator(String text) {
        if (Accounting.AllocatorReferences.of(text) == null) {
            throw new SpecException("countAllocator " + text + " (expected: all, allocate, dispose or none)");
        }
        return text;
    }

    private static long seed(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new SpecException("seed " + text + " (expected: a whole number)");
        }
    }

    /**
     * Binds every distinct spec to its plugin, then checks every distinct run (the strategy against the page size
     * and workload) as {@link Runner#check} does, so a spec that does not bind fails naming its line.
     */
    private void check(Iterable<Draft> drafts) {
        Set<Spec> bound = new java.util.HashSet<>();
        Set<String> checked = new java.util.HashSet<>();
        Runner runner = new Runner(plugins);
        for (Draft d : drafts) {
            bind(bound, d.workload, "workload", plugins.workloads()::find);
            bind(bound, d.allocator, "allocator", plugins.allocators()::find);
            if (d.policy != null) {
                bind(bound, d.policy, "policy", plugins.policies()::find);
            }
            RunSpec run = d.point(-1, List.of()).runSpec().withPolicies(List.of());
            if (checked.add(run.workload() + " " + run.allocator() + " " + run.pageSize() + " " + run.heapCapacity()
                    + " " + run.accounting())) {
                try {
                    runner.check(run);
                } catch (SpecException e) {
                    throw d.allocator.error("allocator '" + run.allocator() + "' with workload '" + run.workload()
                            + "', page size " + run.pageSize() + ": " + e.getMessage());
                }
            }
        }
    }

    private static void bind(Set<Spec> bound, At<Spec> spec, String role, Function<String, ? extends Plugin> find) {
        if (!bound.add(spec.value())) {
            return;
        }
        try {
            Options.bind(find.apply(spec.value().name()), spec.value());
        } catch (SpecException e) {
            throw spec.error(role + " '" + spec.value() + "': " + e.getMessage());
        }
        for (Map.Entry<String, String> option : spec.value().options().entrySet()) {
            if (option.getValue().equals("all")) {
                throw spec.error(role + " '" + spec.value() + "': " + option.getKey() + "=all gives a whole curve,"
                        + " and a row holds one number per measure (expected: one size, such as " + option.getKey()
                        + "=64; sizes as an axis: " + option.getKey() + ": [16, 32, 64])");
            }
        }
    }

    /** The measures {@code measures:} names, or every one the points have. */
    private static List<Measure> measures(Path file, Node node, Iterable<Draft> drafts) {
        boolean unpaged = false;
        for (Draft d : drafts) {
            unpaged |= d.policy == null;
        }
        if (node == null) {
            boolean paged = !unpaged;
            return java.util.Arrays.stream(Measure.values()).filter(m -> paged || !m.paged()).toList();
        }
        List<Measure> measures = new ArrayList<>();
        for (At<String> label : values(file, node, "measures")) {
            Measure measure = Measure.of(label.value());
            if (measure == null) {
                throw label.error("unknown measure '" + label.value() + "' (expected: one of "
                        + String.join(", ", Measure.labels()) + ")");
            }
            if (measure.paged() && unpaged) {
                throw label.error("measure '" + label.value() + "' is a policy's, and some points have no policy"
                        + " (expected: a policy axis, or measures of the run such as references)");
            }
            if (measures.contains(measure)) {
                throw label.error("measure '" + label.value() + "' given twice (expected: each once)");
            }
            measures.add(measure);
        }
        return measures;
    }

    /** The files the points' options name, such as a malloc trace: an engine on other machines ships them. */
    private static List<Path> inputs(Iterable<Draft> drafts) {
        Set<Path> inputs = new TreeSet<>();
        for (Draft d : drafts) {
            for (At<Spec> spec : java.util.Arrays.asList(d.workload, d.allocator, d.policy)) {
                if (spec != null) {
                    for (String value : spec.value().options().values()) {
                        // a path, not a word that happens to name a file here (order=lifo beside a file 'lifo')
                        if (value.contains("/") || value.matches(".*\\.[A-Za-z][A-Za-z0-9]*")) {
                            try {
                                Path path = Path.of(value);
                                if (Files.isRegularFile(path)) {
                                    inputs.add(path);
                                }
                            } catch (java.nio.file.InvalidPathException e) {
                                // not a path at all
                            }
                        }
                    }
                }
            }
        }
        return List.copyOf(inputs);
    }
}
