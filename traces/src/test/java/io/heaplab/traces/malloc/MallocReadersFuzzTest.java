package io.heaplab.traces.malloc;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.fuzz.Attempt;
import io.heaplab.core.fuzz.FuzzBudget;
import io.heaplab.core.spi.SpecException;
import io.heaplab.traces.ByteMutations;
import io.heaplab.traces.ByteMutations.Edit;
import io.heaplab.traces.FailureMessages;
import io.heaplab.traces.TraceFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;
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
 * The malloc-trace readers fed damaged traces: heaplab's .hmt (plain and deflated), Android's memory_replay text,
 * glibc's mtrace output and a CS:APP .rep trace, damaged by {@link ByteMutations} and read in their own format or in
 * the one heaplab detects. Each read ends in a trace, or in a {@link TraceFormatException} whose message is one line
 * naming the file and the byte or line at fault (or, when detection knows no format, the one-line
 * {@link SpecException} that says so); never in another exception, a loop or a large allocation.
 */
@Tag("fuzz")
@AddLifecycleHook(FuzzBudget.class)
class MallocReadersFuzzTest {

    /** A trace of a few KiB is read whole into a few arrays: far less than this, also inflated. */
    static final long MAX_ALLOCATED_BYTES = 256L << 20;

    /** Where a malloc trace is at fault: its byte (of the file, or of the inflated body) or its line. */
    private static final Pattern POSITION = Pattern.compile("(byte|line) \\d+( of the inflated body)?: .+");
    /** What detection says of a file of no format it knows: no position, as no format says what one would be. */
    private static final Pattern UNDETECTED = Pattern.compile("not a malloc trace heaplab knows .+");

    private static Path dir;
    private static List<Seed> seeds;
    private static List<byte[]> contents;

    /** A valid malloc trace to damage, and its format. */
    record Seed(String name, byte[] bytes, MallocFormat format) {
        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeContainer
    static void writeSeeds() throws Exception {
        dir = Files.createTempDirectory("heaplab-fuzz-malloc");
        MallocTrace.Builder many = MallocTrace.builder().provenance("fuzz seed: every op, three threads");
        for (int i = 0; i < 40; i++) {
            long p = 0x7f0000001000L + 0x40L * (i % 13);
            switch (i % 6) {
                case 0 -> many.malloc(i % 3, p, 24 + i);
                case 1 -> many.calloc(i % 3, p, 3, 8);
                case 2 -> many.realloc(i % 3, p + 0x1000, p, 100 + i);
                case 3 -> many.memalign(i % 3, p & ~0xFFL, 256, 1000);
                case 4 -> many.free(i % 3, p);
                default -> many.threadDone(i % 3);
            }
        }
        MallocTrace trace = many.build();
        seeds = List.of(
                new Seed("plain.hmt", heaplab(trace, false), MallocFormat.HEAPLAB),
                new Seed("deflated.hmt", heaplab(trace, true), MallocFormat.HEAPLAB),
                new Seed("small.hmt", heaplab(MallocFormatsTest.small(), false), MallocFormat.HEAPLAB),
                new Seed("trace.txt", android(trace), MallocFormat.ANDROID),
                new Seed("golden-android.txt", resource("golden-android.txt"), MallocFormat.ANDROID),
                new Seed("sample.mtrace", resource("sample.mtrace"), MallocFormat.MTRACE),
                new Seed("sample.rep", resource("sample.rep"), MallocFormat.REP));
        contents = seeds.stream().map(Seed::bytes).toList();
    }

    @AfterContainer
    static void deleteSeeds() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    private static byte[] heaplab(MallocTrace trace, boolean deflate) throws IOException {
        Path file = dir.resolve("seed.hmt");
        HeaplabMallocFormat.write(trace, file, deflate);
        return Files.readAllBytes(file);
    }

    private static byte[] android(MallocTrace trace) throws IOException {
        Path file = dir.resolve("seed.txt");
        AndroidMallocFormat.write(trace, file);
        return Files.readAllBytes(file);
    }

    private static byte[] resource(String name) throws Exception {
        return Files.readAllBytes(MallocFormatsTest.resource(name));
    }

    @Provide
    Arbitrary<Seed> seeds() {
        return Arbitraries.of(seeds);
    }

    @Provide
    Arbitrary<List<Edit>> edits() {
        return ByteMutations.edits();
    }

    /** The samples are valid and detected as their format. */
    @Example
    void everySeedReadsWithoutAnErrorAndIsDetectedAsItsFormat() throws IOException {
        for (Seed seed : seeds) {
            Path file = Files.write(dir.resolve(seed.name()), seed.bytes());
            assertThat(MallocFormat.detect(file)).as(seed.name()).isEqualTo(seed.format());
            assertThat(MallocTraces.read(file, seed.format()).events()).as(seed.name()).isPositive();
        }
    }

    /** A damaged malloc trace reads, or fails with one line naming the file and where, told its format or not. */
    @Property(tries = 2500, seed = "20250602")
    void aDamagedMallocTraceReadsOrFailsWithOneLineNamingTheFileAndAPosition(
            @ForAll("seeds") Seed seed, @ForAll("edits") List<Edit> edits, @ForAll boolean detect) throws IOException {
        byte[] content = ByteMutations.apply(seed.bytes(), edits, contents);
        Path file = Files.write(dir.resolve(seed.name()), content);
        Attempt attempt = Attempt.of(() -> {
            MallocTrace trace = detect ? MallocTraces.read(file) : MallocTraces.read(file, seed.format());
            // what a replay computes first: a trace read must hold only events it can walk
            return trace.liveProfile();
        });
        String input = FailureMessages.shown(content);
        assertThat(attempt.allocated()).as("bytes allocated reading %s", input).isLessThan(MAX_ALLOCATED_BYTES);
        Throwable thrown = attempt.thrown();
        if (thrown == null) {
            return;
        }
        boolean undetected = detect && thrown instanceof SpecException;
        if (!(thrown instanceof TraceFormatException) && !undetected) {
            throw new AssertionError("reading " + input + " threw " + thrown + " (expected: a trace or a "
                    + "TraceFormatException)", thrown);
        }
        FailureMessages.assertOneLineAbout(file, thrown.getMessage(), undetected ? UNDETECTED : POSITION, input);
    }
}
