package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.traces.malloc.MallocTrace;
import io.heaplab.traces.malloc.MallocTraces;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code heaplab malloc} through the CLI: a program captured and replayed, the shipped traces replayed through
 * every default strategy, traces converted, and bad input answered in one line.
 */
class MallocCommandTest {

    static final Path TRACES = DocsCommandsTest.ROOT.resolve("examples/malloc-traces");

    @TempDir
    Path dir;

    private static long peakOf(Path trace) throws Exception {
        return MallocTraces.read(trace).liveProfile().peakLiveBytes();
    }

    @Test
    void aProgramCapturedAndReplayedGivesItsOwnPeakOfLiveBytesUnderEveryStrategy() throws Exception {
        Path source = dir.resolve("p.c");
        Files.writeString(source, "#include <stdlib.h>\nint main(void) { void *k[64];"
                + " for (int i = 0; i < 64; i++) k[i] = malloc(100 + 37 * i);"
                + " for (int i = 0; i < 64; i += 2) free(k[i]); k[0] = realloc(k[1], 5000); return 0; }\n");
        Path program = dir.resolve("p");
        Process cc = new ProcessBuilder("cc", "-o", program.toString(), source.toString()).inheritIO().start();
        assertThat(cc.waitFor()).isZero();

        Path trace = dir.resolve("p.hmt");
        Cli capture = Cli.run("malloc", "capture", "-o", trace.toString(), "--", program.toString());
        assertThat(capture.err()).isEmpty();
        assertThat(capture.exitCode()).isZero();
        assertThat(capture.out()).contains(trace + ": ").contains("events of process");
        MallocTrace captured = MallocTraces.read(trace);
        assertThat(captured.provenance()).contains("heaplab malloc capture of `" + program + "`");

        Path json = dir.resolve("replay.json");
        Cli replay = Cli.run("malloc", "replay", trace.toString(), "-a", "tlsf,record-fit,buddy", "--json",
                json.toString());
        assertThat(replay.err()).isEmpty();
        assertThat(replay.exitCode()).isZero();
        assertThat(replay.out()).contains("frag 1", "ns/call", "lru:frames=all");
        JsonNode runs = new ObjectMapper().readTree(json.toFile()).get("runs");
        assertThat(runs).hasSize(3);
        long peak = captured.liveProfile().peakLiveBytes();
        assertThat(peak).isGreaterThanOrEqualTo(100L * 64 + 37 * 63 * 64 / 2);
        for (JsonNode run : runs) {
            assertThat(run.get("peakLiveBytes").asLong()).as(run.get("allocator").asText()).isEqualTo(peak);
            assertThat(run.get("fragmentation").get("peakLiveBytes").asLong()).isEqualTo(peak);
            // the trace knows its peak beforehand, so measure 1 near the peak is given, and never more than
            // measure 1 over every call, whose ramp and drain have the least live
            assertThat(run.get("fragmentation").get("averagedNearPeak").asDouble())
                    .isLessThanOrEqualTo(run.get("fragmentation").get("averagedOverTime").asDouble());
            assertThat(run.get("callTime").get("repeats").asInt()).isEqualTo(3);
            assertThat(run.get("callTime").get("fastest").asDouble())
                    .isLessThanOrEqualTo(run.get("callTime").get("nanosPerCall").asDouble());
            assertThat(run.get("allocatorReferences").asLong()).isPositive();
            assertThat(run.get("timeline").get("heapBytes")).hasSize(Math.min(100, captured.events()));
        }
        Cli report = Cli.run("report", json.toString(), "--out", dir.resolve("report").toString());
        assertThat(report.exitCode()).isZero();
        assertThat(Files.readString(dir.resolve("report/index.html"))).contains("The heap over the run",
                "Fragmentation (Johnstone &amp; Wilson)");
    }

    @Test
    void aPythonCapturedWithPymallocIsWarnedOfAndTheCommandsOwnProgramIsNamed() throws Exception {
        Path python = Path.of("/usr/bin/python3");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(python), "no /usr/bin/python3 here");
        Path trace = dir.resolve("py.hmt");
        Cli pymalloc = Cli.run("malloc", "capture", "-o", trace.toString(), "--", "env", "PYTHONMALLOC=pymalloc",
                python.toString(), "-c", "pass");
        assertThat(pymalloc.exitCode()).as(pymalloc.err()).isZero();
        assertThat(pymalloc.err()).startsWith("heaplab: warning: ").contains("ran with pymalloc")
                .contains("PYTHONMALLOC=malloc");
        assertThat(pymalloc.out().lines().toList().getFirst()).startsWith(trace + ": ")
                .endsWith(", the command's own program (the last its process ran)");
        assertThat(pymalloc.out()).contains("wrote 2 traces: the command's own to " + trace
                + ", 1 other process image beside it");
        Cli objects = Cli.run("malloc", "capture", "-o", trace.toString(), "--command-only", "--", "env",
                "PYTHONMALLOC=malloc", python.toString(), "-c", "pass");
        assertThat(objects.exitCode()).as(objects.err()).isZero();
        assertThat(objects.err()).isEmpty();
        assertThat(objects.out()).contains("wrote 1 trace: the command's own to " + trace
                + " (1 other process image left out: --command-only)");
    }

    /** A strategy that searches every free block, named on a long trace, is warned of before it starts. */
    @Test
    void aListSearchOnALongTraceIsWarnedOf() throws Exception {
        MallocTrace.Builder events = MallocTrace.builder();
        for (int i = 0; i < 105_000; i++) {
            events.malloc(1, 0x1000, 24).free(1, 0x1000);
        }
        Path trace = dir.resolve("long.hmt");
        MallocTraces.write(events.build(), trace, io.heaplab.traces.malloc.MallocFormat.HEAPLAB);
        Cli replay = Cli.run("malloc", "replay", trace.toString(), "-a", "first-fit,tlsf", "-p", "lru:frames=4",
                "--repeat", "0");
        assertThat(replay.exitCode()).as(replay.err()).isZero();
        assertThat(replay.err()).isEqualTo("heaplab: warning: first-fit searches every free block on each request: on"
                + " 210,000 events this may take many minutes (the default strategies take seconds)\n");
        assertThat(replay.out()).contains("2 strategies in").doesNotContain("ns/call: the median");
        Cli fast = Cli.run("malloc", "replay", trace.toString(), "-a", "tlsf", "-p", "lru:frames=4", "--repeat", "0");
        assertThat(fast.err()).isEmpty();
        assertThat(fast.out()).contains("1 strategy in");
    }

    /** A replay's curve of 28,000 sizes: its log-spaced sizes and knees in the files, every size on request. */
    @Test
    void aReplaysLongCurveIsWrittenAtItsKneesUnlessEverySizeIsAskedFor() throws Exception {
        String trace = TRACES.resolve("tcc-compile.hmt").toString();
        Path cut = dir.resolve("cut.json");
        Path all = dir.resolve("all.json");
        for (Path json : new Path[] {cut, all}) {
            Cli replay = Cli.run(TraceCommandTest.concat(new String[] {"malloc", "replay", trace, "-a", "first-fit",
                "-p", "lru:frames=all", "--page-size", "64", "--json", json.toString()},
                    json == all ? new String[] {"--all-sizes"} : new String[0]));
            assertThat(replay.exitCode()).as(replay.err()).isZero();
        }
        JsonNode shown = new ObjectMapper().readTree(cut.toFile()).get("runs").get(0).get("curves").get(0);
        JsonNode every = new ObjectMapper().readTree(all.toFile()).get("runs").get(0).get("curves").get(0);
        assertThat(every.get("sizes").size()).isGreaterThan(20_000);
        assertThat(shown.get("sizes").size()).isBetween(100, 2_000);
        for (int i = 0; i < shown.get("sizes").size(); i++) {
            int at = shown.get("sizes").get(i).asInt() - 1;
            assertThat(shown.get("faults").get(i)).isEqualTo(every.get("faults").get(at));
        }
    }

    @Test
    void theShippedTracesReplayThroughEveryDefaultStrategyWithTheTracesOwnPeak() throws Exception {
        // the defaults, and the list fits on the small traces (they walk about a thousand free blocks per request
        // on python-json)
        String[][] cases = {{"tcc-compile.hmt", ""}, {"sort-lines.hmt", "first-fit,next-fit,best-fit,worst-fit"},
            {"python-json.hmt", ""}};
        for (String[] c : cases) {
            String name = c[0];
            Path json = dir.resolve(name + ".json");
            Cli replay = c[1].isEmpty()
                    ? Cli.run("malloc", "replay", TRACES.resolve(name).toString(), "--json", json.toString())
                    : Cli.run("malloc", "replay", TRACES.resolve(name).toString(), "-a", c[1], "--json",
                    json.toString());
            assertThat(replay.err()).as(name).isEmpty();
            assertThat(replay.exitCode()).isZero();
            JsonNode runs = new ObjectMapper().readTree(json.toFile()).get("runs");
            assertThat(runs).hasSize(c[1].isEmpty() ? 8 : 4);
            if (c[1].isEmpty()) {
                assertThat(runs.findValuesAsText("allocator")).containsExactly("segregated", "tlsf", "buddy",
                        "brent-ff", "slab", "dlmalloc", "jemalloc", "mimalloc");
            }
            long peak = peakOf(TRACES.resolve(name));
            for (JsonNode run : runs) {
                assertThat(run.get("peakLiveBytes").asLong()).as("%s through %s", name, run.get("allocator"))
                        .isEqualTo(peak);
                // a heap never holds less than what is live at its peak
                assertThat(run.get("fragmentation").get("peakHeapBytes").asLong()).isGreaterThanOrEqualTo(peak);
            }
        }
    }

    @Test
    void convertGoesBetweenFormatsAndBackUnchanged() throws Exception {
        Path text = dir.resolve("tcc.txt");
        Cli toText = Cli.run("malloc", "convert", TRACES.resolve("tcc-compile.hmt").toString(), text.toString());
        assertThat(toText.exitCode()).isZero();
        assertThat(toText.out()).contains("1132 events, android format");
        assertThat(Files.readString(text)).startsWith("# provenance: heaplab malloc capture of `tcc -c hello.c");
        Path back = dir.resolve("back.hmt");
        assertThat(Cli.run("malloc", "convert", text.toString(), back.toString()).exitCode()).isZero();
        assertThat(MallocTraces.read(back)).isEqualTo(MallocTraces.read(TRACES.resolve("tcc-compile.hmt")));
    }

    /**
     * A small deflated trace of millions of calls, replayed by a JVM of 64 MB: the tables it would need are refused
     * in one line before they are made, not an OutOfMemoryError after.
     */
    @Test
    void aTraceWhoseTablesExceedTheJavaHeapIsRefusedBeforeTheyAreMade() throws Exception {
        io.heaplab.traces.malloc.MallocTrace.Builder calls = io.heaplab.traces.malloc.MallocTrace.builder();
        for (int i = 0; i < 3_000_000; i++) {
            calls.malloc(1, 0x1000, 16).free(1, 0x1000);
        }
        Path many = dir.resolve("many.hmt");
        io.heaplab.traces.malloc.HeaplabMallocFormat.write(calls.build(), many, true);
        Launch.Result run = Launch.shell("HEAPLAB_JAVA_OPTS=-Xmx64m \"$HEAPLAB\" malloc replay " + many + " -a tlsf");
        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err().lines().filter(l -> !l.matches("heaplab: (building .*|  +\\d+/\\d+ .*)")))
                .singleElement().satisfies(line -> assertThat(line).contains("a malloc trace whose body inflates past")
                        .contains("the JVM may take").doesNotContain("OutOfMemoryError"));
    }

    @Test
    void badInputIsOneLineWithExitTwo() throws Exception {
        Path bad = dir.resolve("bad.txt");
        Files.writeString(bad, "1: malloc 0x10 8\n1: frees 0x10\n");
        Cli replay = Cli.run("malloc", "replay", bad.toString(), "-a", "tlsf");
        assertThat(replay.exitCode()).isEqualTo(2);
        assertThat(replay.err()).isEqualTo("heaplab: " + bad + ": line 2: 'frees' (expected: malloc, calloc,"
                + " realloc, memalign, free or thread_done)\n");
        Cli missing = Cli.run("malloc", "replay", dir.resolve("none.hmt").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).isEqualTo("heaplab: malloc trace '" + dir.resolve("none.hmt") + "' is not a file: no"
                + " such file or directory (expected: a malloc trace to replay)\n");
        Path same = dir.resolve("same.txt");
        Files.writeString(same, "1: malloc 0x10 8\n");
        Cli convert = Cli.run("malloc", "convert", same.toString(), same.toString());
        assertThat(convert.exitCode()).isEqualTo(2);
        assertThat(convert.err()).contains("is the input").contains("(expected: another file, so the input is not overwritten)");
        Cli noCommand = Cli.run("malloc", "capture", "-o", dir.resolve("x.hmt").toString());
        assertThat(noCommand.exitCode()).isEqualTo(2);
        // sizes no program asked for, read from text: a calloc whose product passes 2^64, a 64-bit size read as
        // signed; each names its line, and convert refuses them as replay does, so it never writes what it refuses
        Path wrapped = Files.writeString(dir.resolve("wrapped.txt"), "1: calloc 0x1000 4294967296 4294967296\n");
        Path signed = Files.writeString(dir.resolve("signed.mtrace"), "@ ./p:[0x1] + 0x1000 0xffffffffffffffff\n");
        for (String[] args : new String[][] {{"replay", wrapped.toString(), "-a", "tlsf"},
            {"convert", wrapped.toString(), dir.resolve("w.hmt").toString()},
            {"replay", signed.toString(), "-a", "tlsf"}}) {
            Cli sized = Cli.run(TraceCommandTest.concat(new String[] {"malloc"}, args));
            assertThat(sized.exitCode()).as(sized.err()).isEqualTo(2);
            assertThat(sized.err()).contains(": line 1: ").contains("(expected: ").contains("at most 140737488355328,"
                    + " 2^47, the most a program's address space holds)").hasLineCount(1);
        }
        assertThat(dir.resolve("w.hmt")).doesNotExist();
        // a request the trace's program got, of a terabyte: more than a run's heap may hold, as random-blocks says
        Path terabyte = Files.writeString(dir.resolve("tb.txt"), "1: malloc 0x1000 1099511627776\n1: free 0x1000\n");
        Cli huge = Cli.run("malloc", "replay", terabyte.toString(), "-a", "tlsf");
        assertThat(huge.exitCode()).isEqualTo(2);
        assertThat(huge.err()).contains("keeps 1099.5 GB live, more than the").contains("--max-memory")
                .hasLineCount(1);
        // the other processes' traces would go beside a device, into /dev: refused before the command runs
        Path ran = dir.resolve("ran");
        Cli device = Cli.run("malloc", "capture", "-o", "/dev/null", "--", "sh", "-c", "touch " + ran);
        assertThat(device.exitCode()).isEqualTo(2);
        assertThat(device.err()).isEqualTo("heaplab: --output /dev/null is a device or a pipe, and the other"
                + " processes' traces would go beside it as /dev/null.PID (expected: a regular file's path, or"
                + " --command-only to write the command's own trace alone)\n");
        assertThat(ran).doesNotExist();
        // and beside a pipe: the same, and the pipe stays as it was
        Path fifo = dir.resolve("pipe");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        Cli pipe = Cli.run("malloc", "capture", "-o", fifo.toString(), "--", "sh", "-c", "touch " + ran);
        assertThat(pipe.exitCode()).isEqualTo(2);
        assertThat(pipe.err()).startsWith("heaplab: --output " + fifo + " is a device or a pipe").hasLineCount(1);
        assertThat(ran).doesNotExist();
        try (var beside = Files.list(dir)) {
            assertThat(beside.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("pipe."));
        }
        // a text trace of one enormous line is refused at the line's cap, not read whole
        Path oneLine = Files.writeString(dir.resolve("one-line.txt"), "1: malloc 0x10 " + "9".repeat(1 << 20) + "\n");
        Cli longLine = Cli.run("malloc", "replay", oneLine.toString(), "-a", "tlsf");
        assertThat(longLine.exitCode()).isEqualTo(2);
        assertThat(longLine.err()).contains(": line 1: line longer than 65536 bytes").hasLineCount(1);
        // a command that fails is said on standard error, its traces written all the same
        Cli failed = Cli.run("malloc", "capture", "-o", dir.resolve("failed.hmt").toString(), "--", "sh", "-c",
                "exit 3");
        assertThat(failed.exitCode()).isEqualTo(1);
        assertThat(failed.err()).isEqualTo("heaplab: sh exited with status 3 (its traces are written)\n");
        assertThat(dir.resolve("failed.hmt")).exists();
    }
}
