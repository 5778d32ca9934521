package io.heaplab.reports.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Series;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepSectionsTest {

    @TempDir
    Path dir;

    private static final String MANIFEST = """
            {"tool": "heaplab", "schema": 2, "kind": "sweep", "sweep": "s.yaml", "points": 16,
             "columns": [{"name": "workload", "role": "workload"}, {"name": "live", "role": "workload_option"},
                         {"name": "allocator", "role": "allocator"}, {"name": "frames", "role": "policy_option"},
                         {"name": "seed", "role": "seed"}],
             "measures": [{"name": "faults", "whole": true}]}
            """;

    private Path table(String rows) throws IOException {
        Files.writeString(dir.resolve("sweep.json"), MANIFEST);
        return Files.writeString(dir.resolve("table.jsonl"), rows);
    }

    private static String row(int live, String allocator, int frames, int seed, String faults, String failure) {
        return "{\"workload\":\"w\",\"live\":" + live + ",\"allocator\":\"" + allocator + "\",\"frames\":" + frames
                + ",\"seed\":" + seed + ",\"faults\":" + faults + ",\"failure\":" + failure + "}\n";
    }

    private Path grid() throws IOException {
        StringBuilder rows = new StringBuilder();
        for (int live : new int[] {10, 20}) {
            for (String allocator : new String[] {"stack", "mru"}) {
                // frames written large to small: the line still runs left to right
                for (int frames : new int[] {64, 16, 4}) {
                    for (int seed = 1; seed <= 2; seed++) {
                        boolean failed = live == 20 && allocator.equals("mru") && frames == 4 && seed == 2;
                        rows.append(row(live, allocator, frames, seed, failed ? "null"
                                : Integer.toString(1000 / frames * seed + live), failed ? "\"broke\"" : "null"));
                    }
                }
            }
        }
        return table(rows.toString());
    }

    @Test
    void aMeasureAgainstTheLongestNumericAxisALinePerNamedAxisAChartPerTheRest() throws IOException {
        Section section = SweepSections.read(grid(), SweepView.AUTO);
        assertThat(section.parameters()).containsEntry("workload", "w").containsEntry("seeds", "1, 2")
                .containsEntry("points", "24, 1 failed");
        assertThat(section.figures()).extracting(Figure::title)
                .containsExactly("faults against frames, live 10", "faults against frames, live 20");
        Figure first = section.figures().getFirst();
        assertThat(first.series()).extracting(Series::name).containsExactly("allocator stack", "allocator mru");
        Series stack = first.series().getFirst();
        assertThat(stack.x()).containsExactly(4, 16, 64);
        // seeds 1 and 2: 1000 / frames * seed + 10 (integer division), so the mean is 1.5 * (1000 / frames) + 10
        assertThat(stack.y()).containsExactly(385, 103, 32.5);
        assertThat(stack.error()[0]).isCloseTo(Math.sqrt(2 * 125.0 * 125.0), org.assertj.core.data.Offset.offset(1e-9));
        // the failed seed is left out: the mean of seed 1 alone
        Series mru = section.figures().get(1).series().get(1);
        assertThat(mru.y()[0]).isEqualTo(270);
        assertThat(section.tables().getFirst().columns()).containsExactly("live", "allocator", "frames", "faults");
        assertThat(section.tables().getFirst().rows().getFirst()).containsExactly("10", "stack", "64", "32.5");
    }

    @Test
    void theViewChoosesTheAxesAndMeasures() throws IOException {
        Section section = SweepSections.read(grid(), new SweepView("live", "frames", List.of("faults")));
        assertThat(section.figures()).extracting(Figure::title)
                .containsExactly("faults against live, allocator stack", "faults against live, allocator mru");
        assertThatThrownBy(() -> SweepSections.read(grid(), new SweepView("lives", null, List.of())))
                .hasMessage("x: lives (expected: one of the table's columns: workload, live, allocator, frames,"
                        + " seed)");
        // lines alone on the column x would take: x is another
        assertThat(SweepSections.read(grid(), new SweepView(null, "frames", List.of())).figures())
                .extracting(Figure::title).first().isEqualTo("faults against live, allocator stack");
        assertThatThrownBy(() -> SweepSections.read(grid(), new SweepView("frames", "frames", List.of())))
                .isInstanceOfSatisfying(SweepViewException.class, e -> assertThat(e.field()).isEqualTo("lines"))
                .hasMessage("lines: frames is the x axis too (expected: another column)");
        assertThatThrownBy(() -> SweepSections.read(grid(), new SweepView(null, null, List.of("fault"))))
                .hasMessageContaining("no measure 'fault' (expected: one of faults)");
    }

    @Test
    void aNamedXAxisGivesBars() throws IOException {
        Section section = SweepSections.read(grid(), new SweepView("allocator", "live", List.of()));
        assertThat(section.figures().getFirst().type()).isEqualTo(Figure.Type.BARS);
        assertThat(section.figures().getFirst().categories()).containsExactly("stack", "mru");
    }

    @Test
    void aTableWithoutItsManifestOrWithABadRowIsNamed() throws IOException {
        Path lone = Files.writeString(Files.createDirectory(dir.resolve("lone")).resolve("table.jsonl"), "{}\n");
        assertThatThrownBy(() -> SweepSections.read(lone, SweepView.AUTO))
                .hasMessage(lone + ": no sweep.json beside it (expected: a sweep's table in the directory heaplab"
                        + " sweep wrote)");
        Path bad = table(row(10, "stack", 4, 1, "7", "null") + "{\"workload\":\"w\"}\n");
        assertThatThrownBy(() -> SweepSections.read(bad, SweepView.AUTO))
                .hasMessage(bad + ": line 2: no value of 'live' (expected: the columns sweep.json names)");
    }

    @Test
    void aVaryingPluginsOptionsAreInItsLabelNotChartsOfTheirOwn() throws IOException {
        Files.writeString(dir.resolve("sweep.json"), """
                {"tool": "heaplab", "schema": 2, "kind": "sweep", "sweep": "s.yaml", "points": 4,
                 "columns": [{"name": "allocator", "role": "allocator"}, {"name": "cell", "role": "allocator_option"},
                             {"name": "policy", "role": "policy"}, {"name": "frames", "role": "policy_option"},
                             {"name": "seed", "role": "seed"}],
                 "measures": [{"name": "faults", "whole": true}]}
                """);
        StringBuilder rows = new StringBuilder();
        for (String allocator : new String[] {"\"first-fit\",\"cell\":null", "\"buddy\",\"cell\":32"}) {
            for (int frames : new int[] {4, 8}) {
                rows.append("{\"allocator\":").append(allocator).append(",\"policy\":\"lru\",\"frames\":")
                        .append(frames).append(",\"seed\":1,\"faults\":").append(100 / frames)
                        .append(",\"failure\":null}\n");
            }
        }
        // the last line cut short, as a sweep still running or stopped leaves it: not read
        rows.append("{\"allocator\":\"bud");
        Path table = Files.writeString(dir.resolve("table.jsonl"), rows.toString());
        Section section = SweepSections.read(table, SweepView.AUTO);
        assertThat(section.figures()).extracting(Figure::title).containsExactly("faults against frames");
        assertThat(section.figures().getFirst().series()).extracting(Series::name)
                .containsExactly("allocator first-fit", "allocator buddy cell=32");
    }

    @Test
    void aVaryingSizeIsTheXAxisNotAChartPerValueWhateverElseVaries() throws IOException {
        Files.writeString(dir.resolve("sweep.json"), """
                {"tool": "heaplab", "schema": 2, "kind": "sweep", "sweep": "s.yaml", "points": 48,
                 "columns": [{"name": "workload", "role": "workload"}, {"name": "file", "role": "workload_option"},
                             {"name": "live", "role": "workload_option"},
                             {"name": "policy", "role": "policy"}, {"name": "frames", "role": "policy_option"},
                             {"name": "heapSize", "role": "heap_size"}, {"name": "seed", "role": "seed"}],
                 "measures": [{"name": "faults", "whole": true}]}
                """);
        StringBuilder rows = new StringBuilder();
        for (String file : new String[] {"a.trace", "b.trace"}) {
            // live varies over more values than frames: the size is still the x axis
            for (int live : new int[] {1, 2, 3, 4, 5, 6}) {
                for (String policy : new String[] {"lru", "fifo"}) {
                    for (int frames : new int[] {8, 4}) {
                        rows.append("{\"workload\":\"replay\",\"file\":\"").append(file).append("\",\"live\":")
                                .append(live).append(",\"policy\":\"").append(policy).append("\",\"frames\":")
                                .append(frames).append(",\"heapSize\":65536,\"seed\":1,\"faults\":")
                                .append(100 / frames + live).append(",\"failure\":null}\n");
                    }
                }
            }
        }
        Path table = Files.writeString(dir.resolve("table.jsonl"), rows.toString());
        Section section = SweepSections.read(table, SweepView.AUTO);
        // the policy varies too, yet its frames are not folded into its name ("lru frames=8"), a chart each
        assertThat(section.figures()).hasSize(12).allSatisfy(f -> {
            assertThat(f.title()).startsWith("faults against frames, live ");
            assertThat(f.x().label()).isEqualTo("frames");
        });
        Figure first = section.figures().getFirst();
        assertThat(first.series()).extracting(Series::name).containsExactly("file a.trace", "file b.trace");
        assertThat(first.series().getFirst().x()).containsExactly(4, 8);
        assertThat(section.notes().getFirst())
                .startsWith("Each measure against frames, a line per file, a chart per live and policy;");
    }

    @Test
    void aVaryingHeapSizeIsTheXAxisBeforeAnyOtherNumber() throws IOException {
        Files.writeString(dir.resolve("sweep.json"), """
                {"tool": "heaplab", "schema": 2, "kind": "sweep", "sweep": "s.yaml", "points": 6,
                 "columns": [{"name": "allocator", "role": "allocator"}, {"name": "live", "role": "workload_option"},
                             {"name": "heapSize", "role": "heap_size"}, {"name": "seed", "role": "seed"}],
                 "measures": [{"name": "rejections", "whole": true}]}
                """);
        StringBuilder rows = new StringBuilder();
        for (int live : new int[] {10, 20, 30}) {
            for (int heap : new int[] {128, 256}) {
                rows.append("{\"allocator\":\"buddy\",\"live\":").append(live).append(",\"heapSize\":").append(heap)
                        .append(",\"seed\":1,\"rejections\":").append(live * 1000 / heap).append(",\"failure\":null}\n");
            }
        }
        Path table = Files.writeString(dir.resolve("table.jsonl"), rows.toString());
        List<Figure> figures = SweepSections.read(table, SweepView.AUTO).figures();
        assertThat(figures).extracting(Figure::title).containsExactly("rejections against heapSize");
        assertThat(figures.getFirst().series()).extracting(Series::name).containsExactly("live 10", "live 20", "live 30");
    }

    /** A measure named with characters no file name takes is drawn under a safe id and shown by its own name. */
    @Test
    void aMeasureNamedWithAnyCharactersIsDrawnUnderASafeId() throws IOException {
        Files.writeString(dir.resolve("sweep.json"), """
                {"tool": "heaplab", "schema": 2, "kind": "sweep", "sweep": "s.yaml", "points": 2,
                 "columns": [{"name": "allocator", "role": "allocator"}, {"name": "frames", "role": "policy_option"}],
                 "measures": [{"name": "vp<b>", "whole": true}]}
                """);
        Path table = Files.writeString(dir.resolve("table.jsonl"), """
                {"allocator":"stack","frames":4,"vp<b>":10,"failure":null}
                {"allocator":"stack","frames":8,"vp<b>":9,"failure":null}
                """);
        List<Figure> figures = SweepSections.read(table, SweepView.AUTO).figures();
        assertThat(figures).extracting(Figure::id).containsExactly("vp-b");
        assertThat(figures.getFirst().title()).isEqualTo("vp<b> against frames");
    }

    /** Frames given as percentages of each point's pages are a size too, drawn over the percentages named. */
    @Test
    void percentageFramesAreTheXAxisInPercentagePoints() throws IOException {
        Files.writeString(dir.resolve("sweep.json"), """
                {"tool": "heaplab", "schema": 2, "kind": "sweep", "sweep": "s.yaml", "points": 6,
                 "columns": [{"name": "allocator", "role": "allocator"}, {"name": "policy", "role": "policy"},
                             {"name": "frames", "role": "policy_option"}, {"name": "seed", "role": "seed"}],
                 "measures": [{"name": "faults", "whole": true}]}
                """);
        StringBuilder rows = new StringBuilder();
        for (String allocator : new String[] {"stack", "mru"}) {
            for (String frames : new String[] {"50%", "10%", "25%"}) {
                rows.append("{\"allocator\":\"").append(allocator).append("\",\"policy\":\"lru\",\"frames\":\"")
                        .append(frames).append("\",\"seed\":1,\"faults\":").append(1000 / frames.length())
                        .append(",\"failure\":null}\n");
            }
        }
        Path table = Files.writeString(dir.resolve("table.jsonl"), rows.toString());
        List<Figure> figures = SweepSections.read(table, SweepView.AUTO).figures();
        assertThat(figures).extracting(Figure::title).containsExactly("faults against frames");
        assertThat(figures.getFirst().x().label()).isEqualTo("frames (% of the pages the point touches)");
        assertThat(figures.getFirst().series()).extracting(Series::name)
                .containsExactly("allocator stack", "allocator mru");
        assertThat(figures.getFirst().series().getFirst().x()).containsExactly(10, 25, 50);
    }

    @Test
    void aSizeSomeRowsLackStaysInItsPolicysName() throws IOException {
        Files.writeString(dir.resolve("sweep.json"), """
                {"tool": "heaplab", "schema": 2, "kind": "sweep", "sweep": "s.yaml", "points": 4,
                 "columns": [{"name": "allocator", "role": "allocator"}, {"name": "policy", "role": "policy"},
                             {"name": "frames", "role": "policy_option"}, {"name": "theta", "role": "policy_option"},
                             {"name": "seed", "role": "seed"}],
                 "measures": [{"name": "faults", "whole": true}]}
                """);
        StringBuilder rows = new StringBuilder();
        for (String allocator : new String[] {"stack", "mru"}) {
            for (String policy : new String[] {"\"lru\",\"frames\":4,\"theta\":null",
                "\"lru\",\"frames\":8,\"theta\":null", "\"ws\",\"frames\":null,\"theta\":100"}) {
                rows.append("{\"allocator\":\"").append(allocator).append("\",\"policy\":").append(policy)
                        .append(",\"seed\":1,\"faults\":7,\"failure\":null}\n");
            }
        }
        Path table = Files.writeString(dir.resolve("table.jsonl"), rows.toString());
        // lru's frames and ws's theta are each the policy's own: bars per allocator, a bar per policy and size
        Figure figure = SweepSections.read(table, SweepView.AUTO).figures().getFirst();
        assertThat(figure.series()).extracting(Series::name)
                .containsExactly("policy lru frames=4", "policy lru frames=8", "policy ws theta=100");
    }
}
