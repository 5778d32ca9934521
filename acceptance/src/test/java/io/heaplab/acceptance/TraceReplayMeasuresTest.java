package io.heaplab.acceptance;

import static io.heaplab.acceptance.TraceCommandTest.assertUsage;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code heaplab trace replay} and {@code heaplab curve} as a cache researcher uses them, end to end: a warm-up,
 * the miss ratio in windows, the byte miss ratio of a sized trace, and the mistakes each option can be given.
 */
class TraceReplayMeasuresTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The textbook string (Silberschatz): LRU in 3 frames faults 12 times, 4 of them in the first 5 references. */
    private static final int[] CLASSIC = {7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1};

    @TempDir
    Path dir;

    private Path classic() throws Exception {
        String lines = IntStream.of(CLASSIC).mapToObj(Integer::toString).collect(Collectors.joining("\n", "", "\n"));
        return Files.writeString(dir.resolve("classic.txt"), "# heaplab trace v1 page-size=512\n" + lines);
    }

    /** A B A C A B of 100, 10, 100, 1000, 100 and 10 bytes, as libCacheSim's oracleGeneral records. */
    private Path sized() throws Exception {
        long[] ids = {11, 22, 11, 33, 11, 22};
        int[] sizes = {100, 10, 100, 1000, 100, 10};
        ByteBuffer records = ByteBuffer.allocate(24 * ids.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < ids.length; i++) {
            records.putInt(i).putLong(ids[i]).putInt(sizes[i]).putLong(-1);
        }
        return Files.write(dir.resolve("sized.oracleGeneral.bin"), records.array());
    }

    private static Cli ran(String... args) {
        Cli cli = Cli.run(args);
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        return cli;
    }

    @Test
    void aWarmupIsRunButNotCountedAndTheFilesRecordIt() throws Exception {
        Path json = dir.resolve("replay.json");
        Path csv = dir.resolve("replay.csv");
        Cli cli = ran("trace", "replay", classic().toString(), "-p", "lru:frames=3", "-p", "lru:frames=2",
                "--warmup", "5", "--json", json.toString(), "--csv", csv.toString());
        assertThat(cli.out()).contains("20 references in 20 reference runs to 6 pages, measured after a warm-up of"
                + " 5 references");
        // LRU's 12 faults in 3 frames less the 4 of 7 0 1 2 0; in 2 frames, 17 less 5
        assertThat(cli.out().lines()).anyMatch(l -> l.matches("lru:frames=3 +8 +0\\.53333 .*"))
                .anyMatch(l -> l.matches("lru:frames=2 +12 +0\\.80000 .*"));
        JsonNode result = JSON.readTree(json.toFile());
        assertThat(result.get("warmup").asLong()).isEqualTo(5);
        assertThat(result.get("measuredFrom").asLong()).isEqualTo(5);
        assertThat(result.get("faults").get("lru:frames=3").asLong()).isEqualTo(8);
        List<String> rows = Files.readAllLines(csv);
        assertThat(rows.getFirst()).contains(",measuredFrom,warmup,").endsWith(",bytesRequested,bytesMissed,"
                + "byteMissRatio");
        assertThat(rows).anyMatch(r -> r.contains(",20,5,5,6,") && r.contains("\"lru:frames=3\",frames,3,8,"));

        // a share of the trace: a quarter of 20 references is 5
        Cli share = ran("trace", "replay", classic().toString(), "-p", "lru:frames=3", "--warmup", "25%");
        assertThat(share.out()).contains("measured after a warm-up of 5 references")
                .doesNotContain("miss ratio over time"); // no file keeps the windows
        assertThat(share.out().lines()).anyMatch(l -> l.matches("lru:frames=3 +8 .*"));
        assertThat(ran("trace", "replay", classic().toString(), "-p", "lru:frames=3", "--warmup", "0.25").out())
                .isEqualTo(share.out());
        assertThat(ran("trace", "replay", classic().toString(), "-p", "lru:frames=3", "--warmup", "5.0").out())
                .isEqualTo(share.out());

        // a share in decimal, as written: 29% of 100 references is 29, though 0.29 x 100 is 28.999... in binary
        Path hundred = Files.writeString(dir.resolve("hundred.txt"), "# heaplab trace v1 page-size=512\n"
                + IntStream.range(0, 100).mapToObj(i -> Integer.toString(i % 7)).collect(Collectors.joining("\n",
                        "", "\n")));
        assertThat(ran("trace", "replay", hundred.toString(), "-p", "lru:frames=3", "--warmup", "29%").out())
                .contains("measured after a warm-up of 29 references");

        // a run the warm-up's end cuts in two is still one run of the trace
        Path runs = Files.writeString(dir.resolve("runs.txt"), "# heaplab trace v1 page-size=512\n7\n7\n7\n7\n0\n0\n");
        assertThat(ran("trace", "replay", runs.toString(), "-p", "lru:frames=1", "--warmup", "2").out())
                .contains("6 references in 2 reference runs to 2 pages, measured after a warm-up of 2 references");
    }

    @Test
    void theMissRatioOverTimeIsKeptInWindowsAndDrawnInTheReport() throws Exception {
        Path json = dir.resolve("windows.json");
        Cli cli = ran("trace", "replay", classic().toString(), "-p", "lru:frames=3", "-p", "lru:frames=4",
                "-p", "opt:frames=3", "--window", "8", "--warmup", "5", "--json", json.toString());
        assertThat(cli.out()).contains("miss ratio over time: 3 windows of 8 references (the last shorter), in the "
                + "result file; not for opt:frames=3, which count their faults only at the end");
        JsonNode windows = JSON.readTree(json.toFile()).get("windows");
        assertThat(windows.get("ends").toString()).isEqualTo("[8,16,20]");
        // LRU in 3 frames faults 6 times in references 1-8, 5 in 9-16 and once in 17-20, warm-up or not
        assertThat(windows.get("faults").get("lru:frames=3").toString()).isEqualTo("[6,5,1]");
        assertThat(windows.get("faults").get("lru:frames=4").toString()).isEqualTo("[6,1,1]");
        assertThat(windows.get("missRatio").get("lru:frames=3").toString()).isEqualTo("[0.75,0.625,0.25]");

        Path report = dir.resolve("report");
        ran("report", json.toString(), "-o", report.toString());
        assertThat(report.resolve("index.html")).content().contains("Miss ratio over time, classic.txt");
    }

    @Test
    void aSizedTraceGivesTheByteMissRatioBesideTheMissRatio() throws Exception {
        Path csv = dir.resolve("sized.csv");
        Cli cli = ran("trace", "replay", sized().toString(), "-p", "lru:frames=2", "--sizes", "--csv", csv.toString());
        // LRU in 2 frames misses A, B, C and the last B: 4 of 6 requests, 1120 of 1320 bytes
        assertThat(cli.out()).contains("byteMissRatio");
        assertThat(cli.out().lines()).anyMatch(l -> l.matches("lru:frames=2 +4 +0\\.66667 +0\\.84848 .*"));
        assertThat(Files.readAllLines(csv)).anyMatch(r -> r.endsWith(",1320,1120,0.8484848484848485"));

        // after a warm-up of A B A: C misses, A hits, B misses: 1010 of 1110 bytes
        Cli warmed = ran("trace", "replay", sized().toString(), "-p", "lru:frames=2", "--sizes", "--warmup", "3");
        assertThat(warmed.out().lines()).anyMatch(l -> l.matches("lru:frames=2 +2 +0\\.66667 +0\\.90991 .*"));
    }

    @Test
    void aCsvTraceGivesItsSizesFromTheColumnNamed() throws Exception {
        Path csv = Files.writeString(dir.resolve("sized.csv"), "time,id,size\n1,11,100\n2,22,10\n3,11,100\n"
                + "4,33,1000\n5,11,100\n6,22,10\n");
        Cli cli = ran("trace", "replay", csv.toString(), "--id-column", "2", "--header", "--size-column", "3",
                "--sizes", "-p", "lru:frames=2");
        assertThat(cli.out().lines()).anyMatch(l -> l.matches("lru:frames=2 +4 +0\\.66667 +0\\.84848 .*"));
    }

    @Test
    void aCurvesMissRatioOverTimeIsKeptAtItsSizesAndDrawnWithALinePerSize() throws Exception {
        Path out = dir.resolve("curves");
        Cli cli = ran("curve", classic().toString(), "-p", "lru:frames=all", "-p", "ws:theta=all", "-p",
                "opt:frames=all", "--window", "8", "--warmup", "5", "-o", out.toString());
        assertThat(cli.out()).contains("miss ratio over time: 3 windows of 8 references (the last shorter), in the "
                + "result file; not for opt:frames=all, which count their faults only at the end");
        JsonNode windows = JSON.readTree(out.resolve("curves.json").toFile()).get("streams").get(0).get("windows");
        assertThat(windows.get("ends").toString()).isEqualTo("[8,16,20]");
        JsonNode lru = windows.get("curves").get("lru:frames=all");
        // 6 pages: the sizes a person reads, powers of two and one and a half times them, and the largest
        assertThat(lru.get("sizes").toString()).isEqualTo("[1,2,3,4,6]");
        // at 3 and 4 frames, what trace replay's lru:frames=3 and lru:frames=4 count in the same windows
        assertThat(lru.get("faults").get(2).toString()).isEqualTo("[6,5,1]");
        assertThat(lru.get("faults").get(3).toString()).isEqualTo("[6,1,1]");
        assertThat(lru.get("missRatio").get(2).toString()).isEqualTo("[0.75,0.625,0.25]");
        // the working set of window 1 faults at every reference but a repeat: none in this string
        assertThat(windows.get("curves").get("ws:theta=all").get("faults").get(0).toString()).isEqualTo("[8,8,4]");
        assertThat(windows.get("notWindowed").toString()).isEqualTo("[\"opt:frames=all\"]");

        Path every = dir.resolve("every");
        ran("curve", classic().toString(), "-p", "lru:frames=all", "--window", "8", "--all-sizes", "-o",
                every.toString());
        assertThat(JSON.readTree(every.resolve("curves.json").toFile()).get("streams").get(0).get("windows")
                .get("curves").get("lru:frames=all").get("sizes").toString()).isEqualTo("[1,2,3,4,5,6]");

        Path report = dir.resolve("report");
        ran("report", out.resolve("curves.json").toString(), "-o", report.toString());
        assertThat(report.resolve("index.html")).content()
                .contains("Miss ratio over time, lru:frames=all, classic.txt (windows of 8 references, 512-byte pages)")
                .contains("Miss ratio over time, ws:theta=all, classic.txt");
    }

    @Test
    void aReplaysCurvesAreWindowedBesideItsFixedPolicies() throws Exception {
        Path json = dir.resolve("replay.json");
        ran("trace", "replay", classic().toString(), "-p", "lru:frames=3", "-p", "lru:frames=all", "--window", "8",
                "--json", json.toString());
        JsonNode windows = JSON.readTree(json.toFile()).get("windows");
        assertThat(windows.get("faults").get("lru:frames=3").toString()).isEqualTo("[6,5,1]");
        JsonNode curve = windows.get("curves").get("lru:frames=all");
        assertThat(curve.get("sizes").toString()).isEqualTo("[1,2,3,4,5,6]");
        assertThat(curve.get("faults").get(2).toString()).isEqualTo("[6,5,1]");

        // past 2,000 windows a curve's merge, and the fixed policy's with them, so every policy's windows end together
        String pages = IntStream.range(0, 5000).mapToObj(i -> Integer.toString(i * 7 % 11))
                .collect(Collectors.joining("\n", "", "\n"));
        Path longer = Files.writeString(dir.resolve("longer.txt"), "# heaplab trace v1 page-size=512\n" + pages);
        Path merged = dir.resolve("merged.json");
        ran("trace", "replay", longer.toString(), "-p", "lru:frames=3", "-p", "lru:frames=all", "--window", "1",
                "--json", merged.toString());
        JsonNode four = JSON.readTree(merged.toFile()).get("windows");
        // 1 reference a window to 2,000 windows, then 2, then 4: 1,250 windows of 4
        assertThat(four.get("length").asLong()).isEqualTo(4);
        assertThat(four.get("ends").size()).isEqualTo(1250);
        assertThat(four.get("curves").get("lru:frames=all").get("faults").get(2))
                .isEqualTo(four.get("faults").get("lru:frames=3"));
    }

    @Test
    void aCurveAfterAWarmupHoldsEverySizesWarmedFaults() throws Exception {
        Path out = dir.resolve("curves");
        Cli cli = ran("curve", classic().toString(), "-p", "lru:frames=all", "--warmup", "5", "-o", out.toString());
        assertThat(cli.out()).contains("measured after a warm-up of 5 references");
        JsonNode curve = JSON.readTree(out.resolve("curves.json").toFile()).get("streams").get(0);
        assertThat(curve.get("warmup").asLong()).isEqualTo(5);
        // LRU after 7 0 1 2 0, at 1 to 6 frames: each size's faults less those of the warm-up
        assertThat(curve.get("curves").get(0).get("faults").toString()).isEqualTo("[15,12,8,4,3,2]");
    }

    @Test
    void badValuesFailInOneLineWithExitCodeTwo() throws Exception {
        String trace = classic().toString();
        assertUsage(Cli.run("trace", "replay", trace, "-p", "lru:frames=3", "--warmup", "-1"),
                "--warmup -1 (expected: a number of references, 0 or more, or a share of the trace below 1, such as"
                        + " 0.1 or 10%)");
        assertUsage(Cli.run("trace", "replay", trace, "-p", "lru:frames=3", "--warmup", "200%"),
                "--warmup 200% (expected: a share of the trace from 0% up to 100%, 100% excluded, such as 10%)");
        assertUsage(Cli.run("trace", "replay", trace, "-p", "lru:frames=3", "--warmup", "1.5"),
                "--warmup 1.5 (expected: a share of the trace from 0 up to 1, 1 excluded, such as 0.1)");
        assertUsage(Cli.run("trace", "replay", trace, "-p", "lru:frames=3", "--warmup", "many"),
                "--warmup many (expected: a number of references");
        assertUsage(Cli.run("trace", "replay", trace, "-p", "lru:frames=3", "--warmup", "20"),
                "warmup: 20 references, but trace '" + trace + "' holds 20 (expected: a warm-up shorter than the "
                        + "trace)");
        assertUsage(Cli.run("trace", "replay", trace, "-p", "lru:frames=3", "--window", "0"),
                "--window 0 (expected: references per window, 1 or more)");
        assertUsage(Cli.run("trace", "replay", trace, "-p", "lru:frames=3", "--window", "8"),
                "--window 8 without --json (expected: --json FILE to keep the miss ratio over time; the text and the"
                        + " CSV hold one miss ratio per policy)");
        assertUsage(Cli.run("trace", "replay", trace, "-p", "lru:frames=3", "--sizes"),
                "byte miss ratio: trace '" + trace + "' is a text trace, which gives no object sizes (expected: a "
                        + "trace with sizes: libCacheSim's oracleGeneral, or an ids trace with a size column)");
        assertUsage(Cli.run("trace", "replay", trace, "-p", "lru:frames=3", "--sizes", "--size-column", "2"),
                "--size-column 2 says where an ids trace holds its sizes, but '" + trace + "' is a text trace "
                        + "(expected: --size-column for ids traces only)");
        Path csv = Files.writeString(dir.resolve("ids.csv"), "1,11,100\n2,22,10\n");
        assertUsage(Cli.run("trace", "replay", csv.toString(), "--id-column", "2", "--size-column", "2", "--sizes",
                "-p", "lru:frames=2"), "--size-column 2 (expected: another column than the ids', which --id-column"
                + " names)");
        assertUsage(Cli.run("curve", trace, "--warmup", "-1", "-o", dir.resolve("c").toString()), "--warmup -1");
        assertUsage(Cli.run("curve", "-w", "random-blocks:live=10,steps=100", "-a", "stack", "--warmup", "5", "-o",
                dir.resolve("c").toString()), "--warmup warms the policies on a TRACE");
    }
}
