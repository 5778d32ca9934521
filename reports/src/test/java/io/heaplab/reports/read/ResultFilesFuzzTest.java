package io.heaplab.reports.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.fuzz.Attempt;
import io.heaplab.core.fuzz.FuzzBudget;
import io.heaplab.reports.read.JsonMutations.ByteEdit;
import io.heaplab.reports.read.JsonMutations.Edit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The result-file reader fed damaged result files: each kind heaplab or JMH writes (an experiment's, a run's, a
 * replay's, a curve's, a report, JMH's), its document edited ({@link JsonMutations}: fields deleted, renamed or given
 * values of another type, subtrees moved, the experiment renamed) and its bytes cut or overwritten. Reading ends in
 * sections, or in a {@link ResultFileException} whose message names the file; never in another exception, a loop or
 * a large allocation. One file is read alone, two are read together, as a report merges the runs of one experiment
 * under different seeds.
 */
@Tag("fuzz")
@AddLifecycleHook(FuzzBudget.class)
class ResultFilesFuzzTest {

    /** A result file of a few KiB is read into a tree and a few sections: far less than this. */
    static final long MAX_ALLOCATED_BYTES = 256L << 20;

    private static final Path RESOURCES = Path.of("src/test/resources");

    private static Path dir;
    private static List<Seed> seeds;

    /** A valid result file to damage. */
    record Seed(String name, byte[] bytes) {
        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeContainer
    static void readSeeds() throws IOException {
        dir = Files.createTempDirectory("heaplab-fuzz-results");
        String run = Files.readString(RESOURCES.resolve("inputs/run.json"));
        String otherSeed = run.replace("\"seed\" : 7", "\"seed\" : 8");
        assertThat(otherSeed).as("a run of another seed, to merge with run.json").isNotEqualTo(run);
        seeds = List.of(
                seed("inputs/sample.json"), seed("inputs/run.json"),
                new Seed("run-seed-8.json", otherSeed.getBytes(StandardCharsets.UTF_8)),
                seed("inputs/replay.json"), seed("inputs/curves.json"), seed("inputs/jmh.json"),
                seed("golden/report.json"), seed("golden/run-results.json"), seed("golden/replay.json"),
                seed("golden/curves.json"), seed("golden/curves-windows.json"), seed("golden/replay-measures.json"));
    }

    private static Seed seed(String path) throws IOException {
        return new Seed(Path.of(path).getFileName().toString(), Files.readAllBytes(RESOURCES.resolve(path)));
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

    @Provide
    Arbitrary<List<Edit>> documentEdits() {
        return JsonMutations.documentEdits();
    }

    @Provide
    Arbitrary<List<ByteEdit>> byteEdits() {
        return JsonMutations.byteEdits();
    }

    /** The seeds are valid: each is read into sections, and the two runs of one experiment merge into one. */
    @Example
    void everySeedIsReadAndTheTwoSeedsOfOneRunMerge() throws IOException {
        for (Seed seed : seeds) {
            Path file = Files.write(dir.resolve(seed.name()), seed.bytes());
            assertThat(ResultFiles.read(file)).as(seed.name()).isNotEmpty();
        }
        assertThat(ResultFiles.readAll(List.of(dir.resolve("run.json"), dir.resolve("run-seed-8.json"))))
                .singleElement().extracting(section -> section.title()).asString().contains("run.json + run-seed-8.json");
    }

    /**
     * A damaged result file is read, or fails with one printable line naming it: the file's text a message quotes
     * (an experiment or a trace name with a newline, a parser's token with a control byte) comes escaped.
     */
    @Property(tries = 800, seed = "20250603")
    void aDamagedResultFileIsReadOrFailsWithOneLineNamingIt(@ForAll("seeds") Seed seed,
            @ForAll("documentEdits") List<Edit> edits, @ForAll("byteEdits") List<ByteEdit> bytes) throws IOException {
        byte[] content = JsonMutations.apply(seed.bytes(), edits, bytes);
        Path file = Files.write(dir.resolve(seed.name()), content);
        Attempt attempt = Attempt.of(() -> ResultFiles.read(file));
        assertReadOrFailedNamingAFile(attempt, List.of(file), content, true);
    }

    /** Two result files read together, one or both damaged: merged, read apart, or one fails naming itself. */
    @Property(tries = 250, seed = "20250604")
    void damagedResultFilesReadTogetherAreReadOrOneFailsNamingItself(
            @ForAll("seeds") Seed first, @ForAll("documentEdits") List<Edit> firstEdits,
            @ForAll("seeds") Seed second, @ForAll("documentEdits") List<Edit> secondEdits,
            @ForAll boolean secondIntact) throws IOException {
        byte[] firstContent = JsonMutations.apply(first.bytes(), firstEdits, List.of());
        byte[] secondContent = secondIntact ? second.bytes()
                : JsonMutations.apply(second.bytes(), secondEdits, List.of());
        List<Path> files = List.of(Files.write(dir.resolve("1-" + first.name()), firstContent),
                Files.write(dir.resolve("2-" + second.name()), secondContent));
        Attempt attempt = Attempt.of(() -> ResultFiles.readAll(files));
        assertReadOrFailedNamingAFile(attempt, files, firstContent, false);
    }

    /**
     * The outcome the properties accept: sections, or a {@link ResultFileException} whose message starts with a file
     * read; with {@code oneLine}, also no control character in the message (no line break, no escape sequence).
     */
    private static void assertReadOrFailedNamingAFile(Attempt attempt, List<Path> files, byte[] content,
                                                      boolean oneLine) {
        String input = new String(content, 0, Math.min(content.length, 2000), StandardCharsets.UTF_8);
        assertThat(attempt.allocated()).as("bytes allocated reading %s", input).isLessThan(MAX_ALLOCATED_BYTES);
        Throwable thrown = attempt.thrown();
        if (thrown == null) {
            assertThat(attempt.value()).as("the sections of %s", input).isNotNull();
            return;
        }
        if (!(thrown instanceof ResultFileException)) {
            throw new AssertionError("reading " + input + " threw " + thrown + " (expected: sections or a"
                    + " ResultFileException)", thrown);
        }
        String message = thrown.getMessage();
        Path named = files.stream().filter(file -> message.startsWith(file + ": ")).findFirst().orElse(null);
        assertThat(named).as("the file %s names, of %s", message, files).isNotNull();
        assertThat(message.substring((named + ": ").length())).as("the message of reading %s", input).isNotBlank();
        if (oneLine) {
            assertThat(message.chars().filter(Character::isISOControl).toArray())
                    .as("control characters in the message of reading %s: %s", input, message).isEmpty();
        }
    }
}
