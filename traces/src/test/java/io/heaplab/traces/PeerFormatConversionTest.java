package io.heaplab.traces;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.PeerFormatGoldenTest.Sample;
import io.heaplab.traces.Traces.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The peers' traces (ids, ARC, UCSD addresses, oracleGeneral) converted as {@code heaplab trace convert} does, to
 * heaplab's binary (deflated or not) and text formats and to libCacheSim's oracleGeneral (zstd or not), read back
 * as the same runs as the source read directly: the same pages in the same order, the same page size. The one loss
 * is oracleGeneral's, whose records have no write bit and no page size, so there every run reads.
 */
class PeerFormatConversionTest {

    /** A format to convert to, and whether to compress it. */
    record Target(TraceFormat format, boolean compress) {

        static final List<Target> ALL = List.of(new Target(TraceFormat.BINARY, true),
                new Target(TraceFormat.BINARY, false), new Target(TraceFormat.TEXT, false),
                new Target(TraceFormat.ORACLE_GENERAL, true), new Target(TraceFormat.ORACLE_GENERAL, false));

        boolean keepsWritesAndPageSize() {
            return format != TraceFormat.ORACLE_GENERAL;
        }

        /** A name {@link TraceFormat#detect} tells the format by, as a user would name the file. */
        String fileName() {
            return switch (format) {
                case BINARY -> compress ? "out.hlt.z" : "out.hlt";
                case TEXT -> "out.txt";
                default -> compress ? "out.oracleGeneral.bin.zst" : "out.oracleGeneral.bin";
            };
        }
    }

    /** {@code conversion} set up as {@code heaplab trace convert} sets it up for this format and these options. */
    private static TraceConversion conversion(TraceConversion conversion, TraceFormat format, ReadOptions options) {
        conversion.format(format).ids(options.idColumn(), options.header());
        return format.cutsAddresses() ? conversion.pageSize(options.pageSize()) : conversion;
    }

    /**
     * Converts {@code source} to each of {@code targets} in {@code dir}, from the file or from a stream as standard
     * input is, and checks that each reads back as the source read directly.
     */
    private static void convertsBackToWhatItReads(Path source, TraceFormat format, ReadOptions options, Path dir,
            boolean stream, List<Target> targets) throws IOException {
        Trace direct = Traces.read(source, format, options);
        int pageSize;
        try (TraceReader reader = TraceFiles.open(source, format, options)) {
            pageSize = reader.pageSize();
        }
        for (Target target : targets) {
            Path out = dir.resolve(target.fileName());
            TraceConversion conversion = stream ? TraceConversion.of(Files.newInputStream(source), "standard input")
                    : TraceConversion.of(source);
            ConversionResult result = conversion(conversion, format, options).target(target.format())
                    .compress(target.compress()).to(out);

            Trace back = Traces.read(out);
            long[] expected = target.keepsWritesAndPageSize() ? direct.runs() : reads(direct.runs());
            assertThat(back.runs()).as("%s converted to %s", source.getFileName(), target).containsExactly(expected);
            assertThat(back.markers()).isEmpty();
            assertThat(result.format()).isEqualTo(format);
            assertThat(result.references()).isEqualTo(direct.references());
            assertThat(result.runs()).isEqualTo(direct.runs().length);
            assertThat(result.distinctPages()).isEqualTo(distinct(direct.runs()));
            assertThat(result.cut()).isFalse();
            try (TraceReader reader = TraceFiles.open(out, null, null)) {
                assertThat(reader.pageSize()).as("page size of %s", target)
                        .isEqualTo(target.keepsWritesAndPageSize() ? pageSize : 0);
            }
        }
    }

    /** The runs with their write bits cleared: what oracleGeneral records keep of them. */
    static long[] reads(long[] runs) {
        return Arrays.stream(runs).map(run -> PageRun.pack(PageRun.page(run), PageRun.count(run), false)).toArray();
    }

    static long distinct(long[] runs) {
        return Arrays.stream(runs).map(PageRun::page).distinct().count();
    }

    static Stream<Sample> samples() {
        return PeerFormatGoldenTest.samples();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void eachSampleConvertedToEveryFormatReadsBackAsTheSampleReadDirectly(Sample sample, @TempDir Path dir)
            throws IOException {
        convertsBackToWhatItReads(sample.file(), sample.format(), sample.options(), dir, false, Target.ALL);
    }

    /** A window of a peer's trace numbers its pages from 0 again, in order of first appearance inside the window. */
    @Test
    void aWindowOfAnAddressTraceIsRenumberedInsideTheWindow(@TempDir Path dir) throws IOException {
        // the sample's pages at 4096 bytes: 0 0W 0 1 1W 2 0 3W 4 5; the window keeps 1 1W 2 0
        Path out = dir.resolve("window.txt");
        ConversionResult result = TraceConversion.of(PeerFormatGoldenTest.RESOURCES.resolve("address/tiny.trace"))
                .format(TraceFormat.ADDRESS).skip(3).limit(4).target(TraceFormat.TEXT).compress(false).to(out);
        assertThat(Files.readString(out)).isEqualTo("# heaplab trace v1 page-size=4096\n0 W\n0\n1\n2\n");
        assertThat(result).isEqualTo(new ConversionResult(result.source(), TraceFormat.ADDRESS, 4096, 3, 4, 3, 1, 3,
                true));
    }

    // ---- random traces: the source written from a model, which the direct read must match too ----

    @Provide
    Arbitrary<Trace> traces() {
        return TraceArbitraries.traces(TraceArbitraries.pages(), TraceArbitraries.smallCounts(), 80)
                .map(trace -> new Trace(trace.runs(), List.of()));
    }

    /** One target a try: each conversion syncs its file to disk, which is most of a try's time. */
    @Provide
    Arbitrary<Target> targets() {
        return Arbitraries.of(Target.ALL);
    }

    /** An object id per page: a number of up to 16 digits, or for every third page a name. */
    static String id(int page) {
        return page % 3 == 0 ? "key-" + page : Long.toString(page * 1_000_003L + (1L << 40));
    }

    @Property(tries = 25)
    void anIdTraceConvertedToEveryFormatReadsBackAsItsObjectsInOrder(@ForAll("traces") Trace trace,
            @ForAll boolean csv, @ForAll boolean stream, @ForAll("targets") Target target) throws IOException {
        StringBuilder text = new StringBuilder(csv ? "time,obj_id,size\n" : "");
        List<Integer> pages = new ArrayList<>();
        for (long run : trace.runs()) {
            for (int k = 0; k < PageRun.count(run); k++) {
                String id = id(PageRun.page(run));
                text.append(csv ? pages.size() + "," + (k % 2 == 0 ? id : "\"" + id + "\"") + ",4096\n" : id + "\n");
                pages.add(PageRun.page(run));
            }
        }
        ReadOptions options = csv ? new ReadOptions(4096, false, 2, true) : ReadOptions.defaults();
        inTempDir(dir -> {
            Path source = Files.writeString(dir.resolve(csv ? "trace.csv" : "trace.txt"), text);
            assertThat(Traces.read(source, TraceFormat.IDS, options).runs()).containsExactly(model(pages, null));
            convertsBackToWhatItReads(source, TraceFormat.IDS, options, dir, stream, List.of(target));
        });
    }

    @Property(tries = 25)
    void anAddressTraceConvertedToEveryFormatReadsBackAsItsPagesInOrder(@ForAll("traces") Trace trace,
            @ForAll @IntRange(min = 6, max = 16) int pageShift, @ForAll boolean stream,
            @ForAll("targets") Target target) throws IOException {
        int pageSize = 1 << pageShift;
        StringBuilder text = new StringBuilder();
        List<Integer> pages = new ArrayList<>();
        List<Boolean> writes = new ArrayList<>();
        for (long run : trace.runs()) {
            for (int k = 0; k < PageRun.count(run); k++) {
                boolean write = k == 0 && PageRun.isWrite(run);
                long address = (long) PageRun.page(run) << pageShift | ((pages.size() * 37L) & (pageSize - 1));
                text.append(String.format(Locale.ROOT, write ? "s 0x%x %d\n" : "l 0x%x %d\n", address, k));
                pages.add(PageRun.page(run));
                writes.add(write);
            }
        }
        ReadOptions options = new ReadOptions(pageSize, false);
        inTempDir(dir -> {
            Path source = Files.writeString(dir.resolve("trace.trace"), text);
            assertThat(Traces.read(source, TraceFormat.ADDRESS, options).runs())
                    .containsExactly(model(pages, writes));
            convertsBackToWhatItReads(source, TraceFormat.ADDRESS, options, dir, stream, List.of(target));
        });
    }

    @Provide
    Arbitrary<List<Tuple2<Long, Integer>>> arcLines() {
        Arbitrary<Long> starts = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.longs().between(0, 60)),
                Tuple.of(1, Arbitraries.longs().between(0, 999_999_999_999_999_000L)));
        return Arbitraries.integers().between(1, 6).flatMap(count -> starts.map(start -> Tuple.of(start, count)))
                .list().ofMaxSize(60);
    }

    @Property(tries = 25)
    void anArcTraceConvertedToEveryFormatReadsBackAsItsBlocksInOrder(@ForAll("arcLines") List<Tuple2<Long,
            Integer>> lines, @ForAll boolean stream, @ForAll("targets") Target target) throws IOException {
        StringBuilder text = new StringBuilder();
        List<Long> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            long start = lines.get(i).get1();
            int count = lines.get(i).get2();
            text.append(start).append(i % 4 == 3 ? "\t" : " ").append(count).append(" 0 ").append(i).append('\n');
            for (int k = 0; k < count; k++) {
                blocks.add(start + k);
            }
        }
        Map<Long, Integer> numbers = new HashMap<>();
        List<Integer> pages = blocks.stream().map(block -> numbers.computeIfAbsent(block, b -> numbers.size()))
                .toList();
        inTempDir(dir -> {
            Path source = Files.writeString(dir.resolve("trace.lis"), text);
            assertThat(Traces.read(source, TraceFormat.ARC, null).runs()).containsExactly(model(pages, null));
            convertsBackToWhatItReads(source, TraceFormat.ARC, ReadOptions.defaults(), dir, stream,
                    List.of(target));
        });
    }

    /**
     * What a reader must give of these references: keys numbered densely by first appearance, consecutive
     * references to one page merged into a run that writes when any of them does.
     */
    static long[] model(List<Integer> keys, List<Boolean> writes) {
        Map<Integer, Integer> dense = new HashMap<>();
        long[] single = new long[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            int page = dense.computeIfAbsent(keys.get(i), key -> dense.size());
            single[i] = PageRun.pack(page, 1, writes != null && writes.get(i));
        }
        return Traces.merged(new Trace(single, List.of())).runs();
    }

    interface InDir {
        void run(Path dir) throws IOException;
    }

    /** jqwik has no {@code @TempDir}: a directory of one try, deleted after it. */
    static void inTempDir(InDir body) throws IOException {
        Path dir = Files.createTempDirectory("heaplab-peer");
        try {
            body.run(dir);
        } finally {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(dir);
        }
    }
}
