package io.heaplab.sweep;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.PolicySizes;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.run.Sizes;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.Plugin;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.sweep.SweepGrid.Draft;
import io.heaplab.sweep.file.Node;
import io.heaplab.sweep.file.SweepFileException;
import io.heaplab.sweep.file.SweepFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads a sweep file into a checked {@link Sweep}. The axes multiply (workload, allocator, policy, page size, heap
 * size, allocator references paged, seed, and every option given as a list or range); {@code exclude} drops the
 * points that match an entry; {@code include} adds points: an entry that is a table sets its axes in every point of
 * the grid, one that is a file name adds that sweep's points. Every point's specs are bound to their plugins and
 * checked before anything runs; a mistake fails with {@code FILE:LINE: what (expected: ...)}. The reader follows
 * the files and keeps each value's line; {@link AxisValues} reads an axis's values, {@link SweepGrid} makes points
 * of them.
 */
public final class SweepReader {

    /** The keys a sweep file may have at its top. */
    static final List<String> KEYS = List.of("workload", "allocator", "policy", "pageSize", "heapSize",
            "countAllocator", "seed", "measures", "exclude", "include");

    private final Plugins plugins;
    /** The files being read, the one that includes the next on top: an include of one of them is a cycle. */
    private final Deque<Path> reading = new ArrayDeque<>();
    /** Every sweep file read, the first and its includes, once each. */
    private final Set<Path> read = new LinkedHashSet<>();
    /** The points of each included file, read once however many times it is included (a file is what it says). */
    private final Map<Path, List<Draft>> includedPoints = new HashMap<>();

    private SweepReader(Plugins plugins) {
        this.plugins = plugins;
    }

    /** The sweep {@code file} names, its points bound to {@code plugins} and checked. */
    public static Sweep read(Path file, Plugins plugins) {
        return new SweepReader(plugins).sweep(file);
    }

    private Sweep sweep(Path file) {
        Node.Mapping top = SweepFiles.read(file);
        List<Draft> drafts = new ArrayList<>(drafts(file, top));
        List<Column> columns = SweepGrid.columns(drafts);
        SequencedMap<String, Draft> unique = new LinkedHashMap<>();
        for (Draft draft : drafts) {
            unique.putIfAbsent(String.join("\u001f", draft.coordinates(columns)), draft);
        }
        if (unique.isEmpty()) {
            throw new SweepFileException(file, top.line(), "no points: every point is excluded (expected: a sweep"
                    + " with at least one point)");
        }
        if (unique.size() > SweepGrid.MAX_POINTS) {
            throw new SweepFileException(file, top.line(), unique.size() + " points (expected: at most "
                    + SweepGrid.MAX_POINTS + ")");
        }
        check(unique.values());
        List<Measure> measures = measures(file, top.entries().get("measures"), unique.values());
        List<Point> points = new ArrayList<>();
        int index = 0;
        for (Draft d : unique.values()) {
            points.add(d.point(index++, d.coordinates(columns)));
        }
        return new Sweep(file, columns, measures, points, inputs(unique.values()), List.copyOf(read));
    }

    /** The points of one file, its includes' among them, in order. */
    private List<Draft> drafts(Path file, Node.Mapping top) {
        Path normal = file.toAbsolutePath().normalize();
        reading.push(normal);
        read.add(normal);
        for (Map.Entry<String, Node> entry : top.entries().entrySet()) {
            if (!KEYS.contains(entry.getKey())) {
                throw new SweepFileException(file, entry.getValue().line(), "unknown axis '" + entry.getKey()
                        + "' (expected: one of " + String.join(", ", KEYS) + ")");
            }
        }
        List<At<Spec>> workloads = AxisValues.specs(file, top, "workload", true);
        List<At<Spec>> allocators = AxisValues.specs(file, top, "allocator", true);
        List<At<Spec>> policies = AxisValues.specs(file, top, "policy", false);
        List<At<Integer>> pageSizes = AxisValues.scalars(file, top, "pageSize",
                Integer.toString(Heap.DEFAULT_PAGE_SIZE), AxisValues::pageSize);
        List<At<Long>> heaps = AxisValues.scalars(file, top, "heapSize", AxisValues.GROWABLE,
                AxisValues::heapCapacity);
        List<At<String>> counts = AxisValues.scalars(file, top, "countAllocator", "none",
                AxisValues::countAllocator);
        List<At<Long>> seeds = AxisValues.scalars(file, top, "seed", Long.toString(RunSpec.DEFAULT_SEED),
                AxisValues::seed);
        SweepGrid grid = new SweepGrid(file, top.line(), workloads, allocators, policies, pageSizes, heaps, counts,
                seeds);
        grid.exclude(top.entries().get("exclude"));
        List<Draft> drafts = grid.include(top.entries().get("include"), name -> included(file, name));
        reading.pop();
        return drafts;
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
                    + (Files.isDirectory(other) ? "a directory" : Files.exists(other) ? "not a regular file (a device"
                    + " or a pipe)" : "no such file") + " (expected: a sweep file,"
                    + " relative to " + file.getFileName() + ")");
        }
        List<Draft> known = includedPoints.get(normal);
        if (known == null) {
            known = drafts(other, SweepFiles.read(other));
            includedPoints.put(normal, known);
        }
        return known;
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
            bind(bound, d.workload(), "workload", plugins.workloads()::find);
            bind(bound, d.allocator(), "allocator", plugins.allocators()::find);
            if (d.policy() != null) {
                bind(bound, checkable(d.policy()), "policy", plugins.policies()::find);
            }
            RunSpec run = d.point(-1, List.of()).runSpec().withPolicies(List.of());
            if (checked.add(run.workload() + " " + run.allocator() + " " + run.pageSize() + " " + run.heapCapacity()
                    + " " + run.accounting())) {
                try {
                    runner.check(run);
                } catch (SpecException e) {
                    throw d.allocator().error("allocator '" + run.allocator() + "' with workload '" + run.workload()
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
            // frames and theta were read as sizes, all refused; a plugin's own option may give a curve too
            if (option.getValue().equals(Sizes.ALL)) {
                throw spec.error(role + " '" + spec.value() + "': " + option.getKey() + "=all is a whole curve,"
                        + " a row per size, and a sweep's points are known before they run (expected: one value,"
                        + " or values as an axis: " + option.getKey() + ": [16, 32, 64]; every size in one pass:"
                        + " heaplab curve)");
            }
        }
    }

    /**
     * {@code policy} as its plugin can check it: a percentage of the footprint made frames at an arbitrary 100
     * pages, as {@code heaplab run} checks its specs before the first pass counts the real ones.
     */
    private static At<Spec> checkable(At<Spec> policy) {
        if (!PolicySizes.needsFootprint(List.of(policy.value()))) {
            return policy;
        }
        return new At<>(PolicySizes.expand(List.of(policy.value()), 100).getFirst(), policy.file(), policy.line());
    }

    /** The measures {@code measures:} names, or every one the points have. */
    private static List<Measure> measures(Path file, Node node, Iterable<Draft> drafts) {
        boolean unpaged = false;
        for (Draft d : drafts) {
            unpaged |= d.policy() == null;
        }
        if (node == null) {
            boolean paged = !unpaged;
            return java.util.Arrays.stream(Measure.values()).filter(m -> paged || !m.paged()).toList();
        }
        List<Measure> measures = new ArrayList<>();
        for (At<String> label : AxisValues.values(file, node, "measures")) {
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
            for (At<Spec> spec : java.util.Arrays.asList(d.workload(), d.allocator(), d.policy())) {
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
