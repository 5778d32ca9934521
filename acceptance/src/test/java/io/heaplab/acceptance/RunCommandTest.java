package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest {

    private static final int PAGE = 512;
    private static final int SIZE = 16;

    @TempDir
    Path dir;

    private Cli run(Path json, long seed) {
        return Cli.run("run", "-w", "random-blocks:size=" + SIZE + ",live=300,steps=4000", "-a", "stack,nofree",
                "-p", "lru:frames=6", "-p", "lru:frames=all", "-p", "wsclock:frames=6,theta=2000",
                "--page-size", String.valueOf(PAGE), "--seed", String.valueOf(seed), "--json", json.toString());
    }

    @Test
    void runsEachAllocatorAndWritesOneResultFile() throws Exception {
        Path json = dir.resolve("out/results.json");
        Cli cli = run(json, 42);
        assertThat(cli.err()).isEmpty();
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).contains("stack", "nofree", "lru:frames=6", "wrote ");

        JsonNode root = new ObjectMapper().readTree(json.toFile());
        assertThat(root.get("schema").asInt()).isEqualTo(2);
        JsonNode runs = root.get("runs");
        assertThat(runs).hasSize(2);
        for (JsonNode r : runs) {
            for (String field : new String[] {"workload", "allocator", "pageSize", "references", "virtualPages",
                    "allocations", "frees", "faults"}) {
                assertThat(r.has(field)).as(field).isTrue();
            }
            assertThat(r.get("pageSize").asInt()).isEqualTo(PAGE);
            assertThat(r.get("allocations").asLong()).isEqualTo(4300).isEqualTo(r.get("frees").asLong());
            JsonNode faults = r.get("faults");
            JsonNode curve = r.get("curves").get(0).get("faults");
            // the one-pass curve agrees with the exact simulation at the size both measured
            assertThat(curve.get(5).asLong()).isEqualTo(faults.get("lru:frames=6").asLong());
            assertThat(curve.get(curve.size() - 1).asLong()).isEqualTo(r.get("pagesTouched").asLong());
            assertThat(faults.get("wsclock:frames=6,theta=2000").asLong()).isGreaterThanOrEqualTo(
                    r.get("pagesTouched").asLong());
            assertThat(r.get("pagingMeasures").get("wsclock:frames=6,theta=2000").has("writeBacks")).isTrue();
        }
        JsonNode stack = runs.get(0);
        JsonNode nofree = runs.get(1);
        assertThat(stack.get("allocator").asText()).isEqualTo("stack");
        // NOFREE never reuses a block, so it needs a page per PAGE / SIZE allocations; STACK only the peak
        int perPage = PAGE / SIZE;
        assertThat(nofree.get("virtualPages").asLong()).isEqualTo((4300 + perPage - 1) / perPage);
        assertThat(stack.get("virtualPages").asLong()).isEqualTo((300 + perPage - 1) / perPage);
        // the workload makes the same references whatever the allocator
        assertThat(stack.get("references").asLong()).isEqualTo(nofree.get("references").asLong());
    }

    @Test
    void theResultFileIsReadableByOthersLikeAnyNewFile() throws Exception {
        Path json = dir.resolve("perm.json");
        assertThat(run(json, 1).exitCode()).isZero();
        Path plain = Files.writeString(dir.resolve("plain.txt"), "x");
        assertThat(Files.getPosixFilePermissions(json)).isEqualTo(Files.getPosixFilePermissions(plain));
    }

    @Test
    void sameSeedSameBytesOtherSeedOtherNumbers() throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        Path c = dir.resolve("c.json");
        assertThat(run(a, 7).exitCode()).isZero();
        assertThat(run(b, 7).exitCode()).isZero();
        assertThat(run(c, 8).exitCode()).isZero();
        assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b));
        assertThat(Files.readString(a)).isNotEqualTo(Files.readString(c));
    }

    @Test
    void unknownAllocatorIsAUsageErrorOnOneLine() {
        Path json = dir.resolve("never.json");
        Cli cli = Cli.run("run", "-w", "random-blocks", "-a", "stack,bogus", "-p", "lru:frames=4",
                "--json", json.toString());
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.err()).startsWith("heaplab: unknown allocator 'bogus' (expected one of: ")
                .contains("nofree", "stack");
        assertThat(cli.err().strip().lines()).hasSize(1);
        assertThat(json).doesNotExist();
    }

    @Test
    void badOptionsAndValuesAreUsageErrors() {
        assertUsage(Cli.run("run", "-w", "random-blocks:lve=3", "-a", "stack"), "random-blocks: unknown option 'lve'");
        assertUsage(Cli.run("run", "-w", "random-blocks", "-a", "stack", "-p", "lru:frames=0"),
                "lru: frames=0 (expected: a positive integer or 'all')");
        assertUsage(Cli.run("run", "-w", "random-blocks", "-a", "stack", "-p", "wsclock:frames=4"),
                "wsclock: option 'theta' is required");
        assertUsage(Cli.run("run", "-w", "random-blocks", "-a", "stack", "--page-size", "100"),
                "--page-size 100 (expected: a power of 2 from 64 to 1048576)");
        assertUsage(Cli.run("run", "-a", "stack"), "--workload is required");
        assertUsage(Cli.run("run", "-w", "random-blocks", "-a", "stack", "--seed", "x"), "--seed");
        assertUsage(Cli.run("frobnicate"), "Unmatched argument");
        assertUsage(Cli.run("run", "-w", "random-blocks", "-a", "stack", "-p", "lru:frames=3", "-p", "lru:frames=3"),
                "policy 'lru:frames=3' given twice");
        assertUsage(Cli.run("run", "-w", "random-blocks", "-a", "stack", "--json", dir.toString()),
                "is a directory (expected: a file to write)");
    }

    @Test
    void aBoundedHeapRejectsAndCountsWhatDoesNotFit() throws Exception {
        Path json = dir.resolve("bounded.json");
        // 8 pages of 512 bytes hold 256 blocks of 16 bytes; the workload wants 300 live at once
        Cli cli = Cli.run("run", "-w", "random-blocks:size=16,live=300,steps=1000", "-a", "stack,nofree",
                "--page-size", "512", "--heap-size", "4096", "--json", json.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode runs = new ObjectMapper().readTree(json.toFile()).get("runs");
        JsonNode stack = runs.get(0);
        assertThat(stack.get("virtualPages").asLong()).isEqualTo(8);
        assertThat(stack.get("peakLiveBlocks").asLong()).isEqualTo(256);
        assertThat(stack.get("rejections").asLong()).isEqualTo(300 - 256);
        JsonNode nofree = runs.get(1);
        assertThat(nofree.get("allocations").asLong()).isEqualTo(256);
        assertThat(nofree.get("rejections").asLong()).isEqualTo(1300 - 256);
    }

    @Test
    void allocatorReferencesArePagedOnlyWhenAsked() throws Exception {
        Path quiet = dir.resolve("quiet.json");
        Path counted = dir.resolve("counted.json");
        String[] args = {"run", "-w", "random-blocks:size=16,live=100,steps=500", "-a", "stack", "-p",
            "lru:frames=2", "--page-size", "512", "--json"};
        assertThat(Cli.run(concat(args, quiet.toString())).exitCode()).isZero();
        assertThat(Cli.run(concat(concat(args, counted.toString()), "--count-allocator")).exitCode()).isZero();
        JsonNode a = new ObjectMapper().readTree(quiet.toFile()).get("runs").get(0);
        JsonNode b = new ObjectMapper().readTree(counted.toFile()).get("runs").get(0);
        long bookkeeping = a.get("allocatorReferences").asLong();
        assertThat(bookkeeping).isPositive().isEqualTo(b.get("allocatorReferences").asLong());
        assertThat(b.get("references").asLong()).isEqualTo(a.get("references").asLong() + bookkeeping);
    }

    @Test
    void aStrategyThatCannotServeTheWorkloadIsAUsageError() {
        assertUsage(Cli.run("run", "-w", "random-blocks:size=8192", "-a", "stack", "--page-size", "4096"),
                "stack: blockSize 8192 (expected: 4 .. 4096 bytes");
    }

    private static String[] concat(String[] args, String... more) {
        String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }

    private static void assertUsage(Cli cli, String expected) {
        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
        assertThat(cli.err()).startsWith("heaplab: ").contains(expected).doesNotContain("\tat ");
        assertThat(cli.err().strip().lines()).hasSize(1);
    }

    @Test
    void aRunThatNamesNoPolicyCountsTheWholeLruCurveAndSaysSo() throws Exception {
        Path json = dir.resolve("default.json");
        Cli cli = Cli.run("run", "-w", "random-blocks:live=300,steps=3000", "-a", "stack", "--page-size", "512",
                "--json", json.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("no policy given: faults at every memory size from the whole LRU curve"
                + " (lru:frames=all)", "lru:frames=all: faults by frames 1:");
        JsonNode run = new ObjectMapper().readTree(json.toFile()).get("runs").get(0);
        // one type per field: the faults of single sizes are numbers, a whole curve is in curves
        assertThat(run.get("faults").isEmpty()).isTrue();
        JsonNode curve = run.get("curves").get(0);
        assertThat(curve.get("policy").asText()).isEqualTo("lru:frames=all");
        assertThat(curve.get("faults").get(0).asLong()).isPositive();
        assertThat(curve.get("sizes").get(0).asLong()).isEqualTo(1);
    }

    @Test
    void aListOfSizesInOneSpecRunsEverySizeAndFractionsFollowThePagesTouched() throws Exception {
        Path json = dir.resolve("sizes.json");
        Cli cli = Cli.run("run", "-w", "random-blocks:live=300,steps=3000", "-a", "stack", "--page-size", "512",
                "-p", "fifo:frames=2,4,8", "-p", "lru:frames=2..8*2", "-p", "lru:frames=all",
                "-p", "arc:frames=50%..100%/50", "--json", json.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode run = new ObjectMapper().readTree(json.toFile()).get("runs").get(0);
        JsonNode faults = run.get("faults");
        long touched = run.get("pagesTouched").asLong();
        assertThat(faults.has("fifo:frames=2") && faults.has("fifo:frames=4") && faults.has("fifo:frames=8")).isTrue();
        JsonNode curve = run.get("curves").get(0);
        for (int frames : new int[] {2, 4, 8}) {
            // each listed size is the run a spec of that one size would be: LRU's equals its curve at that size
            assertThat(faults.get("lru:frames=" + frames).asLong()).isEqualTo(curve.get("faults").get(frames - 1)
                    .asLong());
        }
        assertThat(faults.has("arc:frames=" + Math.round(touched / 2.0))).isTrue();
        assertThat(faults.get("arc:frames=" + touched).asLong()).isEqualTo(touched);
        assertThat(cli.out()).contains("fifo:frames=8", "arc:frames=" + touched);
        Path report = dir.resolve("sizes-report");
        assertThat(Cli.run("report", json.toString(), "--out", report.toString()).exitCode()).isZero();
        // the single sizes joined into a line per policy, the whole LRU curve beside them
        assertThat(report.resolve("report.csv")).content().contains("miss-ratio-stack", ",lru (curve),",
                "fifo", "arc");
        assertThat(report.resolve("index.html")).content().contains("Miss ratio against memory size, stack");
        TraceCommandTest.assertUsage(Cli.run("run", "-w", "random-blocks", "-a", "stack", "-p", "lru:frames=9..3"),
                "lru: frames=9..3 (expected: a range FIRST..LAST with FIRST <= LAST)");
        TraceCommandTest.assertUsage(Cli.run("run", "-w", "random-blocks", "-a", "stack", "-p", "ws:theta=10%"),
                "ws: theta=10% (expected: a size: a whole number, a list a,b,c, a range 16..1024*2 or 100..1000/100,"
                        + " or all; a percentage is of pages, for frames only)");
        TraceCommandTest.assertUsage(Cli.run("run", "-w", "random-blocks", "-a", "stack", "-p", "lru:frames=4..64x2"),
                "lru: frames=4..64x2 (expected: a size: a whole number, a list a,b,c, a range 16..1024*2 or"
                        + " 100..1000/100, a percentage 10% or 10%..100%/10, or all)");
    }

    @Test
    void severalSeedsGiveMeansAndDeviationsTheSameWhateverTheThreads() throws Exception {
        Path one = dir.resolve("one-thread.json");
        Path two = dir.resolve("two-threads.json");
        String[] run = {"run", "-w", "random-blocks:live=300,steps=3000", "-a", "stack,first-fit", "--page-size",
            "512", "-p", "lru:frames=4", "-p", "lru:frames=all", "--seeds", "3"};
        Cli first = Cli.run(concat(run, "--threads", "1", "--json", one.toString()));
        Cli second = Cli.run(concat(run, "--threads", "2", "--json", two.toString()));
        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(second.exitCode()).as(second.err()).isZero();
        assertThat(Files.readString(two)).isEqualTo(Files.readString(one));
        assertThat(first.out()).contains("seeds 1, 2, 3", "mean ± standard deviation over the seeds");
        JsonNode root = new ObjectMapper().readTree(one.toFile());
        assertThat(root.get("runs")).hasSize(6);
        JsonNode stack = root.get("summaries").get(0);
        assertThat(stack.get("allocator").asText()).isEqualTo("stack");
        assertThat(stack.get("seeds")).hasSize(3);
        double[] faults = new double[3];
        for (int s = 0; s < 3; s++) {
            JsonNode r = root.get("runs").get(s);
            assertThat(r.get("seed").asLong()).isEqualTo(s + 1);
            faults[s] = r.get("faults").get("lru:frames=4").asDouble();
        }
        double mean = (faults[0] + faults[1] + faults[2]) / 3;
        assertThat(stack.get("faults").get("lru:frames=4").get("mean").asDouble()).isCloseTo(mean, within(1e-9));
        double sd = Math.sqrt(((faults[0] - mean) * (faults[0] - mean) + (faults[1] - mean) * (faults[1] - mean)
                + (faults[2] - mean) * (faults[2] - mean)) / 2);
        assertThat(stack.get("faults").get("lru:frames=4").get("sd").asDouble()).isCloseTo(sd, within(1e-9));
        assertThat(sd).isPositive();
        TraceCommandTest.assertUsage(Cli.run("run", "-w", "random-blocks", "-a", "stack", "--seeds", "0"),
                "--seeds 0 (expected: 1 or more)");
    }


    @Test
    void sizesTakeUnits() throws Exception {
        Path plain = dir.resolve("plain.json");
        Path units = dir.resolve("units.json");
        assertThat(Cli.run("run", "-w", "random-blocks:live=200,steps=500", "-a", "first-fit", "-p", "lru:frames=4",
                "--page-size", "512", "--heap-size", "65536", "--json", plain.toString()).exitCode()).isZero();
        assertThat(Cli.run("run", "-w", "random-blocks:live=200,steps=500", "-a", "first-fit", "-p", "lru:frames=4",
                "--page-size", "512B", "--heap-size", "64KiB", "--json", units.toString())
                .exitCode()).isZero();
        JsonNode a = new ObjectMapper().readTree(plain.toFile()).get("runs").get(0);
        JsonNode b = new ObjectMapper().readTree(units.toFile()).get("runs").get(0);
        assertThat(b.get("faults")).isEqualTo(a.get("faults"));
        assertThat(b.get("pageSize").asInt()).isEqualTo(512);
        Cli bad = Cli.run("run", "-w", "random-blocks", "-a", "stack", "--heap-size", "64XB");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("'64XB' (expected: bytes, optionally with a unit, such as 4096, 64KiB, 64MiB or"
                + " 1GiB)").doesNotContain("\tat ");
    }

    @Test
    void aTidyCsvHasARowPerRunPolicyAndSize() throws Exception {
        Path csv = dir.resolve("tidy.csv");
        Cli cli = Cli.run("run", "-w", "random-blocks:live=300,steps=3000", "-a", "stack,nofree", "--page-size", "512",
                "-p", "lru:frames=4", "-p", "lru:frames=all", "--csv", csv.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.getFirst()).startsWith("trace,workload,allocator,seed,pageSize,").endsWith(
                ",policy,axis,size,faults,missRatio,writeBacks,meanResident,lifetime,bytesRequested,bytesMissed,byteMissRatio");
        // per run: one row at 4 frames, and a row per point of the curve
        assertThat(lines.stream().filter(l -> l.contains("\"lru:frames=4\",frames,4,"))).hasSize(2);
        assertThat(lines.stream().filter(l -> l.contains("\"lru:frames=all\",frames,1,"))).hasSize(2);
        assertThat(lines.stream().filter(l -> l.startsWith(",\"random-blocks:live=300,steps=3000\",\"stack\",1,512,")))
                .hasSizeGreaterThan(2);
    }
}
