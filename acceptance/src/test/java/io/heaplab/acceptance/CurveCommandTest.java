package io.heaplab.acceptance;

import static io.heaplab.acceptance.TraceCommandTest.LACKEY;
import static io.heaplab.acceptance.TraceCommandTest.assertUsage;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.core.testing.GoldenFile;
import io.heaplab.reports.CurvePoints;
import io.heaplab.reports.TidyCsv;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code heaplab curve}, end to end: whole curves of a trace or a run, as JSON and CSV that agree. */
class CurveCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theDefaultCurvesOfALackeyTraceAgreeWithSimulationsAtOneSize() throws Exception {
        Path out = dir.resolve("curves");
        Cli cli = Cli.run("curve", LACKEY.toString(), "-o", out.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("lru:frames=all", "ws:theta=all", "vmin:theta=all", "wrote ");

        JsonNode root = JSON.readTree(out.resolve("curves.json").toFile()).get("streams").get(0);
        JsonNode curves = root.get("curves");
        assertThat(curves).extracting(c -> c.get("policy").asText())
                .containsExactly("lru:frames=all", "ws:theta=all", "vmin:theta=all");
        JsonNode lru = curves.get(0);
        JsonNode ws = curves.get(1);
        JsonNode vmin = curves.get(2);
        long distinct = root.get("distinctPages").asLong();
        assertThat(lru.get("sizes")).hasSize((int) distinct);
        assertThat(lru.get("faults").get((int) distinct - 1).asLong()).isEqualTo(distinct);
        for (int i = 1; i < ws.get("faults").size(); i++) {
            assertThat(ws.get("faults").get(i).asLong()).isLessThanOrEqualTo(ws.get("faults").get(i - 1).asLong());
            // VMIN faults as WS does with the same window, holding no more pages
            assertThat(vmin.get("faults").get(i).asLong()).isEqualTo(ws.get("faults").get(i).asLong());
            assertThat(vmin.get("meanResident").get(i).asDouble())
                    .isLessThanOrEqualTo(ws.get("meanResident").get(i).asDouble() + 1e-9);
        }

        // every point is what a simulation at that one size gives
        Path one = dir.resolve("one.json");
        int window = ws.get("sizes").get(20).asInt();
        assertThat(Cli.run("trace", "replay", LACKEY.toString(), "-p", "lru:frames=3", "-p",
                "ws:theta=" + window, "--json", one.toString()).exitCode()).isZero();
        JsonNode single = JSON.readTree(one.toFile());
        assertThat(single.get("faults").get("lru:frames=3").asLong()).isEqualTo(lru.get("faults").get(2).asLong());
        assertThat(single.get("faults").get("ws:theta=" + window).asLong())
                .isEqualTo(ws.get("faults").get(20).asLong());
        assertThat(single.get("pagingMeasures").get("ws:theta=" + window).get("meanResident").asDouble())
                .isCloseTo(ws.get("meanResident").get(20).asDouble(), org.assertj.core.data.Offset.offset(1e-9));

        // the tidy table: the same header as run's and trace replay's, a row per point
        List<String> csv = Files.readAllLines(out.resolve("curves.csv"));
        assertThat(csv.getFirst() + "\n").isEqualTo(TidyCsv.HEADER);
        assertThat(csv).hasSize(1 + lru.get("sizes").size() + ws.get("sizes").size() + vmin.get("sizes").size());
        assertThat(csv.get(3)).startsWith("\"" + LACKEY + "\",").contains(",\"lru:frames=all\",frames,3,"
                + lru.get("faults").get(2).asLong() + ",");
        Path replayCsv = dir.resolve("replay.csv");
        assertThat(Cli.run("trace", "replay", LACKEY.toString(), "-p", "lru:frames=all", "--csv",
                replayCsv.toString()).exitCode()).isZero();
        assertThat(Files.readAllLines(replayCsv)).isEqualTo(csv.subList(0, 1 + lru.get("sizes").size()));
    }

    /**
     * A trace of 20,000 pages: by default the files hold the LRU curve's log-spaced sizes and knees, its golden
     * form; with --all-sizes every size, of which the default points are exact copies.
     */
    @Test
    void aLongCurveIsWrittenAtItsLogSpacedSizesAndKneesUnlessEverySizeIsAskedFor() throws Exception {
        Path trace = generated("zipf:pages=20000,skew=0.9,writes=0.2", 200_000, 7);
        Path cut = dir.resolve("cut");
        Path all = dir.resolve("all");
        Cli byDefault = Cli.run("curve", trace.toString(), "-p", "lru:frames=all", "-o", cut.toString());
        assertThat(byDefault.exitCode()).as(byDefault.err()).isZero();
        Cli every = Cli.run("curve", trace.toString(), "-p", "lru:frames=all", "--all-sizes", "-o", all.toString());
        assertThat(every.exitCode()).as(every.err()).isZero();

        String csv = Files.readString(cut.resolve("curves.csv")).replace("\"" + trace + "\"", "\"zipf.hlt\"");
        GoldenFile.assertMatches("curves/zipf-lru-default.csv", csv);

        JsonNode stream = JSON.readTree(all.resolve("curves.json").toFile()).get("streams").get(0);
        JsonNode whole = stream.get("curves").get(0);
        JsonNode shown = JSON.readTree(cut.resolve("curves.json").toFile()).get("streams").get(0).get("curves").get(0);
        int distinct = stream.get("distinctPages").asInt();
        assertThat(distinct).isGreaterThan(CurvePoints.MOST);
        assertThat(whole.get("sizes")).hasSize(distinct);
        assertThat(shown.get("sizes").size()).isBetween(300, CurvePoints.MOST);
        for (int i = 0; i < shown.get("sizes").size(); i++) {
            int at = shown.get("sizes").get(i).asInt() - 1; // every size from 1: the point's own index
            for (String column : List.of("faults", "writeBacks", "meanResident", "missRatio")) {
                assertThat(shown.get(column).get(i)).as(column + " at " + (at + 1))
                        .isEqualTo(whole.get(column).get(at));
            }
        }
        assertThat(Files.readAllLines(all.resolve("curves.csv"), StandardCharsets.UTF_8)).hasSize(1 + distinct);
    }

    @Test
    void aRunsCurvesMatchTheRunCommandAndTheSameSeedGivesTheSameFiles() throws Exception {
        String[] args = {"curve", "-w", "random-blocks:size=16,live=300,steps=4000", "-a", "stack",
            "--page-size", "512", "-p", "lru:frames=all", "-p", "opt:frames=all", "-o"};
        Path first = dir.resolve("a");
        Path second = dir.resolve("b");
        assertThat(Cli.run(TraceCommandTest.concat(args, first.toString())).exitCode()).isZero();
        assertThat(Cli.run(TraceCommandTest.concat(args, second.toString())).exitCode()).isZero();
        assertThat(Files.readAllBytes(second.resolve("curves.json")))
                .isEqualTo(Files.readAllBytes(first.resolve("curves.json")));
        assertThat(Files.readAllBytes(second.resolve("curves.csv")))
                .isEqualTo(Files.readAllBytes(first.resolve("curves.csv")));

        JsonNode curves = JSON.readTree(first.resolve("curves.json").toFile()).get("streams").get(0).get("curves");
        JsonNode lru = curves.get(0).get("faults");
        JsonNode opt = curves.get(1).get("faults");
        for (int i = 0; i < lru.size(); i++) {
            assertThat(opt.get(i).asLong()).isLessThanOrEqualTo(lru.get(i).asLong());
        }
        Path run = dir.resolve("run.json");
        assertThat(Cli.run("run", "-w", "random-blocks:size=16,live=300,steps=4000", "-a", "stack",
                "--page-size", "512", "-p", "lru:frames=5", "--json", run.toString()).exitCode()).isZero();
        assertThat(JSON.readTree(run.toFile()).get("runs").get(0).get("faults").get("lru:frames=5").asLong())
                .isEqualTo(lru.get(4).asLong());
    }

    /** A fixed-size sample of 4,000 of a trace's 20,000 pages: its curve through the command, near the exact one. */
    @Test
    void aFixedSizeSampleGivesACurveNearTheExactOne() throws Exception {
        Path trace = generated("zipf:pages=20000,skew=0.9", 300_000, 5);
        Path out = dir.resolve("fixed");
        Cli cli = Cli.run("curve", trace.toString(), "-p", "lru:frames=all", "-p", "lru:frames=all,sample=4000",
                "--all-sizes", "-o", out.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode curves = JSON.readTree(out.resolve("curves.json").toFile()).get("streams").get(0).get("curves");
        JsonNode exact = curves.get(0);
        JsonNode sampled = curves.get(1);
        assertThat(sampled.get("policy").asText()).isEqualTo("lru:frames=all,sample=4000");
        double error = 0;
        for (int i = 0; i < sampled.get("sizes").size(); i++) {
            int at = (int) Math.min(sampled.get("sizes").get(i).asLong(), exact.get("sizes").size()) - 1;
            error += Math.abs(sampled.get("missRatio").get(i).asDouble() - exact.get("missRatio").get(at).asDouble());
        }
        assertThat(error / sampled.get("sizes").size()).isLessThan(0.02);
        Cli refused = Cli.run("curve", trace.toString(), "-p", "lru:frames=all,sample=1.5", "-o", out.toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains("sample=1.5 (expected: a share of the pages above 0, at most 1, or a whole"
                + " number of pages from 2 to 268435456)");
    }

    @Test
    void aSampledCurveHasAPointEveryOneOverTheRateFramesFallingWithTheSize() throws Exception {
        Path out = dir.resolve("sampled");
        Cli cli = Cli.run("curve", LACKEY.toString(), "-p", "lru:frames=all", "-p", "lru:frames=all,sample=0.5",
                "-o", out.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode curves = JSON.readTree(out.resolve("curves.json").toFile()).get("streams").get(0).get("curves");
        JsonNode exact = curves.get(0);
        JsonNode sampled = curves.get(1);
        assertThat(sampled.get("policy").asText()).isEqualTo("lru:frames=all,sample=0.5");
        assertThat(sampled.get("sizes").get(0).asLong()).isEqualTo(2);
        assertThat(sampled.get("sizes").get(1).asLong()).isEqualTo(4);
        long references = JSON.readTree(out.resolve("curves.json").toFile()).get("streams").get(0).get("references")
                .asLong();
        // a point every 2 frames, its faults falling with the size and never above the references (a trace this
        // small says nothing of the estimate's accuracy: SampledLruCurveTest measures that)
        for (int i = 1; i < sampled.get("sizes").size(); i++) {
            assertThat(sampled.get("sizes").get(i).asLong()).isEqualTo(sampled.get("sizes").get(i - 1).asLong() + 2);
            assertThat(sampled.get("faults").get(i).asLong())
                    .isBetween(0L, sampled.get("faults").get(i - 1).asLong());
        }
        assertThat(sampled.get("faults").get(0).asLong()).isLessThanOrEqualTo(references);
        assertThat(exact.get("sizes").size()).isGreaterThan(sampled.get("sizes").size());
    }

    @Test
    void badRequestsAreUsageErrors() throws Exception {
        String out = dir.resolve("o").toString();
        assertUsage(Cli.run("curve", "-o", out), "nothing to draw (expected: a TRACE file, or --workload");
        assertUsage(Cli.run("curve", LACKEY.toString(), "-w", "pqsim", "-a", "stack", "-o", out),
                "both a TRACE and a run given");
        assertUsage(Cli.run("curve", LACKEY.toString(), "-p", "lru:frames=4", "-o", out),
                "policy 'lru:frames=4' is one size (expected: a whole curve");
        assertUsage(Cli.run("curve", LACKEY.toString(), "-p", "lru:frames=16..1024*2", "-o", out),
                "policy 'lru:frames=16..1024*2' names 7 sizes (expected: a whole curve");
        assertUsage(Cli.run("curve", LACKEY.toString(), "-p", "lru:frames=4..64x2", "-o", out),
                "lru: frames=4..64x2 (expected: all, a whole curve; sizes one at a time are heaplab run's and trace"
                        + " replay's, in the size syntax of docs/sizes.md)");
        assertUsage(Cli.run("curve", LACKEY.toString(), "--window", "0", "-o", out),
                "--window 0 (expected: references per window, 1 or more)");
        assertUsage(Cli.run("curve", "-w", "pqsim", "-a", "stack", "--window", "100", "-o", out),
                "--window 100 windows a TRACE's curves, but the curves come from runs (expected: --window with a "
                        + "TRACE)");
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertUsage(Cli.run("curve", LACKEY.toString(), "-o", file.toString()), "is not a directory");
        assertThat(dir.resolve("o")).doesNotExist();
    }

    @Test
    void severalAllocatorsGiveACurveEachAsTheirOwnRunsDo() throws Exception {
        Path out = dir.resolve("several");
        Cli cli = Cli.run("curve", "-w", "random-blocks:size=16,live=300,steps=4000", "-a", "stack,nofree",
                "--page-size", "512", "-p", "lru:frames=all", "-o", out.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("allocator stack", "allocator nofree");
        JsonNode streams = JSON.readTree(out.resolve("curves.json").toFile()).get("streams");
        assertThat(streams).extracting(s -> s.get("source").get("allocator").asText()).containsExactly("stack",
                "nofree");
        Path run = dir.resolve("both.json");
        assertThat(Cli.run("run", "-w", "random-blocks:size=16,live=300,steps=4000", "-a", "stack,nofree",
                "--page-size", "512", "-p", "lru:frames=all", "--json", run.toString()).exitCode()).isZero();
        JsonNode runs = JSON.readTree(run.toFile()).get("runs");
        for (int a = 0; a < 2; a++) {
            assertThat(streams.get(a).get("curves").get(0).get("faults"))
                    .isEqualTo(runs.get(a).get("curves").get(0).get("faults"));
        }
        // NOFREE never reuses a block: it touches more pages than STACK, so its curve is longer
        assertThat(streams.get(1).get("distinctPages").asLong()).isGreaterThan(streams.get(0).get("distinctPages")
                .asLong());
        List<String> csv = Files.readAllLines(out.resolve("curves.csv"));
        assertThat(csv).hasSize(1 + (int) (streams.get(0).get("distinctPages").asLong()
                + streams.get(1).get("distinctPages").asLong()));
        Path report = dir.resolve("several-report");
        assertThat(Cli.run("report", out.resolve("curves.json").toString(), "-o", report.toString()).exitCode())
                .isZero();
        assertThat(report.resolve("index.html")).content().contains("Faults against memory size, lru:frames=all");
    }

    /** A trace {@code heaplab trace generate} makes of {@code spec}, {@code references} long, from {@code seed}. */
    private Path generated(String spec, long references, long seed) {
        Path trace = dir.resolve("zipf.hlt");
        Cli generate = Cli.run("trace", "generate", spec, "-n", Long.toString(references), "--seed",
                Long.toString(seed), "-o", trace.toString());
        assertThat(generate.exitCode()).as(generate.err()).isZero();
        return trace;
    }
}
