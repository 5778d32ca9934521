package io.heaplab.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.fuzz.Attempt;
import io.heaplab.core.fuzz.FuzzBudget;
import io.heaplab.core.spi.SpecException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The sweep's readers and writers fed hostile input: sweep files in YAML, JSON and TOML damaged byte by byte, the
 * table a {@code --resume} reads back damaged the same way, and the Slurm job scripts written for sweep files and
 * output directories of any name, read back by bash. Reading ends in a sweep (or a resumed table), or in a {@link
 * SpecException} on one printable line that names the file (and, for a table, its line); a script is refused in one
 * line, or bash parses it and its task runs heaplab with exactly the names given.
 */
@Tag("fuzz")
@AddLifecycleHook(FuzzBudget.class)
class SweepFuzzTest {

    /** A sweep file of a few hundred bytes is read into a few points: far less than this. */
    static final long MAX_ALLOCATED_BYTES = 256L << 20;
    /** A message quotes the file's text escaped, and cut past this. */
    static final int MAX_MESSAGE = io.heaplab.sweep.file.SweepFileException.LONGEST + 200;

    /** Characters a shell gives a meaning to, and two that are not ASCII. */
    private static final String SHELL = "ab '$`%*?!;&|<>(){}[]~#=:,.-_\u00e9\u4e2d";

    private static Path dir;
    private static List<Seed> seeds;
    private static Sweep small;
    private static byte[] table;

    /** A valid sweep file to damage, and the name (its format) it is read under. */
    record Seed(String name, byte[] bytes) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** One damage done to a file's bytes at a fraction of its length. */
    record Edit(String kind, double at, byte[] bytes) {
        byte[] apply(byte[] content) {
            int i = (int) (at * content.length);
            byte[] head = Arrays.copyOf(content, i);
            byte[] tail = Arrays.copyOfRange(content, i, content.length);
            return switch (kind) {
                case "cut" -> head;
                case "delete" -> concat(head, Arrays.copyOfRange(tail, Math.min(tail.length, bytes.length),
                        tail.length));
                case "insert" -> concat(concat(head, bytes), tail);
                default -> { // overwrite
                    byte[] out = content.clone();
                    for (int k = 0; k < bytes.length && i + k < out.length; k++) {
                        out[i + k] = bytes[k];
                    }
                    yield out;
                }
            };
        }

        @Override
        public String toString() {
            return kind + "@" + String.format("%.3f", at) + "[" + new String(bytes, StandardCharsets.ISO_8859_1)
                    .replace("\n", "\\n") + "]";
        }
    }

    @BeforeContainer
    static void writeSeeds() throws Exception {
        dir = Files.createTempDirectory("heaplab-fuzz-sweeps");
        seeds = List.of(
                new Seed("s.yaml", SweepFilesFixture.GRID.getBytes(StandardCharsets.UTF_8)),
                new Seed("s.yaml", """
                        workload: random-blocks:live=100,steps=1000
                        allocator: [stack, mru, first-fit]
                        policy: [lru:frames=8, ws:theta=100]
                        seed: 1..3
                        exclude:
                          - allocator: mru
                            seed: 2
                        measures: [references, faults]
                        """.getBytes(StandardCharsets.UTF_8)),
                new Seed("s.json", SweepFilesFixture.GRID_JSON.getBytes(StandardCharsets.UTF_8)),
                new Seed("s.toml", SweepFilesFixture.GRID_TOML.getBytes(StandardCharsets.UTF_8)));
        Path file = Files.writeString(dir.resolve("small.yaml"), """
                workload: random-blocks:live=50,steps=300
                allocator: [stack, mru]
                policy: lru:frames=4
                pageSize: 512
                seed: 1..3
                """);
        small = SweepReader.read(file, SweepFilesFixture.PLUGINS);
        Path out = dir.resolve("measured");
        SweepRun.run(small, out, List.of(), SweepRun.Shard.ALL, new LocalEngine(1), PointWork.of(small, List.of()),
                SweepRun.Listener.SILENT);
        table = Files.readAllBytes(out.resolve(SweepTable.JSONL));
    }

    @AfterContainer
    static void deleteFiles() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    @Provide
    Arbitrary<Seed> seeds() {
        return Arbitraries.of(seeds);
    }

    /** Damage shaped by what the readers look for: their keys, brackets, ranges, quotes and line breaks. */
    @Provide
    Arbitrary<List<Edit>> edits() {
        Arbitrary<byte[]> tokens = Arbitraries.oneOf(
                Arbitraries.of("\n", "  ", ":", "-", "[", "]", "{", "}", "\"", "'", ",", "=", "#", "..", "*", "%",
                        "x2", "1..1000000", "999999999999999999999", "-1", "NaN", "all", "include: ", "exclude: ",
                        "seed", "workload", "[[", "]]", "\\u0000", "!!binary ", "&a ", "*a ", "? ", "\u00e9", "\t")
                        .map(s -> s.getBytes(StandardCharsets.UTF_8)),
                Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(8));
        Arbitrary<Edit> edit = Combinators.combine(Arbitraries.of("cut", "delete", "insert", "overwrite"),
                Arbitraries.doubles().between(0, 1), tokens).as(Edit::new);
        return edit.list().ofMinSize(1).ofMaxSize(4);
    }

    @Example
    void theSeedsAreValid() throws IOException {
        for (Seed seed : seeds) {
            Path file = Files.write(dir.resolve(seed.name()), seed.bytes());
            assertThat(SweepReader.read(file, SweepFilesFixture.PLUGINS).points()).as(seed.name()).isNotEmpty();
        }
        assertThat(new String(table, StandardCharsets.UTF_8).lines()).hasSize(6);
    }

    @Property(tries = 600, seed = "20261128")
    void aDamagedSweepFileIsReadOrFailsInOneLineNamingIt(@ForAll("seeds") Seed seed,
                                                          @ForAll("edits") List<Edit> edits) throws IOException {
        byte[] content = seed.bytes();
        for (Edit edit : edits) {
            content = edit.apply(content);
        }
        Path file = Files.write(dir.resolve(seed.name()), content);
        Attempt attempt = Attempt.of(() -> SweepReader.read(file, SweepFilesFixture.PLUGINS));
        String input = new String(content, StandardCharsets.UTF_8);
        assertThat(attempt.allocated()).as("bytes allocated reading %s", input).isLessThan(MAX_ALLOCATED_BYTES);
        if (attempt.thrown() == null) {
            assertThat(((Sweep) attempt.value()).points()).as(input).isNotEmpty();
            return;
        }
        assertOneLineNaming(attempt.thrown(), file.toString(), input);
    }

    @Property(tries = 400, seed = "20261129")
    void aDamagedTableIsResumedOrFailsNamingItsFileAndLine(@ForAll("edits") List<Edit> edits) throws IOException {
        byte[] content = table;
        for (Edit edit : edits) {
            content = edit.apply(content);
        }
        Path resumed = Files.createDirectories(dir.resolve("resumed"));
        Path file = Files.write(resumed.resolve(SweepTable.JSONL), content);
        Files.deleteIfExists(resumed.resolve(SweepTable.CSV));
        Attempt attempt = Attempt.of(() -> {
            try (SweepTable opened = SweepTable.open(small, resumed, List.of(file))) {
                return opened.pending();
            }
        });
        String input = new String(content, StandardCharsets.UTF_8);
        assertThat(attempt.allocated()).as("bytes allocated resuming %s", input).isLessThan(MAX_ALLOCATED_BYTES);
        if (attempt.thrown() == null) {
            // a point whose line came through whole is taken, not run again; the others run again
            List<String> survived = input.lines().toList();
            List<String> measured = new String(table, StandardCharsets.UTF_8).lines().toList();
            List<Integer> pending = ((List<?>) attempt.value()).stream().map(p -> ((Point) p).index()).toList();
            for (int k = 0; k < measured.size(); k++) {
                if (survived.contains(measured.get(k))) {
                    assertThat(pending).as("point %d, whose line is whole in %s", k, input).doesNotContain(k);
                }
            }
            assertThat(pending).as(input).doesNotHaveDuplicates().hasSizeLessThanOrEqualTo(small.points().size());
            return;
        }
        assertOneLineNaming(attempt.thrown(), file.toString(), input);
        assertThat(attempt.thrown().getMessage()).as(input).matches("(?s)\\Q" + file + "\\E(:\\d+)?: .*");
    }

    /** Names a shell would run, split or glob; now and then one with a control character no script line carries. */
    @Provide
    Arbitrary<String> names() {
        return Arbitraries.frequencyOf(Tuple.of(9, printable(SHELL + "\"\\")),
                Tuple.of(1, withControl(printable(SHELL + "\"\\"))));
    }

    /** The same for where the scripts go, whose log directory a #SBATCH line names: a quote there is refused too. */
    @Provide
    Arbitrary<String> emitNames() {
        return Arbitraries.frequencyOf(Tuple.of(8, printable(SHELL)), Tuple.of(1, printable(SHELL + "\"\\")),
                Tuple.of(1, withControl(printable(SHELL))));
    }

    private static Arbitrary<String> printable(String chars) {
        return Arbitraries.strings().withChars(chars).ofMinLength(1).ofMaxLength(12)
                .filter(s -> !s.equals(".") && !s.equals(".."));
    }

    private static Arbitrary<String> withControl(Arbitrary<String> names) {
        return Combinators.combine(names, Arbitraries.of("\n", "\t", "\u001b", "\r")).as((n, c) -> n + c + n);
    }

    @Property(tries = 60, seed = "20261130")
    void aJobScriptCarriesAnyNameAsOneWordOrRefusesItInOneLine(@ForAll("names") String fileDir,
                                                               @ForAll("names") String outName,
                                                               @ForAll("emitNames") String emitName) throws Exception {
        Path root = Files.createTempDirectory(dir, "emit");
        Path home = Files.createDirectories(root.resolve(fileDir));
        Path file = Files.writeString(home.resolve("s.yaml"), "workload: random-blocks:live=50,steps=300\n"
                + "allocator: stack\npolicy: lru:frames=4\n");
        Sweep sweep = SweepReader.read(file, SweepFilesFixture.PLUGINS);
        Path out = root.resolve(outName);
        Path target = root.resolve(emitName);
        List<Path> scripts;
        try {
            scripts = SlurmScript.write(sweep, target, out, 4, "heaplab", List.of());
        } catch (SpecException refused) {
            // a control character in any name (shown as given: the command line escapes it), or a quote or a
            // backslash where the logs go (a #SBATCH line)
            if (refused.getMessage().contains("control character")) {
                assertThat(fileDir + outName + emitName).matches("(?s).*[\\x00-\\x1f].*");
            } else {
                assertThat(refused.getMessage()).contains("holds a double quote or a backslash");
                assertThat(emitName).containsAnyOf("\"", "\\");
            }
            return;
        }
        for (Path script : scripts) {
            Process check = new ProcessBuilder("bash", "-n", script.toString()).redirectErrorStream(true).start();
            assertThat(check.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(check.exitValue()).as(new String(check.getInputStream().readAllBytes(),
                    StandardCharsets.UTF_8)).isZero();
        }
        // the array's task 0, heaplab replaced by a command that prints each argument it gets on a line of its own
        ProcessBuilder task = new ProcessBuilder("bash", scripts.get(0).toString()).directory(root.toFile());
        task.environment().put("HEAPLAB", "printf [%s]\\n");
        task.environment().put("SLURM_ARRAY_TASK_ID", "0");
        task.redirectErrorStream(true);
        Process run = task.start();
        assertThat(run.waitFor(10, TimeUnit.SECONDS)).isTrue();
        String printed = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(run.exitValue()).as(printed).isZero();
        List<String> expected = new ArrayList<>(List.of("sweep", file.toString(), "--shard", "0/1", "--threads",
                "1", "--out", out.resolve("shards").resolve("0").toString(), "--resume"));
        StringBuilder words = new StringBuilder();
        expected.forEach(word -> words.append('[').append(word).append("]\n"));
        assertThat(printed).isEqualTo(words.toString());
        // nothing a name could have made a shell create: the root holds the sweep's directory, the scripts' and
        // perhaps the output's
        try (Stream<Path> entries = Files.list(root)) {
            assertThat(entries.map(p -> p.getFileName().toString()).toList())
                    .allMatch(n -> n.equals(fileDir) || n.equals(emitName) || n.equals(outName));
        }
    }

    private static void assertOneLineNaming(Throwable thrown, String file, String input) {
        if (!(thrown instanceof SpecException)) {
            throw new AssertionError("reading " + input + " threw " + thrown + " (expected: a sweep or a"
                    + " SpecException)", thrown);
        }
        String message = thrown.getMessage();
        assertThat(message).as("from %s", input).startsWith(file);
        assertThat(message.substring(file.length())).as("from %s", input).hasSizeLessThan(MAX_MESSAGE)
                .doesNotContainPattern("[\\x00-\\x1f\\x7f]");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
