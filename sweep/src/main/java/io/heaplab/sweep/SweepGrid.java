package io.heaplab.sweep;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.run.Sizes;
import io.heaplab.core.spi.Spec;
import io.heaplab.sweep.Column.Role;
import io.heaplab.sweep.file.Node;
import io.heaplab.sweep.file.SweepFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.SequencedSet;
import java.util.Set;
import java.util.function.Function;

/**
 * The points one sweep file names, before the sweep's columns are known: its axes multiplied in the order written,
 * less the points an {@code exclude} entry matches, plus the points each {@code include} entry adds (a table sets its
 * axes in every point of the grid; a file name adds that file's points); and the columns that tell a sweep's points
 * apart.
 */
final class SweepGrid {

    /** The most points a sweep may name: more is a typo in a range, not an experiment. */
    static final int MAX_POINTS = 1_000_000;
    /** The most comparisons of exclude entries with points a sweep file may ask for: seconds, not minutes. */
    static final long MAX_MATCHES = 100_000_000L;

    /** A point before the sweep's columns are known. */
    record Draft(At<Spec> workload, At<Spec> allocator, At<Spec> policy, At<Integer> pageSize,
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
                case HEAP_SIZE -> heapCapacity.value() == Heap.GROWABLE ? AxisValues.GROWABLE
                        : Long.toString(heapCapacity.value());
                case COUNT_ALLOCATOR -> countAllocator.value();
                case SEED -> Long.toString(seed.value());
            };
        }

        /** Its values in {@code columns}, in their order. */
        List<String> coordinates(List<Column> columns) {
            return columns.stream().map(c -> value(c.name(), c.role())).toList();
        }

        /** The point this draft is, numbered {@code index}, with {@code coordinates}. */
        Point point(int index, List<String> coordinates) {
            return new Point(index, workload.value().toString(), allocator.value().toString(),
                    policy == null ? "" : policy.value().toString(), pageSize.value(), heapCapacity.value(),
                    countAllocator.value(), seed.value(), coordinates);
        }
    }

    private final Path file;
    /** The axes multiplied, less what exclude drops; what include tables set their axes in. */
    private final List<Draft> grid = new ArrayList<>();
    /** The columns a rule may name, as the axes multiplied give them. */
    private final Map<String, Role> known;

    /**
     * Every combination of the axes' values, in the order written ({@code policies} empty for points without one);
     * more than {@link #MAX_POINTS} fails at {@code line}.
     */
    SweepGrid(Path file, int line, List<At<Spec>> workloads, List<At<Spec>> allocators, List<At<Spec>> policies,
              List<At<Integer>> pageSizes, List<At<Long>> heaps, List<At<String>> counts, List<At<Long>> seeds) {
        this.file = file;
        for (At<Spec> w : workloads) {
            for (At<Spec> a : allocators) {
                for (At<Spec> p : policies.isEmpty() ? Collections.<At<Spec>>singletonList(null) : policies) {
                    for (At<Integer> size : pageSizes) {
                        for (At<Long> heap : heaps) {
                            for (At<String> count : counts) {
                                for (At<Long> seed : seeds) {
                                    grid.add(new Draft(w, a, p, size, heap, count, seed));
                                    if (grid.size() > MAX_POINTS) {
                                        throw tooMany(file, line);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        this.known = known(grid);
    }

    /** Drops the points each entry of {@code exclude} (null for none) matches; an entry that matches none fails. */
    void exclude(Node exclude) {
        if (exclude == null) {
            return;
        }
        List<Node> entries = items(exclude, "exclude");
        // each entry is matched against every point: the work is bounded before it is done, not after minutes
        if ((long) entries.size() * grid.size() > MAX_MATCHES) {
            throw new SweepFileException(file, exclude.line(), entries.size() + " exclude entries over " + grid.size()
                    + " points make " + (long) entries.size() * grid.size() + " comparisons (expected: at most "
                    + MAX_MATCHES + "; fewer entries, or axes that leave the points out to begin with)");
        }
        for (Node entry : entries) {
            Map<String, Set<String>> rule = rule(entry, "exclude");
            // a rule that matches nothing is a typo, not a choice: said at once, not run around
            if (grid.stream().noneMatch(d -> matches(d, rule))) {
                throw new SweepFileException(file, entry.line(), "this exclude entry matches no point"
                        + " (expected: axis values the sweep has; a plugin's options as axes of their own,"
                        + " such as {allocator: buddy, cell: 32}, or its whole spec, such as {allocator:"
                        + " \"buddy:cell=32\"})");
            }
            grid.removeIf(d -> matches(d, rule));
        }
    }

    /**
     * The grid's points, then each {@code include} entry's (null for none) in order: a table's are the grid's with
     * its axes set, a file name's are what {@code files} reads from that file.
     */
    List<Draft> include(Node include, Function<Node.Scalar, List<Draft>> files) {
        List<Draft> drafts = new ArrayList<>(grid);
        if (include != null) {
            for (Node entry : items(include, "include")) {
                // counted as they are added, so many entries, or files that include one another many times over,
                // fail at the cap rather than after their points are made
                List<Draft> more = entry instanceof Node.Scalar name ? files.apply(name)
                        : overridden((Node.Mapping) mapping(entry, "include"), drafts.size());
                if ((long) drafts.size() + more.size() > MAX_POINTS) {
                    throw tooMany(file, entry.line());
                }
                drafts.addAll(more);
            }
        }
        return drafts;
    }

    static SweepFileException tooMany(Path file, int line) {
        return new SweepFileException(file, line, "more than " + MAX_POINTS + " points (expected: at most "
                + MAX_POINTS + "; a range too wide?)");
    }

    /**
     * Every point of the grid with the axes an include table names set to its values (lists multiply); {@code
     * before} points are there already, and count toward the cap.
     */
    private List<Draft> overridden(Node.Mapping entry, int before) {
        // each axis's values read once, not once per point
        Map<String, List<At<String>>> values = new LinkedHashMap<>();
        for (Map.Entry<String, Node> axis : entry.entries().entrySet()) {
            String name = axis.getKey();
            Role role = known.get(name);
            if (role == null) {
                throw unknownColumn(axis.getValue().line(), name, "include");
            }
            values.put(name, AxisValues.values(file, axis.getValue(), name, sizes(name, role)));
        }
        List<Draft> added = new ArrayList<>();
        for (Draft draft : grid) {
            List<Draft> variants = List.of(draft);
            for (Map.Entry<String, List<At<String>>> axis : values.entrySet()) {
                String name = axis.getKey();
                List<Draft> next = new ArrayList<>();
                for (Draft d : variants) {
                    for (At<String> value : axis.getValue()) {
                        next.add(set(d, name, known.get(name), value));
                        if ((long) before + added.size() + next.size() > MAX_POINTS) {
                            throw tooMany(file, entry.entries().get(name).line());
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
            case WORKLOAD, ALLOCATOR, POLICY -> d.withSpec(role, new At<>(AxisValues.spec(value), value.file(),
                    value.line()));
            case WORKLOAD_OPTION, ALLOCATOR_OPTION, POLICY_OPTION -> {
                At<Spec> old = d.spec(role);
                if (old == null) {
                    throw value.error("'" + name + "' is an option of the policy, and the point has none (expected:"
                            + " a policy axis)");
                }
                SequencedMap<String, String> options = new LinkedHashMap<>(old.value().options());
                options.put(name, value.value());
                yield d.withSpec(role, new At<>(new Spec(old.value().name(), options), value.file(), value.line()));
            }
            case PAGE_SIZE -> new Draft(d.workload, d.allocator, d.policy,
                    AxisValues.convert(value, AxisValues::pageSize), d.heapCapacity, d.countAllocator, d.seed);
            case HEAP_SIZE -> new Draft(d.workload, d.allocator, d.policy, d.pageSize,
                    AxisValues.convert(value, AxisValues::heapCapacity), d.countAllocator, d.seed);
            case COUNT_ALLOCATOR -> new Draft(d.workload, d.allocator, d.policy, d.pageSize, d.heapCapacity,
                    AxisValues.convert(value, AxisValues::countAllocator), d.seed);
            case SEED -> new Draft(d.workload, d.allocator, d.policy, d.pageSize, d.heapCapacity, d.countAllocator,
                    AxisValues.convert(value, AxisValues::seed));
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
    static List<Column> columns(List<Draft> drafts) {
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
                        if (clash != null || SweepReader.KEYS.contains(key)) {
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

    private boolean matches(Draft draft, Map<String, Set<String>> rule) {
        for (Map.Entry<String, Set<String>> axis : rule.entrySet()) {
            Role role = known.get(axis.getKey());
            String value = draft.value(axis.getKey(), role);
            // a plugin's column is matched by its name, or by its whole spec when the rule gives one
            String spec = (role == Role.WORKLOAD || role == Role.ALLOCATOR || role == Role.POLICY)
                    && draft.spec(role) != null ? draft.spec(role).value().toString() : null;
            if (!axis.getValue().contains(NumberText.canonical(value))
                    && (spec == null || !axis.getValue().contains(spec))) {
                return false;
            }
        }
        return true;
    }

    /** An exclude entry: each axis it names with the values it matches. */
    private Map<String, Set<String>> rule(Node node, String key) {
        Node.Mapping entry = (Node.Mapping) mapping(node, key);
        Map<String, Set<String>> rule = new LinkedHashMap<>();
        for (Map.Entry<String, Node> axis : entry.entries().entrySet()) {
            Role role = known.get(axis.getKey());
            if (role == null) {
                throw unknownColumn(axis.getValue().line(), axis.getKey(), key);
            }
            Set<String> values = new LinkedHashSet<>();
            for (At<String> value : AxisValues.values(file, axis.getValue(), axis.getKey(),
                    sizes(axis.getKey(), role))) {
                values.add(NumberText.canonical(switch (role) {
                    case PAGE_SIZE -> Integer.toString(AxisValues.convert(value, AxisValues::pageSize).value());
                    case HEAP_SIZE -> value.value().equals(AxisValues.GROWABLE) ? AxisValues.GROWABLE
                            : Long.toString(AxisValues.convert(value, AxisValues::heapCapacity).value());
                    default -> value.value();
                }));
            }
            rule.put(axis.getKey(), values);
        }
        return rule;
    }

    /** The size forms of a policy's column {@code name}, or null for a column that holds no size. */
    private static Sizes.Forms sizes(String name, Role role) {
        return role == Role.POLICY_OPTION ? Sizes.forms(name) : null;
    }

    private SweepFileException unknownColumn(int line, String name, String where) {
        return new SweepFileException(file, line, "unknown axis '" + name + "' in " + where + " (expected: one of "
                + String.join(", ", known.keySet()) + ")");
    }

    private List<Node> items(Node node, String key) {
        if (node instanceof Node.Sequence list) {
            return list.items();
        }
        throw new SweepFileException(file, node.line(), "'" + key + "': " + node.kind() + " (expected: a list of"
                + (key.equals("include") ? " tables of axes and values, or sweep files" : " tables of axes and values")
                + ")");
    }

    private Node mapping(Node node, String key) {
        if (node instanceof Node.Mapping) {
            return node;
        }
        throw new SweepFileException(file, node.line(), "an entry of '" + key + "': " + node.kind()
                + " (expected: a table of axes and values, such as {allocator: buddy, pageSize: 512})");
    }
}
