package io.heaplab.reports.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.run.ByteMisses;
import io.heaplab.core.run.FaultWindows;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.reports.ReferenceStream;
import io.heaplab.reports.ReplayResults;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Marker;
import io.heaplab.reports.model.Section;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A replay's result file with windows, read into a report: a line per policy against virtual time. */
class WindowedMissRatioFiguresTest {

    @TempDir
    Path dir;

    private Section replay(long warmup, FaultWindows windows) throws IOException {
        SequencedMap<String, Object> origin = new LinkedHashMap<>();
        origin.put("trace", "w.oracleGeneral");
        origin.put("format", "oracle-general");
        origin.put("pageSize", 0);
        SequencedMap<String, PagingOutcome> paging = new LinkedHashMap<>();
        Map<String, Number> measures = new LinkedHashMap<>();
        measures.put(ByteMisses.BYTES_REQUESTED, 800L);
        measures.put(ByteMisses.BYTES_MISSED, 200L);
        measures.put(ByteMisses.BYTE_MISS_RATIO, 0.25);
        paging.put("fifo:frames=2", new PagingOutcome.Faults(2, measures));
        paging.put("lru:frames=2", new PagingOutcome.Faults(3, measures));
        Path file = dir.resolve("replay.json");
        ReplayResults.write(file, new ReferenceStream(origin, 10, warmup, 10, 4, warmup), paging, windows);
        List<Section> sections = ResultFiles.read(file);
        assertThat(sections).hasSize(1);
        return sections.getFirst();
    }

    private static FaultWindows windows() {
        SequencedMap<String, long[]> faults = new LinkedHashMap<>();
        faults.put("fifo:frames=2", new long[] {3, 1, 1});
        faults.put("lru:frames=2", new long[] {4, 2, 0});
        return new FaultWindows(4, new long[] {4, 8, 10}, faults, new java.util.LinkedHashMap<>(), List.of());
    }

    @Test
    void eachPolicyIsALineOfItsWindowsMissRatiosAtTheirEnds() throws IOException {
        Section section = replay(5, windows());
        Figure figure = section.figures().stream().filter(f -> f.id().startsWith("miss-ratio-over-time"))
                .findFirst().orElseThrow();
        assertThat(figure.id()).isEqualTo("miss-ratio-over-time-w-oraclegeneral");
        assertThat(figure.title()).isEqualTo("Miss ratio over time, w.oracleGeneral (windows of 4 references)");
        assertThat(figure.series()).hasSize(2);
        assertThat(figure.series().get(0).name()).isEqualTo("fifo:frames=2");
        assertThat(figure.series().get(0).x()).containsExactly(4, 8, 10);
        assertThat(figure.series().get(0).y()).containsExactly(0.75, 0.25, 0.5);
        assertThat(figure.series().get(1).y()).containsExactly(1.0, 0.5, 0.0);
        assertThat(figure.markers()).containsExactly(new Marker("measured from here", 5));
        assertThat(section.parameters()).containsEntry("warmup", "5");
    }

    @Test
    void theTableHasTheByteMissRatioBesideTheMissRatio() throws IOException {
        Section section = replay(0, windows());
        assertThat(section.tables().getFirst().columns()).containsExactly("policy", "faults", "miss ratio",
                "byte miss ratio", "write-backs");
        assertThat(section.tables().getFirst().rows().getFirst()).containsExactly("fifo:frames=2", "2", "0.2000",
                "0.2500", "-");
        assertThat(section.parameters()).doesNotContainKey("warmup");
        assertThat(section.figures().getFirst().markers()).isEmpty();
    }

    @Test
    void aReplayWithoutWindowsHasNoSuchFigure() throws IOException {
        Section section = replay(0, null);
        assertThat(section.figures()).noneMatch(f -> f.id().startsWith("miss-ratio-over-time"));
    }

    @Test
    void aCurvesWindowsAreAFigureOfItsOwnWithALinePerSizeSpreadInTheirLogarithm() throws IOException {
        SequencedMap<String, Object> origin = new LinkedHashMap<>();
        origin.put("trace", "t.hlt");
        origin.put("format", "heaplab");
        origin.put("pageSize", 4096);
        ReferenceStream stream = new ReferenceStream(origin, 10, 0, 10, 200, 0);
        SequencedMap<String, PagingOutcome.Curve> curves = new LinkedHashMap<>();
        long[] faults = new long[200];
        java.util.Arrays.fill(faults, 4);
        curves.put("lru:frames=all", PagingOutcome.Curve.ofFrames(faults, new long[200], new double[200], 10));
        long[] sizes = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192};
        long[][] inWindows = new long[sizes.length][];
        for (int k = 0; k < sizes.length; k++) {
            inWindows[k] = new long[] {4, 2, k == 0 ? 2 : 1};
        }
        SequencedMap<String, io.heaplab.core.run.CurveWindows> windowed = new LinkedHashMap<>();
        windowed.put("lru:frames=all", new io.heaplab.core.run.CurveWindows(sizes, inWindows));
        FaultWindows windows = new FaultWindows(4, new long[] {4, 8, 10}, new LinkedHashMap<>(), windowed, List.of());
        Path json = dir.resolve("curves.json");
        io.heaplab.reports.CurveResults.write(json, dir.resolve("curves.csv"), List.of(stream), List.of(curves),
                List.of(windows));
        Section section = ResultFiles.read(json).getFirst();
        Figure figure = section.figures().stream().filter(f -> f.id().startsWith("miss-ratio-over-time"))
                .findFirst().orElseThrow();
        assertThat(figure.id()).isEqualTo("miss-ratio-over-time-t-hlt-lru-frames-all");
        assertThat(figure.title()).isEqualTo("Miss ratio over time, lru:frames=all, t.hlt (windows of 4 references, "
                + "4096-byte pages)");
        // 1 to 192 frames: five sizes nearest to 1, 3.7, 13.9, 51.7 and 192 in their logarithm
        assertThat(figure.series()).extracting(s -> s.name())
                .containsExactly("1 frame", "4 frames", "12 frames", "48 frames", "192 frames");
        assertThat(figure.series().get(0).y()).containsExactly(1.0, 0.5, 1.0);
        assertThat(figure.series().get(1).y()).containsExactly(1.0, 0.5, 0.5);
    }
}
