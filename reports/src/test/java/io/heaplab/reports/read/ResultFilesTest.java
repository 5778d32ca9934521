package io.heaplab.reports.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Marker;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Series;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {

    static Path input(String name) {
        try {
            return Path.of(ResultFilesTest.class.getClassLoader().getResource("inputs/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Section only(String name) throws IOException {
        List<Section> sections = ResultFiles.read(input(name));
        assertThat(sections).hasSize(1);
        return sections.getFirst();
    }

    private static Figure figure(Section section, String id) {
        return section.figures().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow(
                () -> new AssertionError(id + " not among " + section.figures().stream().map(Figure::id).toList()));
    }

    private static Series series(Figure figure, String name) {
        return figure.series().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow(
                () -> new AssertionError(name + " not among " + figure.series().stream().map(Series::name).toList()));
    }

    @Test
    void anExperimentIsReadByTheReaderItsNameFindsWithItsClaimsAndThePapersTest() throws IOException {
        Section sample = only("sample.json");
        assertThat(sample.title()).isEqualTo("A sample study");
        assertThat(sample.environment()).containsEntry("jdk", "25.0.1");
        assertThat(sample.parameters()).containsEntry("seeds", "1, 2");
        assertThat(sample.notes()).containsExactly(
                "Agrees: first beats second (1.5 vs 2) [the same test on the paper's figures: 1.4 vs 2.1]",
                "DISAGREES: second is tiny (0.9)");
        // a summary the file lacks shows as a dash, not as zero
        assertThat(sample.tables().getFirst().rows()).containsExactly(List.of("first", "1.50 ± 0.25"),
                List.of("second", "-"));
        assertThat(series(figure(sample, "curve"), "sample").y()).containsExactly(9, 4, 1);
    }

    @Test
    void jmhScoresBecomeRatiosToMallocWithCombinedErrorsAndTheRecorderOverhead() throws IOException {
        Section jmh = only("jmh.json");
        Figure ratio = figure(jmh, "ratio-fixedsizeallocatorbenchmark");
        assertThat(ratio.categories()).containsExactly("stack", "mru");
        Series group = series(ratio, "blockBytes=64, live=512");
        assertThat(group.y()).containsExactly(0.5, 2.0);
        assertThat(group.error()[0]).isCloseTo(0.5 * Math.hypot(0.1, 0.05), within(1e-12));
        assertThat(group.error()[1]).isCloseTo(2.0 * 0.05, within(1e-12)); // mru's own error is NaN: one iteration
        assertThat(jmh.tables().getFirst().columns()).contains("ratio to malloc", "lruFaults");
        assertThat(jmh.tables().getFirst().rows().get(1)).contains("stack", "10.000", "0.500", "1,234.0");
        assertThat(jmh.notes()).singleElement().asString().contains("pqsim:seconds=10").endsWith("a ratio of 2.50.");
        assertThat(jmh.environment()).containsEntry("jdk", "25.0.1");
    }

    @Test
    void runsCurvesAndReplaysDrawTheirCurves() throws IOException {
        Section run = only("run.json");
        assertThat(run.tables().getFirst().columns()).contains("faults lru:frames=2", "faults wsclock:frames=2,theta=10");
        assertThat(series(figure(run, "faults-frames-lru-frames-all"), "stack").y()).containsExactly(12, 9, 4);
        Section curves = only("curves.json");
        assertThat(curves.figures()).extracting(Figure::id).contains("faults-frames", "faults-theta", "lifetime");
        assertThat(figure(curves, "faults-theta").x().label()).contains("θ");
        Section replay = only("replay.json");
        // 7 faults in the 36 references measured, 2 of them writing a page back
        assertThat(replay.tables().getFirst().rows()).contains(List.of("fifo:frames=2", "7", "0.1944", "2"));
        Series lru = series(figure(replay, "faults-frames-lru-frames-all"), "ls.lackey");
        assertThat(lru.y()).containsExactly(12, 5, 0);
        // lifetime: 36 measured references over the faults, the point without a fault left out
        Series lifetime = series(figure(replay, "lifetime-ws-theta-all"), "ls.lackey");
        assertThat(lifetime.y()).containsExactly(36 / 20.0, 36 / 9.0, 36 / 3.0);
    }

    /** A small file of many empty objects is refused by their count before a tree of them is built. */
    @Test
    void aFileOfMoreValuesThanAResultHoldsIsRefusedBeforeItsTreeIsBuilt(@TempDir Path dir) throws IOException {
        StringBuilder many = new StringBuilder("{\"tool\": \"heaplab\", \"padding\": [");
        for (long i = 0; i <= ResultFiles.MAX_VALUES; i++) {
            many.append(i == 0 ? "{}" : ",{}");
        }
        Path file = Files.writeString(dir.resolve("many.json"), many.append("]}").toString());
        assertThatThrownBy(() -> ResultFiles.read(file)).isInstanceOf(ResultFileException.class)
                .hasMessageContaining("more than 5,000,000 JSON values (expected: a result file of heaplab or JMH");
    }

    @Test
    void aFileWrittenBeforeTheFilledShareShowsItFromPurdomsRatio(@TempDir Path dir) throws IOException {
        // the input is such a file: it carries Purdom's received over filled, 1.0 and, here, 1.25 (4 of 5 filled)
        String older = Files.readString(input("run.json")).replaceFirst("\"spaceUtilization\" : 1.0",
                "\"spaceUtilization\" : 1.25");
        Section run = ResultFiles.read(Files.writeString(dir.resolve("run.json"), older)).getFirst();
        int column = run.tables().getFirst().columns().indexOf("filled share");
        assertThat(run.tables().getFirst().rows()).extracting(row -> row.get(column))
                .containsExactly("0.800", "1.000");
    }

    @Test
    void runFilesOfOneExperimentUnderOtherSeedsMergeIntoMeansWithBands(@TempDir Path dir) throws IOException {
        // the same runs under seed 8, every fault 2 more (and the curve's first point 4 more)
        String seed7 = Files.readString(input("run.json"));
        String seed8 = seed7.replace("\"seed\" : 7", "\"seed\" : 8").replace("\"lru:frames=2\" : 9",
                "\"lru:frames=2\" : 11").replace("[ 12, 9, 4 ]", "[ 16, 9, 4 ]");
        Path a = Files.writeString(dir.resolve("a.json"), seed7);
        Path b = Files.writeString(dir.resolve("b.json"), seed8);
        List<Section> sections = ResultFiles.readAll(List.of(a, b));
        assertThat(sections).singleElement().extracting(Section::title).isEqualTo("Runs from a.json + b.json");
        Section merged = sections.getFirst();
        assertThat(merged.tables().getFirst().title()).contains("mean ± standard deviation");
        List<String> stack = merged.tables().getFirst().rows().getFirst();
        assertThat(stack).contains("7, 8", "10.0 ± 1.4");
        Series lru = series(figure(merged, "faults-frames-lru-frames-all"), "stack");
        assertThat(lru.y()).containsExactly(14, 9, 4);
        assertThat(lru.error()[0]).isCloseTo(Math.sqrt(8), within(1e-9));
        // a file that repeats a seed is another experiment's, drawn apart
        assertThat(ResultFiles.readAll(List.of(a, a))).hasSize(2);
        assertThat(ResultFiles.readAll(List.of(a, input("replay.json")))).hasSize(2);
    }

    @Test
    void unreadableFilesAreNamedWithWhatWasExpected(@TempDir Path dir) throws IOException {
        Path text = Files.writeString(dir.resolve("notes.json"), "hello");
        Path other = Files.writeString(dir.resolve("other.json"), "{\"a\": 1}");
        Path newer = Files.writeString(dir.resolve("newer.json"), "{\"tool\": \"heaplab\", \"schema\": 9}");
        Path shapeless = Files.writeString(dir.resolve("shapeless.json"), "{\"tool\": \"heaplab\", \"schema\": 2}");
        assertThatThrownBy(() -> ResultFiles.read(dir.resolve("missing.json"))).isInstanceOf(ResultFileException.class)
                .hasMessageContaining("missing.json: is not a file: no such file or directory");
        assertThatThrownBy(() -> ResultFiles.read(text)).hasMessageContaining("notes.json: not JSON");
        assertThatThrownBy(() -> ResultFiles.read(other)).hasMessageContaining("other.json: not a heaplab or JMH");
        assertThatThrownBy(() -> ResultFiles.read(newer))
                .hasMessage(newer + ": $.schema: 9 (expected: 2; a newer heaplab wrote it)");
        assertThatThrownBy(() -> ResultFiles.read(shapeless)).hasMessageContaining("of no kind a report shows");
        assertThatThrownBy(() -> ResultFiles.read(dir)).isInstanceOf(ResultFileException.class)
                .hasMessage(dir + ": is not a file: it is a directory (expected: a result file of heaplab or JMH)");
        assertThatThrownBy(() -> ResultFiles.read(Path.of("/dev/zero"))).isInstanceOf(ResultFileException.class)
                .hasMessageContaining("it is a device");
        Path deep = Files.writeString(dir.resolve("deep.json"), "[".repeat(100_000) + "]".repeat(100_000));
        assertThatThrownBy(() -> ResultFiles.read(deep)).isInstanceOf(ResultFileException.class)
                .hasMessageStartingWith(deep + ": not JSON: Document nesting depth (1001) exceeds the maximum allowed");
    }

    @Test
    void aRecognisedFileWithFieldsMissingIsNamedByThePathOfWhatIsMissing(@TempDir Path dir) throws IOException {
        Path unknown = Files.writeString(dir.resolve("unknown.json"), Files.readString(input("sample.json"))
                .replace("\"experiment\" : \"sample\"", "\"experiment\" : \"knuth\""));
        assertThatThrownBy(() -> ResultFiles.read(unknown)).isInstanceOf(ResultFileException.class)
                .hasMessage(unknown + ": experiment 'knuth' has no reader on this class path (expected: one of"
                        + " sample)");
        Path cut = Files.writeString(dir.resolve("cut.json"), Files.readString(input("sample.json"))
                .replace("\"curve\" : [ 9, 4, 1 ],", ""));
        assertThatThrownBy(() -> ResultFiles.read(cut)).isInstanceOf(ResultFileException.class)
                .hasMessage(cut + ": $.curve: missing (expected: a non-empty array)");
        Path jmh = Files.writeString(dir.resolve("jmh.json"), "[{\"benchmark\": \"nodots\", \"primaryMetric\": {}}]");
        assertThatThrownBy(() -> ResultFiles.read(jmh))
                .hasMessage(jmh + ": $[0].benchmark: \"nodots\" (expected: a benchmark's full name, Class.method)");
    }
}
