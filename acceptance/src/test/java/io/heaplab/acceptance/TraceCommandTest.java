package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.traces.TraceFormats;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/** {@code heaplab trace record} and {@code replay}, end to end: what a trace replays is what the run measured. */
class TraceCommandTest {

    /** A lackey trace of a real program, captured with valgrind (see the README beside it). */
    static final Path LACKEY = Path.of("../traces/src/test/resources/lackey/tiny.lackey");

    private static final String WORKLOAD = "random-blocks:size=16,live=300,steps=4000";
    private static final String[] POLICIES = {"-p", "lru:frames=6", "-p", "fifo:frames=6", "-p", "opt:frames=6",
        "-p", "ws:theta=500", "-p", "vmin:theta=all", "-p", "pff:threshold=300", "-p", "lru:frames=all"};

    /** The formats heaplab reads, which its messages and help list. */
    private static final TraceFormats FORMATS = TraceFormats.installed();

    @TempDir
    Path dir;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aRecordedTraceReplaysToTheFaultsOfTheRunItself() throws Exception {
        Path results = dir.resolve("run.json");
        Cli run = Cli.run(concat(new String[] {"run", "-w", WORKLOAD, "-a", "stack", "--page-size", "512",
            "--json", results.toString()}, POLICIES));
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode measured = JSON.readTree(results.toFile()).get("runs").get(0);

        for (String[] format : new String[][] {{"--format", "binary"}, {"--format", "binary", "--compress"},
            {"--format", "text"}}) {
            Path trace = dir.resolve("trace-" + String.join("", format).replace("-", ""));
            Cli record = Cli.run(concat(new String[] {"trace", "record", "-w", WORKLOAD, "-a", "stack",
                "--page-size", "512", "-o", trace.toString()}, format));
            assertThat(record.exitCode()).as(record.err()).isZero();
            assertThat(record.out()).contains("recorded " + measured.get("references").asLong() + " references");

            Path replayed = dir.resolve(trace.getFileName() + ".json");
            Cli replay = Cli.run(concat(new String[] {"trace", "replay", trace.toString(), "--json",
                replayed.toString()}, POLICIES));
            assertThat(replay.exitCode()).as(replay.err()).isZero();
            JsonNode root = JSON.readTree(replayed.toFile());
            assertThat(root.get("references").asLong()).isEqualTo(measured.get("references").asLong());
            assertThat(root.get("distinctPages").asLong()).isEqualTo(measured.get("pagesTouched").asLong());
            assertThat(root.get("source").get("pageSize").asInt()).as(String.join(" ", format)).isEqualTo(512);
            assertThat(root.get("faults")).as(String.join(" ", format)).isEqualTo(measured.get("faults"));
            assertThat(root.get("pagingMeasures")).isEqualTo(measured.get("pagingMeasures"));
        }
    }

    @Test
    void compressionMakesTheBinaryTraceSmallerAndTextIsOnePagePerLine() throws Exception {
        Path plain = dir.resolve("plain.hlt");
        Path packed = dir.resolve("packed.hlt");
        Path text = dir.resolve("trace.txt");
        String[] run = {"trace", "record", "-w", WORKLOAD, "-a", "nofree", "--page-size", "512", "-o"};
        assertThat(Cli.run(concat(run, plain.toString())).exitCode()).isZero();
        assertThat(Cli.run(concat(run, packed.toString(), "--compress")).exitCode()).isZero();
        assertThat(Cli.run(concat(run, text.toString(), "--format", "text")).exitCode()).isZero();
        assertThat(Files.size(packed)).isLessThan(Files.size(plain));
        assertThat(Files.readAllLines(text, StandardCharsets.UTF_8).stream().filter(l -> !l.startsWith("#")))
                .allMatch(line -> line.matches("\\d+( [RW])?"));
    }

    @Test
    void aRealLackeyTraceReplaysThroughEveryKindOfPolicy() throws Exception {
        Path results = dir.resolve("lackey.json");
        Cli cli = Cli.run("trace", "replay", LACKEY.toString(), "-p", "lru:frames=4", "-p", "opt:frames=4",
                "-p", "arc:frames=4", "-p", "lru:frames=all", "-p", "ws:theta=all", "--json", results.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("format lackey", "lru:frames=4", "opt:frames=4");
        JsonNode root = JSON.readTree(results.toFile());
        assertThat(root.get("source").get("format").asText()).isEqualTo("lackey");
        assertThat(root.get("source").get("pageSize").asInt()).isEqualTo(4096);
        long lru = root.get("faults").get("lru:frames=4").asLong();
        long opt = root.get("faults").get("opt:frames=4").asLong();
        assertThat(opt).isPositive().isLessThanOrEqualTo(lru).isLessThanOrEqualTo(
                root.get("faults").get("arc:frames=4").asLong());
        assertThat(root.get("curves").get(0).get("policy").asText()).isEqualTo("lru:frames=all");
        assertThat(root.get("curves").get(0).get("faults").get(3).asLong()).isEqualTo(lru);
        assertThat(root.get("pagingMeasures").get("lru:frames=4").get("writeBacks").asLong()).isPositive();

        // instruction fetches are references too when asked for, and smaller pages make more of them
        Path withCode = dir.resolve("code.json");
        assertThat(Cli.run("trace", "replay", LACKEY.toString(), "--instructions", "--page-size", "1024",
                "-p", "lru:frames=4", "--json", withCode.toString()).exitCode()).isZero();
        JsonNode code = JSON.readTree(withCode.toFile());
        assertThat(code.get("references").asLong()).isGreaterThan(root.get("references").asLong());
        assertThat(code.get("distinctPages").asLong()).isGreaterThan(root.get("distinctPages").asLong());
    }

    /**
     * On a real program's trace, and on a generated one long enough for many blocks of runs to go to the second
     * thread, the curve on two threads is the one-thread curve in every measure, and strict LRU at sampled sizes.
     */
    @Test
    void theLruCurveOnTwoThreadsIsExactLruAtEverySampledSizeOfARealTrace() throws Exception {
        assertTwoThreadCurveIsExact(LACKEY, "--instructions", "--page-size", "64");
        Path zipf = dir.resolve("zipf.hlt");
        Cli generate = Cli.run("trace", "generate", "zipf:pages=3000,skew=0.8,writes=0.3", "-n", "100000", "-o",
                zipf.toString());
        assertThat(generate.exitCode()).as(generate.err()).isZero();
        assertTwoThreadCurveIsExact(zipf);
        // a generated trace has no page size: its replay says so, in trace info's words
        Cli replay = Cli.run("trace", "replay", zipf.toString(), "-p", "lru:frames=8");
        assertThat(replay.out()).contains("format binary, page size not given:").doesNotContain("pageSize 0");
    }

    private void assertTwoThreadCurveIsExact(Path trace, String... options) throws Exception {
        Path results = dir.resolve("curve.json");
        String sizes = "1,2,3,5,8,13,21,34,55,89";
        Cli cli = Cli.run(concat(concat(new String[] {"trace", "replay", trace.toString()}, options),
                "-p", "lru:frames=all", "-p", "lru:frames=all,threads=2", "-p", "lru:frames=" + sizes,
                "--threads", "2", "--all-sizes", "--json", results.toString()));
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode root = JSON.readTree(results.toFile());
        JsonNode one = root.get("curves").get(0);
        JsonNode two = root.get("curves").get(1);
        assertThat(two.get("policy").asText()).isEqualTo("lru:frames=all,threads=2");
        for (String measure : List.of("faults", "writeBacks", "meanResident")) {
            assertThat(two.get(measure)).as(measure).isEqualTo(one.get(measure));
        }
        assertThat(one.get("faults").size()).isGreaterThan(89);
        for (String size : sizes.split(",")) {
            int frames = Integer.parseInt(size);
            assertThat(two.get("faults").get(frames - 1).asLong()).as("%d frames", frames)
                    .isEqualTo(root.get("faults").get("lru:frames=" + frames).asLong());
            assertThat(two.get("writeBacks").get(frames - 1).asLong()).as("write-backs at %d frames", frames)
                    .isEqualTo(root.get("pagingMeasures").get("lru:frames=" + frames).get("writeBacks").asLong());
        }
    }

    @Test
    void malformedTracesNameTheFileTheLineOrOffsetAndWhatWasExpected() throws Exception {
        Path garbage = dir.resolve("garbage.txt");
        Files.writeString(garbage, "# heaplab trace v1 page-size=4096\n12\n13 W\nfourteen\n");
        assertUsage(Cli.run("trace", "replay", garbage.toString(), "-p", "lru:frames=2"), "garbage.txt",
                "line 4");

        Path lackey = dir.resolve("bad.lackey");
        Files.writeString(lackey, "==1== Lackey\nI  04001000,3\n L 1ffefff8,8\n X nonsense\n");
        assertUsage(Cli.run("trace", "replay", lackey.toString(), "--format", "lackey", "-p", "lru:frames=2"),
                "bad.lackey", "line 4");

        Path trace = dir.resolve("good.hlt");
        assertThat(Cli.run("trace", "record", "-w", WORKLOAD, "-a", "stack", "-o", trace.toString()).exitCode())
                .isZero();
        byte[] bytes = Files.readAllBytes(trace);
        Path truncated = dir.resolve("truncated.hlt");
        Files.write(truncated, java.util.Arrays.copyOf(bytes, bytes.length - 3));
        assertUsage(Cli.run("trace", "replay", truncated.toString(), "-p", "lru:frames=2"), "truncated.hlt",
                "byte");

        Path magic = dir.resolve("magic.hlt");
        bytes[0] ^= 0x55;
        Files.write(magic, bytes);
        assertUsage(Cli.run("trace", "replay", magic.toString(), "--format", "binary", "-p", "lru:frames=2"),
                "magic.hlt", "byte 0");
    }

    @Test
    void theFormatHelpIsMadeFromTheFormatsThemselves() {
        for (String[] command : new String[][] {{"trace", "replay"}, {"trace", "info"}, {"trace", "convert"},
            {"curve"}}) {
            Cli help = Cli.run(concat(command, "--help"));
            assertThat(help.exitCode()).as(help.err()).isZero();
            assertThat(help.out().replaceAll("\\s+", " ")).as(String.join(" ", command)).contains("The trace's"
                    + " format: " + FORMATS.help() + ", or auto to tell from its content and name (default: auto).");
        }
        for (String command : new String[] {"record", "generate"}) {
            assertThat(Cli.run("trace", command, "--help").out().replaceAll("\\s+", " "))
                    .contains("The format to write: binary or text (default: binary).");
        }
        String written = String.join(", ", FORMATS.all().stream().filter(f -> f.writes()).map(f -> f.help())
                .toList());
        assertThat(Cli.run("trace", "convert", "--help").out().replaceAll("\\s+", " "))
                .contains("The format to write: " + written + " (default: binary;");
    }

    @Test
    void badRequestsAreUsageErrors() throws Exception {
        assertUsage(Cli.run("trace", "replay", dir.resolve("missing.hlt").toString(), "-p", "lru:frames=2"),
                "missing.hlt' is not a file");
        // the size syntax of run, its message word for word, before the trace is opened
        assertUsage(Cli.run("trace", "replay", dir.resolve("missing.hlt").toString(), "-p", "lru:frames=4..64x2"),
                "lru: frames=4..64x2 (expected: a size: a whole number, a list a,b,c, a range 16..1024*2 or"
                        + " 100..1000/100, a percentage 10% or 10%..100%/10, or all)");
        assertUsage(Cli.run("trace", "record", "-w", WORKLOAD, "-a", "stack", "-o", dir.resolve("t").toString(),
                "--format", "text", "--compress"), "--compress with --format text (expected: --format binary)");
        assertUsage(Cli.run("trace", "record", "-w", WORKLOAD, "-a", "stack,nofree", "-o",
                dir.resolve("t").toString()), "2 allocators given (expected: exactly one)");
        assertUsage(Cli.run("trace", "record", "-w", WORKLOAD, "-a", "stack", "-o", dir.toString()),
                "is a directory");
        assertUsage(Cli.run("trace", "replay", LACKEY.toString(), "--format", "zip", "-p", "lru:frames=2"),
                "--format zip (expected: auto, " + FORMATS.expected() + ")");
        assertUsage(Cli.run("trace", "replay", LACKEY.toString(), "-p", "lru:frames=0"), "lru: frames=0");
        assertUsage(Cli.run("trace"), "a subcommand is required (expected: record, replay, convert, info or generate)");
        // a failed recording leaves nothing behind
        assertUsage(Cli.run("trace", "record", "-w", "random-blocks:size=0", "-a", "stack", "-o",
                dir.resolve("never.hlt").toString()), "random-blocks");
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    @ResourceLock("java.lang.System.in") // reads a trace piped in through System.in
    void aConvertedTraceReplaysToTheFaultsOfItsSource() throws Exception {
        Path converted = dir.resolve("tiny.hlt");
        Cli convert = Cli.run("trace", "convert", LACKEY.toString(), converted.toString(), "--instructions");
        assertThat(convert.exitCode()).as(convert.err()).isZero();
        assertThat(convert.out()).startsWith("converted ").contains("(lackey, 4096-byte pages)", "binary compressed");
        String[] policies = {"-p", "lru:frames=4", "-p", "opt:frames=4", "-p", "ws:theta=all", "--json"};
        Path fromLackey = dir.resolve("lackey.json");
        Path fromBinary = dir.resolve("binary.json");
        assertThat(Cli.run(concat(new String[] {"trace", "replay", LACKEY.toString(), "--instructions"},
                concat(policies, fromLackey.toString()))).exitCode()).isZero();
        assertThat(Cli.run(concat(new String[] {"trace", "replay", converted.toString()},
                concat(policies, fromBinary.toString()))).exitCode()).isZero();
        JsonNode lackey = JSON.readTree(fromLackey.toFile());
        JsonNode binary = JSON.readTree(fromBinary.toFile());
        assertThat(binary.get("source").get("format").asText()).isEqualTo("binary");
        assertThat(binary.get("references")).isEqualTo(lackey.get("references"));
        assertThat(binary.get("distinctPages")).isEqualTo(lackey.get("distinctPages"));
        assertThat(binary.get("faults")).isEqualTo(lackey.get("faults"));
        assertThat(binary.get("pagingMeasures")).isEqualTo(lackey.get("pagingMeasures"));

        // from standard input, a window of it: exactly the references asked for
        Path window = dir.resolve("window.hlt");
        InputStream stdin = System.in;
        Cli piped;
        try (InputStream in = Files.newInputStream(LACKEY)) {
            System.setIn(in);
            piped = Cli.run("trace", "convert", "-", window.toString(), "--format", "lackey", "--skip", "100",
                    "--limit", "1000");
        } finally {
            System.setIn(stdin);
        }
        assertThat(piped.exitCode()).as(piped.err()).isZero();
        assertThat(piped.out()).startsWith("converted 1000 references").contains("after skipping 100",
                "cut at the limit", "from standard input");
        Path json = dir.resolve("window.json");
        assertThat(Cli.run("trace", "replay", window.toString(), "-p", "lru:frames=all", "--json", json.toString())
                .exitCode()).isZero();
        assertThat(JSON.readTree(json.toFile()).get("references").asLong()).isEqualTo(1000);
    }

    @Test
    void badConversionsAreOneLineUsageErrors() throws Exception {
        Path out = dir.resolve("out.hlt");
        assertUsage(Cli.run("trace", "convert", dir.resolve("missing.lackey").toString(), out.toString()),
                "missing.lackey' is not a file: no such file or directory (expected: a trace to read, or - for"
                        + " standard input)");
        assertUsage(Cli.run("trace", "convert", LACKEY.toString(), out.toString(), "--limit", "0"),
                "--limit 0 (expected: 1 or more references)");
        assertUsage(Cli.run("trace", "convert", LACKEY.toString(), out.toString(), "--skip", "-1"),
                "--skip -1 (expected: 0 or more references)");
        assertUsage(Cli.run("trace", "convert", LACKEY.toString(), out.toString(), "--page-size", "1000"),
                "--page-size 1000 (expected: a power of 2");
        assertUsage(Cli.run("trace", "convert", LACKEY.toString(), out.toString(), "--format", "zip"),
                "--format zip (expected: auto, " + FORMATS.expected() + ")");
        assertUsage(Cli.run("trace", "convert", LACKEY.toString(), dir.toString()), "OUT '" + dir + "' is a directory");
        Path bad = dir.resolve("bad.lackey");
        Files.writeString(bad, "==1== Lackey\n L 1000,8\n X nonsense\n");
        assertUsage(Cli.run("trace", "convert", bad.toString(), out.toString(), "--format", "lackey"),
                "bad.lackey: line 3: ' X nonsense' is not a lackey");
        assertThat(out).doesNotExist();
    }

    /** libCacheSim's oracleGeneral records, zstd-compressed, as researchers' cache traces come. */
    static final Path ORACLE = Path.of("../traces/src/test/resources/oracle/tiny.oracleGeneral.bin.zst");

    @Test
    void anOracleGeneralTraceReplaysAndConvertsToTheSameFaults() throws Exception {
        Path direct = dir.resolve("oracle.json");
        Cli cli = Cli.run("trace", "replay", ORACLE.toString(), "-p", "lru:frames=4,16,64", "-p", "arc:frames=16",
                "--json", direct.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("format oracle-general", "5000 references");
        Path converted = dir.resolve("oracle.hlt");
        assertThat(Cli.run("trace", "convert", ORACLE.toString(), converted.toString()).exitCode()).isZero();
        Path again = dir.resolve("again.json");
        assertThat(Cli.run("trace", "replay", converted.toString(), "-p", "lru:frames=4,16,64", "-p", "arc:frames=16",
                "--json", again.toString()).exitCode()).isZero();
        JsonNode a = JSON.readTree(direct.toFile());
        JsonNode b = JSON.readTree(again.toFile());
        assertThat(b.get("faults")).isEqualTo(a.get("faults"));
        assertThat(b.get("distinctPages")).isEqualTo(a.get("distinctPages"));
        // and back to libCacheSim's records, zstd-compressed, for its cachesim to replay the same references
        Path back = dir.resolve("back.oracleGeneral.bin.zst");
        assertThat(Cli.run("trace", "convert", converted.toString(), back.toString(), "--to", "oracle-general")
                .exitCode()).isZero();
        Path third = dir.resolve("third.json");
        assertThat(Cli.run("trace", "replay", back.toString(), "-p", "lru:frames=4,16,64", "-p", "arc:frames=16",
                "--json", third.toString()).exitCode()).isZero();
        assertThat(JSON.readTree(third.toFile()).get("faults")).isEqualTo(a.get("faults"));
        assertUsage(Cli.run("trace", "convert", converted.toString(), dir.resolve("x").toString(), "--to", "lackey"),
                "--to lackey (expected: " + FORMATS.writable() + ")");
        // the whole curve agrees with the single sizes
        Path curves = dir.resolve("oracle-curves");
        assertThat(Cli.run("curve", ORACLE.toString(), "-p", "lru:frames=all", "-o", curves.toString()).exitCode())
                .isZero();
        JsonNode curve = JSON.readTree(curves.resolve("curves.json").toFile()).get("streams").get(0).get("curves")
                .get(0).get("faults");
        assertThat(curve.get(15).asLong()).isEqualTo(a.get("faults").get("lru:frames=16").asLong());
    }

    @Test
    void aGeneratedTraceIsTheSameForTheSameSeedAndInfoCountsIt() throws Exception {
        Path first = dir.resolve("zipf-1.hlt");
        Path second = dir.resolve("zipf-2.hlt");
        String[] generate = {"trace", "generate", "zipf:pages=5000,skew=0.9,writes=0.1", "-n", "50000", "--seed", "3",
            "-o"};
        Cli made = Cli.run(concat(generate, first.toString()));
        assertThat(made.exitCode()).as(made.err()).isZero();
        assertThat(made.out()).startsWith("generated 50,000 references in ");
        assertThat(Cli.run(concat(generate, second.toString())).exitCode()).isZero();
        assertThat(Files.readAllBytes(second)).isEqualTo(Files.readAllBytes(first));

        Path json = dir.resolve("info.json");
        Cli info = Cli.run("trace", "info", first.toString(), "--json", json.toString());
        assertThat(info.exitCode()).as(info.err()).isZero();
        assertThat(info.out()).contains("references       50,000", "distinct pages", "footprint        (references:pages)");
        JsonNode counts = JSON.readTree(json.toFile());
        assertThat(counts.get("references").asLong()).isEqualTo(50_000);
        // the same counts a replay makes of the same file
        Path replay = dir.resolve("replay.json");
        assertThat(Cli.run("trace", "replay", first.toString(), "-p", "lru:frames=10", "--json", replay.toString())
                .exitCode()).isZero();
        JsonNode replayed = JSON.readTree(replay.toFile());
        assertThat(counts.get("distinctPages")).isEqualTo(replayed.get("distinctPages"));
        assertThat(counts.get("runs")).isEqualTo(replayed.get("runs"));
        JsonNode pages = counts.get("footprint").get("pages");
        assertThat(pages.get(pages.size() - 1).asLong()).isEqualTo(counts.get("distinctPages").asLong());
        // the policies simulated side by side on two cores give the same file as on one
        Path serial = dir.resolve("serial.json");
        Path parallel = dir.resolve("parallel.json");
        String[] sizes = {"trace", "replay", first.toString(), "-p", "lru:frames=10,100,1000", "-p", "arc:frames=100",
            "-p", "lru:frames=all", "--json"};
        assertThat(Cli.run(concat(concat(sizes, serial.toString()), "--threads", "1")).exitCode()).isZero();
        assertThat(Cli.run(concat(concat(sizes, parallel.toString()), "--threads", "2")).exitCode()).isZero();
        assertThat(Files.readString(parallel)).isEqualTo(Files.readString(serial));
        assertUsage(Cli.run("trace", "generate", "pareto", "-o", dir.resolve("p.hlt").toString()),
                "'pareto' (expected: a synthetic trace, one of loop, mix, scan, uniform, zipf)");
    }

    @Test
    void aLibCacheSimCsvTraceReadsItsIdColumnAsTheSameStreamAsText() throws Exception {
        Path csv = Files.writeString(dir.resolve("keys.csv"), "time,key,size\n1,alpha,10\n2,9000000000,10\n"
                + "3,alpha,10\n4,beta,10\n5,9000000000,10\n");
        Path text = Files.writeString(dir.resolve("same.txt"), "0\n1\n0\n2\n1\n");
        Path fromCsv = dir.resolve("csv.json");
        Path fromText = dir.resolve("text.json");
        Cli cli = Cli.run("trace", "replay", csv.toString(), "--id-column", "2", "--header", "-p", "lru:frames=1,2,3",
                "--json", fromCsv.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("format ids", "5 references");
        assertThat(Cli.run("trace", "replay", text.toString(), "-p", "lru:frames=1,2,3", "--json",
                fromText.toString()).exitCode()).isZero();
        assertThat(JSON.readTree(fromCsv.toFile()).get("faults")).isEqualTo(JSON.readTree(fromText.toFile())
                .get("faults"));
        assertUsage(Cli.run("trace", "replay", csv.toString(), "--id-column", "0", "-p", "lru:frames=1"),
                "--id-column 0 (expected: 1 or more)");
    }

    @Test
    void aUcsdAddressTraceIsCutIntoPagesOfTheSizeGiven() throws Exception {
        Path ucsd = Files.writeString(dir.resolve("gcc.trace"), "l 0x1000 1\ns 0x1040 2\nl 0x2000 1\nl 0x1000 3\n");
        Cli big = Cli.run("trace", "replay", ucsd.toString(), "--format", "address", "-p", "lru:frames=1");
        assertThat(big.exitCode()).as(big.err()).isZero();
        // 4 KiB pages: 0x1000 and 0x1040 share one, so LRU in one frame faults on pages 1, 2, 1
        assertThat(big.out()).contains("format address, page size 4096", "to 2 pages").containsPattern(
                "lru:frames=1 +3 ");
        Cli small = Cli.run("trace", "replay", ucsd.toString(), "--format", "address", "--page-size", "64", "-p",
                "lru:frames=1");
        assertThat(small.out()).contains("page size 64", "to 3 pages").containsPattern("lru:frames=1 +4 ");
    }

    static void assertUsage(Cli cli, String... expected) {
        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
        assertThat(cli.err()).startsWith("heaplab: ").contains(expected).doesNotContain("\tat ");
        assertThat(cli.err().strip().lines()).hasSize(1);
    }

    static String[] concat(String[] args, String... more) {
        String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }
}
