package io.heaplab.acceptance;

import static io.heaplab.acceptance.TraceCommandTest.LACKEY;
import static io.heaplab.acceptance.TraceCommandTest.assertUsage;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code heaplab report}, end to end: one page from the results of run, curve and JMH, and its usage errors. */
class ReportCommandTest {

    @TempDir
    Path dir;

    /** The fixed-size allocator and recorder benchmarks of a smoke pass of the build, as JMH wrote them. */
    static Path jmhResult() throws Exception {
        return Path.of(ReportCommandTest.class.getClassLoader().getResource("jmh-result.json").toURI());
    }

    @Test
    void oneReportShowsARunsCurvesTheLackeyTracesCurvesAndTheJmhRatiosToMalloc() throws Exception {
        Path runs = dir.resolve("runs.json");
        assertThat(Cli.run("run", "-w", "random-blocks:live=200,steps=3000", "-a", "first-fit,best-fit,buddy",
                "-p", "lru:frames=all", "-p", "ws:theta=all", "--json", runs.toString()).exitCode()).isZero();
        Path curves = dir.resolve("curves");
        assertThat(Cli.run("curve", LACKEY.toString(), "-o", curves.toString()).exitCode()).isZero();
        Path out = dir.resolve("report");
        Cli cli = Cli.run("report", runs.toString(), curves.resolve("curves.json").toString(),
                jmhResult().toString(), "--out", out.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).isEqualTo("wrote " + out.resolve("index.html") + System.lineSeparator());
        String html = Files.readString(out.resolve("index.html"));
        assertThat(html).contains("Runs from runs.json", "Faults against memory size, lru:frames=all",
                "Lifetime curves, ws:theta=all", "Curves of tiny.lackey", "JMH benchmarks from jmh-result.json",
                "as a ratio to glibc malloc/free", "Recorder overhead", "lruFaults", "best-fit");
        assertThat(out.resolve("report.csv")).content().contains("first-fit", "vmin:theta=all");
        assertThat(Files.list(out.resolve("charts")).filter(p -> p.toString().endsWith(".png")).count())
                .isEqualTo(html.split("data:image/png;base64,", -1).length - 1L);
    }

    @Test
    void aSmallFileOfMoreValuesThanAResultHoldsIsRefusedBeforeItsTreeIsBuilt() throws Exception {
        // 15 MB of empty objects, each a value: counted on the stream and refused at 5 million, not built first
        StringBuilder many = new StringBuilder("{\"tool\": \"heaplab\", \"padding\": [{}");
        many.append(",{}".repeat(5_000_000));
        Path file = Files.writeString(dir.resolve("many.json"), many.append("]}"));
        assertUsage(Cli.run("report", file.toString(), "-o", dir.resolve("r").toString()),
                "many.json: more than 5,000,000 JSON values (expected: a result file of heaplab or JMH");
        assertThat(dir.resolve("r")).doesNotExist();
    }

    @Test
    void badInputsAreUsageErrorsNamingTheFile() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.txt"), "not json");
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertUsage(Cli.run("report", dir.resolve("none.json").toString(), "-o", dir.resolve("r").toString()),
                "none.json: is not a file: no such file or directory");
        assertUsage(Cli.run("report", text.toString(), "-o", dir.resolve("r").toString()), "notes.txt: not JSON");
        assertUsage(Cli.run("report", jmhResult().toString(), "-o", file.toString()), "is not a directory");
        assertUsage(Cli.run("report", "-o", dir.resolve("r").toString()), "RESULTS");
        assertUsage(Cli.run("report", jmhResult().toString()), "--out");
        assertThat(dir.resolve("r")).doesNotExist();
        // a sweep's view options with no sweep table would be ignored: refused
        assertUsage(Cli.run("report", jmhResult().toString(), "--x", "frames", "-o", dir.resolve("r").toString()),
                "heaplab: --x chooses a sweep table's axes, but no sweep table (table.jsonl) is among the inputs"
                        + " (expected: --x with a sweep's table.jsonl)\n");
        // the report replaces OUT/charts whole: the user's file, or a directory of the user's files, stays
        Path mine = Files.createDirectories(dir.resolve("mine"));
        Files.writeString(mine.resolve("charts"), "my notes");
        assertUsage(Cli.run("report", jmhResult().toString(), "-o", mine.toString()), "charts is a file, which the"
                + " report's charts directory would replace");
        Files.delete(mine.resolve("charts"));
        Files.writeString(Files.createDirectories(mine.resolve("charts")).resolve("plot.py"), "import this");
        assertUsage(Cli.run("report", jmhResult().toString(), "-o", mine.toString()), "holds plot.py, which no"
                + " report drew");
        assertThat(mine.resolve("charts/plot.py")).hasContent("import this");
        assertThat(mine.resolve("index.html")).doesNotExist();
        // a measure named with characters no file name takes is drawn, its name shown escaped
        Path vp = Files.createDirectories(dir.resolve("vp"));
        Files.writeString(vp.resolve("sweep.json"), """
                {"tool": "heaplab", "schema": 2, "kind": "sweep", "sweep": "s.yaml", "points": 2,
                 "columns": [{"name": "allocator", "role": "allocator"}, {"name": "frames", "role": "policy_option"}],
                 "measures": [{"name": "vp<b>", "whole": true}]}
                """);
        Path table = Files.writeString(vp.resolve("table.jsonl"), """
                {"allocator":"stack","frames":4,"vp<b>":10,"failure":null}
                {"allocator":"stack","frames":8,"vp<b>":9,"failure":null}
                """);
        Cli drawn = Cli.run("report", table.toString(), "-o", dir.resolve("vp-report").toString());
        assertThat(drawn.exitCode()).as(drawn.err()).isZero();
        assertThat(dir.resolve("vp-report/charts/01-vp-b.svg")).exists();
        assertThat(dir.resolve("vp-report/index.html")).content().contains("vp&lt;b&gt; against frames")
                .doesNotContain("vp<b>");
    }

    @Test
    void aSweepViewThatDoesNotFitTheTableIsAUsageErrorNamingTheOption() throws Exception {
        Path sweep = dir.resolve("sweep");
        Files.createDirectories(sweep);
        Files.writeString(sweep.resolve("sweep.json"), """
                {"tool": "heaplab", "kind": "sweep", "sweep": "s.yaml",
                 "columns": [{"name": "allocator", "role": "allocator"}, {"name": "frames", "role": "policy_option"}],
                 "measures": [{"name": "faults"}]}
                """);
        Path table = Files.writeString(sweep.resolve("table.jsonl"), """
                {"allocator": "stack", "frames": 4, "faults": 10}
                {"allocator": "mru", "frames": 4, "faults": 9}
                """);
        String out = dir.resolve("r").toString();
        assertUsage(Cli.run("report", table.toString(), "--x", "lives", "-o", out),
                "heaplab: --x lives (expected: one of the table's columns: allocator, frames)\n");
        assertUsage(Cli.run("report", table.toString(), "--x", "frames", "--lines", "frames", "-o", out),
                "heaplab: --lines frames is the x axis too (expected: another column)\n");
        assertThat(dir.resolve("r")).doesNotExist();
    }
}
