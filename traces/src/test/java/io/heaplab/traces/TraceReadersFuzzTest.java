package io.heaplab.traces;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.fuzz.Attempt;
import io.heaplab.core.fuzz.FuzzBudget;
import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.traces.ByteMutations.Edit;
import io.heaplab.traces.Traces.Trace;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Every trace reader fed damaged traces: a valid sample of each format heaplab reads, cut, flipped, spliced and
 * padded ({@link ByteMutations}), read in the format it was, or in the format heaplab detects, from the file or from
 * a stream. Each read ends in a replay, or in a {@link TraceFormatException} whose message is one line that names the
 * file and the byte, line or run at fault; never in another exception, a loop or a large allocation.
 */
@Tag("fuzz")
@AddLifecycleHook(FuzzBudget.class)
class TraceReadersFuzzTest {

    /** Heap a read of a few KiB may allocate: buffers, the dense page table and the runs, with room to spare. */
    static final long MAX_ALLOCATED_BYTES = 256L << 20;
    /** Runs a replay may deliver before the sink stops it: an ARC line alone can ask for 2^24 blocks. */
    static final long MAX_RUNS = 1 << 20;

    private static final Path RESOURCES = PeerFormatGoldenTest.RESOURCES;
    /** Where a trace is at fault: its byte (of the file, or of the body inflated or decompressed), line or run. */
    private static final Pattern POSITION = Pattern.compile("(byte|line|run) \\d+( of the [a-z -]+)?: .+");

    private static Path dir;
    private static List<Seed> seeds;
    private static List<byte[]> contents;

    /**
     * A valid trace to damage.
     *
     * @param name    its file name: detection reads oracleGeneral and csv traces by their name
     * @param format  what it is
     * @param options how it is read
     */
    record Seed(String name, byte[] bytes, TraceFormat format, ReadOptions options) {

        /** The format detection tells from the name and content: text for the formats it does not know by either. */
        TraceFormat detected() {
            boolean known = format != TraceFormat.ARC && format != TraceFormat.ADDRESS
                    && (format != TraceFormat.IDS || name.endsWith(".csv"));
            return known ? format : TraceFormat.TEXT;
        }

        @Override
        public String toString() {
            return name + " (" + format.label() + ")";
        }
    }

    @BeforeContainer
    static void writeSeeds() throws IOException {
        dir = Files.createTempDirectory("heaplab-fuzz-traces");
        ReadOptions defaults = ReadOptions.defaults();
        Trace trace = new Trace(new long[] {PageRun.pack(3, 1, false), PageRun.pack(70_000, 500, true),
            PageRun.pack(2, 1, true), PageRun.pack(2, 1, false), PageRun.pack(2_000_000_000, PageRun.MAX_COUNT, false),
            PageRun.pack(0, 128, true), PageRun.pack(1, 16_384, false)}, List.of(2));
        List<Long> loop = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            loop.add(PageRun.pack(i % 37 * 3, 1 + i % 5, i % 7 == 0));
        }
        Trace loops = TraceArbitraries.trace(loop, List.of(0, 150));
        byte[] lackey = Files.readAllBytes(RESOURCES.resolve("lackey/tiny.lackey"));
        List<String> lines = Files.readAllLines(RESOURCES.resolve("lackey/tiny.lackey"));
        String lackeyHeadAndTail = String.join("\n", lines.subList(0, 200)) + "\n"
                + String.join("\n", lines.subList(lines.size() - 8, lines.size())) + "\n";
        assertThat(lackey.length).as("the sample is cut to a few KiB").isGreaterThan(lackeyHeadAndTail.length());
        seeds = List.of(
                new Seed("trace.hlt", written(TraceFormat.BINARY, false, trace), TraceFormat.BINARY, defaults),
                new Seed("deflated.hlt", written(TraceFormat.BINARY, true, loops), TraceFormat.BINARY, defaults),
                new Seed("fixed.hlt", resource("golden/fixed.hlt"), TraceFormat.BINARY, defaults),
                new Seed("trace.txt", written(TraceFormat.TEXT, false, loops), TraceFormat.TEXT, defaults),
                new Seed("fixed.txt", resource("golden/fixed.txt"), TraceFormat.TEXT, defaults),
                new Seed("tiny.lackey", lackeyHeadAndTail.getBytes(StandardCharsets.ISO_8859_1), TraceFormat.LACKEY,
                        defaults),
                new Seed("small.oracleGeneral.bin", resource("oracle/small.oracleGeneral.bin"),
                        TraceFormat.ORACLE_GENERAL, defaults),
                new Seed("tiny.oracleGeneral.bin.zst", resource("oracle/tiny.oracleGeneral.bin.zst"),
                        TraceFormat.ORACLE_GENERAL, defaults),
                new Seed("loops.oracleGeneral.bin.zst", written(TraceFormat.ORACLE_GENERAL, true, loops),
                        TraceFormat.ORACLE_GENERAL, defaults),
                new Seed("objects.txt", resource("ids/objects.txt"), TraceFormat.IDS, defaults),
                new Seed("requests.csv", resource("ids/requests.csv"), TraceFormat.IDS,
                        new ReadOptions(4096, false, 2, true)),
                new Seed("tiny.lis", resource("arc/tiny.lis"), TraceFormat.ARC, defaults),
                new Seed("tiny.trace", resource("address/tiny.trace"), TraceFormat.ADDRESS,
                        new ReadOptions(64, false)));
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

    private static byte[] resource(String path) throws IOException {
        return Files.readAllBytes(RESOURCES.resolve(path));
    }

    private static byte[] written(TraceFormat format, boolean compress, Trace trace) throws IOException {
        Path file = dir.resolve("seed");
        Traces.write(file, format, 4096, compress, trace, 64);
        return Files.readAllBytes(file);
    }

    @Provide
    Arbitrary<Seed> seeds() {
        return Arbitraries.of(seeds);
    }

    @Provide
    Arbitrary<List<Edit>> edits() {
        return ByteMutations.edits();
    }

    /** Mostly the seed's own options; now and then byte-sized pages and instruction fetches, or a far id column. */
    @Provide
    Arbitrary<ReadOptions> options() {
        return Arbitraries.frequencyOf(Tuple.of(8, Arbitraries.just(null)),
                Tuple.of(1, Arbitraries.just(new ReadOptions(1, true))),
                Tuple.of(1, Arbitraries.just(new ReadOptions(1 << 20, true, 3, true))));
    }

    /** The samples are valid, each read as its format, and detected as their format where detection can tell it. */
    @Example
    void everySeedReadsWithoutAnErrorAndIsDetectedAsItsFormat() throws IOException {
        for (Seed seed : seeds) {
            Path file = Files.write(dir.resolve(seed.name()), seed.bytes());
            assertThat(TraceFormat.detect(file)).as(seed.name()).isEqualTo(seed.detected());
            CheckingSink sink = new CheckingSink(seed.format().renumbers());
            try (TraceReader reader = TraceFiles.open(file, seed.format(), seed.options())) {
                assertThat(reader.replay(sink)).as(seed.name()).isPositive().isEqualTo(sink.references);
            }
            assertThat(seed.bytes().length).as(seed.name()).isLessThan(16 * 1024);
        }
    }

    /**
     * A damaged trace replays, or fails with one line naming the file and where, whichever reader, whether heaplab
     * is told the format or detects it, and whether the trace is a file or a stream (as standard input is read).
     */
    @Property(tries = 4000, seed = "20250601")
    void aDamagedTraceReplaysOrFailsWithOneLineNamingTheFileAndAPosition(
            @ForAll("seeds") Seed seed, @ForAll("edits") List<Edit> edits, @ForAll boolean detect,
            @ForAll boolean keepName, @ForAll boolean dense, @ForAll boolean stream,
            @ForAll("options") ReadOptions options) throws IOException {
        byte[] content = ByteMutations.apply(seed.bytes(), edits, contents);
        Path file = Files.write(dir.resolve(keepName ? seed.name() : "mutant"), content);
        ReadOptions read = options != null ? options : seed.options();
        Attempt attempt = Attempt.of(() -> {
            // a stream is told by its content alone, a file by its name too: each is opened as it would be
            TraceFormat format = !detect ? seed.format() : stream
                    ? TraceFormat.detect(new BufferedInputStream(new ByteArrayInputStream(content)))
                    : TraceFormat.detect(file);
            CheckingSink sink = new CheckingSink(dense || format.renumbers());
            try (InputStream in = stream ? Files.newInputStream(file) : null;
                    TraceReader reader = stream ? TraceFiles.open(in, file.toString(), detect ? null : format, read)
                            : TraceFiles.open(file, detect ? null : format, read)) {
                long references = dense ? reader.replayDense(sink) : reader.replay(sink);
                assertThat(references).as("references replayed").isEqualTo(sink.references);
                return references;
            } catch (CheckingSink.Enough enough) {
                return sink.references;
            }
        });
        assertReplayedOrFailedOnOneLine(file, content, attempt);
    }

    /** The outcome the property accepts: a replay, or a one-line {@link TraceFormatException} about the file. */
    private static void assertReplayedOrFailedOnOneLine(Path file, byte[] content, Attempt attempt) {
        String input = FailureMessages.shown(content);
        assertThat(attempt.allocated()).as("bytes allocated reading %s", input).isLessThan(MAX_ALLOCATED_BYTES);
        Throwable thrown = attempt.thrown();
        if (thrown == null) {
            return;
        }
        if (!(thrown instanceof TraceFormatException)) {
            throw new AssertionError("reading " + input + " threw " + thrown + " (expected: a replay or a "
                    + "TraceFormatException)", thrown);
        }
        FailureMessages.assertOneLineAbout(file, thrown.getMessage(), POSITION, input);
    }

    /**
     * Counts what a replay delivers and checks it on the way: every run a valid page and count, pages renumbered in
     * order of first reference when they should be, and no {@code finish()}. Stops a replay past {@link #MAX_RUNS}.
     */
    static final class CheckingSink implements ReferenceSink {

        /** Thrown to stop a replay that has shown enough: a valid trace may be long. */
        static final class Enough extends RuntimeException {
            private static final long serialVersionUID = 1L;

            Enough() {
                super(null, null, false, false);
            }
        }

        private final boolean dense;
        private long runs;
        private long references;
        private int distinct;

        CheckingSink(boolean dense) {
            this.dense = dense;
        }

        @Override
        public void accept(long[] batch, int length) {
            // plain checks, not assertions: a replay may deliver a million runs, and each try counts its garbage
            if (length < 1 || length > batch.length) {
                throw new AssertionError("a batch of " + length + " runs in an array of " + batch.length);
            }
            for (int i = 0; i < length; i++) {
                int page = PageRun.page(batch[i]);
                int count = PageRun.count(batch[i]);
                if (page < 0 || count < 1) {
                    throw new AssertionError("run " + (runs + i) + ": page " + page + ", count " + count);
                }
                if (dense) {
                    if (page > distinct) {
                        throw new AssertionError("run " + (runs + i) + ": page " + page + " after only " + distinct
                                + " distinct pages (expected: pages numbered by their first reference)");
                    }
                    distinct = Math.max(distinct, page + 1);
                }
                references += count;
            }
            runs += length;
            if (runs > MAX_RUNS) {
                throw new Enough();
            }
        }

        @Override
        public void finish() {
            throw new AssertionError("a reader must not call finish()");
        }
    }
}
