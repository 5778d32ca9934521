package io.heaplab.traces;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.testing.GoldenFile;
import io.heaplab.traces.Traces.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pins what each peer format's reader makes of a small checked-in sample: the sample converted to heaplab's text
 * format, as {@code heaplab trace convert SAMPLE OUT --format F --to text} writes it, is compared byte for byte with
 * the golden file beside the sample ({@code SAMPLE.golden.txt}, worked out by hand; see the README in each
 * folder). After a deliberate change, regenerate them with
 * {@code mvn -B -ntp test -pl traces -Dtest=PeerFormatGoldenTest -Dheaplab.golden.update=true} and review the diff.
 */
class PeerFormatGoldenTest {

    static final Path RESOURCES = Path.of("src/test/resources");

    /** A sample, how to read it, and its golden rendering (relative to the test resources). */
    record Sample(String path, TraceFormat format, ReadOptions options, String golden) {

        Path file() {
            return RESOURCES.resolve(path);
        }

        Path goldenFile() {
            return RESOURCES.resolve(golden);
        }

        /** The conversion {@code --format}, {@code --id-column}, {@code --header} and {@code --page-size} ask for. */
        TraceConversion conversion() {
            TraceConversion conversion = TraceConversion.of(file()).format(format)
                    .ids(options.idColumn(), options.header());
            return format.cutsAddresses() ? conversion.pageSize(options.pageSize()) : conversion;
        }

        @Override
        public String toString() {
            return golden;
        }
    }

    static Stream<Sample> samples() {
        ReadOptions defaults = ReadOptions.defaults();
        return Stream.of(
                new Sample("oracle/small.oracleGeneral.bin", TraceFormat.ORACLE_GENERAL, defaults,
                        "oracle/small.oracleGeneral.bin.golden.txt"),
                new Sample("oracle/tiny.oracleGeneral.bin.zst", TraceFormat.ORACLE_GENERAL, defaults,
                        "oracle/tiny.oracleGeneral.bin.zst.golden.txt"),
                new Sample("ids/objects.txt", TraceFormat.IDS, defaults, "ids/objects.txt.golden.txt"),
                new Sample("ids/requests.csv", TraceFormat.IDS, new ReadOptions(4096, false, 2, true),
                        "ids/requests.csv.golden.txt"),
                new Sample("arc/tiny.lis", TraceFormat.ARC, defaults, "arc/tiny.lis.golden.txt"),
                new Sample("address/tiny.trace", TraceFormat.ADDRESS, defaults, "address/tiny.trace.golden.txt"),
                new Sample("address/tiny.trace", TraceFormat.ADDRESS, new ReadOptions(64, false),
                        "address/tiny.trace.64.golden.txt"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void aSampleConvertedToTextIsItsGoldenFileByteForByte(Sample sample, @TempDir Path dir) throws IOException {
        Path written = dir.resolve("converted.txt");
        ConversionResult result = sample.conversion().target(TraceFormat.TEXT).compress(false).to(written);
        GoldenFile.assertMatchesIn(RESOURCES, sample.golden, Files.readAllBytes(written));
        assertThat(result.format()).isEqualTo(sample.format());
        long lines;
        try (Stream<String> all = Files.lines(sample.goldenFile())) {
            lines = all.filter(line -> !line.startsWith("#")).count();
        }
        assertThat(result.references()).as("a reference per golden line").isEqualTo(lines);
    }

    /** The reader itself, not only the conversion, gives the runs and the page size the golden file holds. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void readingASampleGivesTheRunsOfItsGoldenFile(Sample sample) throws IOException {
        Trace direct = Traces.read(sample.file(), sample.format(), sample.options());
        Trace golden = Traces.read(sample.goldenFile(), TraceFormat.TEXT, null);
        assertThat(direct.runs()).isNotEmpty().containsExactly(golden.runs());
        assertThat(direct.markers()).isEmpty();
        try (TraceReader reader = TraceFiles.open(sample.file(), sample.format(), sample.options());
                TraceReader text = TraceFiles.open(sample.goldenFile(), TraceFormat.TEXT, null)) {
            assertThat(reader.pageSize()).isEqualTo(text.pageSize())
                    .isEqualTo(sample.format().cutsAddresses() ? sample.options().pageSize() : 0);
        }
    }

    @Test
    void theSamplesThatNameTheirFormatAreToldWithoutBeingAsked() throws IOException {
        assertThat(TraceFormat.detect(RESOURCES.resolve("oracle/small.oracleGeneral.bin")))
                .isEqualTo(TraceFormat.ORACLE_GENERAL);
        assertThat(TraceFormat.detect(RESOURCES.resolve("oracle/tiny.oracleGeneral.bin.zst")))
                .isEqualTo(TraceFormat.ORACLE_GENERAL);
        assertThat(TraceFormat.detect(RESOURCES.resolve("ids/requests.csv"))).isEqualTo(TraceFormat.IDS);
    }
}
