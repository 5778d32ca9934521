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
    void brentHasEachTablesCurvesWithThePublishedVirtualSizesMarkedAndNormalizedBars() throws IOException {
        Section brent = only("brent.json");
        assertThat(brent.environment()).containsEntry("jdk", "25.0.1");
        assertThat(brent.parameters()).containsEntry("seeds", "1, 2").containsEntry("pageSize", "512");
        assertThat(brent.notes()).contains("Agrees: MRU beats STACK (0.4 vs 0.5)", "DISAGREES: NOFREE is tiny (0.9)");
        assertThat(brent.tables()).singleElement().satisfies(t -> {
            assertThat(t.rows()).extracting(r -> r.getFirst()).containsExactly("STACK", "RANDOM", "LEAST-FREE");
            assertThat(t.rows().getFirst()).contains("80 ± 2", "0.600 ± 0.050", "0.500");
            assertThat(t.rows().get(2).get(1)).isEqualTo("-");
        });
        Figure curves = figure(brent, "faults-3-1");
        assertThat(curves.type()).isEqualTo(Figure.Type.LINES);
        assertThat(series(curves, "STACK").y()).containsExactly(200, 80, 40, 20, 5);
        assertThat(series(curves, "STACK").x()).containsExactly(1, 2, 3, 4, 5);
        assertThat(curves.markers()).containsExactly(new Marker("2 frames (table)", 2), new Marker("4 frames (table)", 4),
                new Marker("STACK, RANDOM virtual size (paper)", 5));
        assertThat(curves.y().log()).isFalse();
        Figure bars = figure(brent, "normalized-3-1");
        assertThat(bars.categories()).containsExactly("STACK", "RANDOM", "LEAST-FREE");
        assertThat(series(bars, "2 frames").y()).containsExactly(0.6, 1.0, 0.46);
        assertThat(series(bars, "2 frames").error()).containsExactly(0.05, 0.0, 0.0);
        assertThat(series(bars, "2 frames (paper)").style()).isEqualTo(Series.Style.POINTS);
        assertThat(series(bars, "2 frames (paper)").y()[2]).isNaN();
    }

    @Test
    void purdomDrawsUtilizationAndSearchesAgainstLambdaPerBlockSize() throws IOException {
        Section purdom = only("purdom.json");
        assertThat(purdom.figures()).extracting(Figure::id)
                .containsExactly("t1-c2-utilization", "t1-c2-searches", "t1-c8-utilization", "t1-c8-searches");
        Figure searches = figure(purdom, "t1-c2-searches");
        assertThat(searches.series()).extracting(Series::name).containsExactly("segregated storage",
                "segregated storage (paper)", "first fit", "first fit (paper)", "buddy system", "buddy system (paper)");
        // the points run in increasing lambda, whatever the file's order
        assertThat(series(searches, "first fit").x()).containsExactly(80, 96);
        assertThat(series(searches, "first fit").y()).containsExactly(1.8, 2.2);
        assertThat(series(searches, "first fit (paper)").y()).containsExactly(1.74, 2.0);
        assertThat(purdom.tables().getFirst().rows()).hasSize(3);
        assertThat(purdom.notes()).anyMatch(n -> n.startsWith("Transcription"));
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
        assertThat(jmh.tables().getFirst().rows().get(1)).contains("stack", "10", "0.500", "1234");
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
        assertThat(replay.tables().getFirst().rows()).contains(List.of("fifo:frames=2", "7"));
        Series lru = series(figure(replay, "faults-frames-lru-frames-all"), "ls.lackey");
        assertThat(lru.y()).containsExactly(12, 5, 0);
        // lifetime: 36 measured references over the faults, the point without a fault left out
        Series lifetime = series(figure(replay, "lifetime-ws-theta-all"), "ls.lackey");
        assertThat(lifetime.y()).containsExactly(36 / 20.0, 36 / 9.0, 36 / 3.0);
    }

    @Test
    void unreadableFilesAreNamedWithWhatWasExpected(@TempDir Path dir) throws IOException {
        Path text = Files.writeString(dir.resolve("notes.json"), "hello");
        Path other = Files.writeString(dir.resolve("other.json"), "{\"a\": 1}");
        Path newer = Files.writeString(dir.resolve("newer.json"), "{\"tool\": \"heaplab\", \"schema\": 9}");
        Path shapeless = Files.writeString(dir.resolve("shapeless.json"), "{\"tool\": \"heaplab\", \"schema\": 1}");
        assertThatThrownBy(() -> ResultFiles.read(dir.resolve("missing.json"))).isInstanceOf(ResultFileException.class)
                .hasMessageContaining("missing.json: no such file");
        assertThatThrownBy(() -> ResultFiles.read(text)).hasMessageContaining("notes.json: not JSON");
        assertThatThrownBy(() -> ResultFiles.read(other)).hasMessageContaining("other.json: not a heaplab or JMH");
        assertThatThrownBy(() -> ResultFiles.read(newer)).hasMessageContaining("newer.json: schema 9 (expected: 1");
        assertThatThrownBy(() -> ResultFiles.read(shapeless)).hasMessageContaining("of no kind a report shows");
        assertThatThrownBy(() -> ResultFiles.read(dir)).isInstanceOf(ResultFileException.class)
                .hasMessageStartingWith(dir + ": cannot read it");
    }

    @Test
    void aRecognisedFileWithFieldsMissingIsNamedAsMalformed(@TempDir Path dir) throws IOException {
        Path cut = Files.writeString(dir.resolve("cut.json"), Files.readString(input("brent.json"))
                .replace("\"paperFrames\" : [ 2, 4 ],", ""));
        assertThatThrownBy(() -> ResultFiles.read(cut)).isInstanceOf(ResultFileException.class)
                .hasMessageStartingWith(cut + ": a malformed reproduce brent result")
                .hasMessageContaining("(expected: the file as heaplab or JMH wrote it)");
        Path jmh = Files.writeString(dir.resolve("jmh.json"), "[{\"benchmark\": \"nodots\", \"primaryMetric\": {}}]");
        assertThatThrownBy(() -> ResultFiles.read(jmh)).hasMessageStartingWith(jmh + ": a malformed JMH result");
    }
}
