package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code heaplab malloc native} through the CLI: a C program of known calls captured, replayed under the C library's
 * malloc with its peak worked by hand, beside the simulated strategies in one report, and allocators that are not
 * installed skipped with one line each.
 */
class MallocNativeTest {

    /** 300 blocks of 30,000 bytes, every byte written, then all freed: 9,000,000 bytes live at the peak. */
    private static final String PROGRAM = """
            #include <stdlib.h>
            #include <string.h>
            int main(void) {
                static char *blocks[300];
                for (int i = 0; i < 300; i++) {
                    blocks[i] = malloc(30000);
                    memset(blocks[i], i, 30000);
                }
                for (int i = 0; i < 300; i++) {
                    free(blocks[i]);
                }
                return 0;
            }
            """;

    @TempDir
    Path dir;

    private Path captured() throws Exception {
        Path source = dir.resolve("known.c");
        Files.writeString(source, PROGRAM);
        Path program = dir.resolve("known");
        Process cc = new ProcessBuilder("cc", "-O0", "-o", program.toString(), source.toString()).inheritIO()
                .start();
        assertThat(cc.waitFor()).isZero();
        Path trace = dir.resolve("known.hmt");
        Cli capture = Cli.run("malloc", "capture", "-o", trace.toString(), "--", program.toString());
        assertThat(capture.exitCode()).as(capture.err()).isZero();
        return trace;
    }

    @Test
    void aCommandThatCallsNoMallocLeavesNoTraceAndSaysWhyInOneLine() {
        Path trace = dir.resolve("none.hmt");
        Cli capture = Cli.run("malloc", "capture", "-o", trace.toString(), "--", "true");
        assertThat(capture.exitCode()).isEqualTo(2);
        assertThat(capture.err()).isEqualTo("heaplab: malloc capture: true left no trace (expected: a program that"
                + " calls malloc, dynamically linked: a static one does not load the capture library)\n");
        assertThat(trace).doesNotExist();
    }

    @Test
    void aProgramOfKnownCallsPeaksAtItsChunksRoundedToPagesUnderGlibcBesideTheSimulatedStrategies() throws Exception {
        Path trace = captured();
        Path json = dir.resolve("native.json");
        Path csv = dir.resolve("native.csv");
        Cli all = Cli.run("malloc", "native", trace.toString(), "-a", "glibc", "--repeat", "2", "--json",
                json.toString(), "--csv", csv.toString());
        assertThat(all.exitCode()).as(all.err()).isZero();
        assertThat(all.err()).isEmpty();
        assertThat(all.out()).contains("allocator", "ns/call", "peak KB", "minor faults", "1 allocator, ");
        JsonNode run = new ObjectMapper().readTree(json.toFile()).get("runs").get(0);
        assertThat(run.get("allocator").asText()).isEqualTo("native:glibc");
        assertThat(run.get("peakLiveBytes").asLong()).isEqualTo(9_000_000);
        // glibc's chunk is the request and an 8-byte size word rounded to 16: 30,016 bytes, laid end to end from the
        // break; 300 of them span 9,004,800 bytes, 2,199 pages of 4 KiB, all written. The top pad beyond is never
        // touched. Allowed: a page either side, and the arena's first page.
        long pages = (300L * 30_016 + 4095) / 4096;
        long peak = run.get("fragmentation").get("peakHeapBytes").asLong();
        assertThat(peak).isBetween((pages - 1) * 4096, (pages + 2) * 4096);
        assertThat(run.get("peakFootprint").asLong()).isEqualTo(peak);
        // the program's own capture made the other calls (stdio's buffer and the like): they are few and small
        assertThat(run.get("faults").get("minor-faults").asLong()).isBetween(pages - 2, pages + 100);
        assertThat(run.get("callTime").get("repeats").asInt()).isEqualTo(2);
        assertThat(run.get("callTime").get("nanosPerCall").asDouble()).isPositive();
        assertThat(Files.readAllLines(csv).get(1)).contains("native:glibc", "minor-faults");

        Path simulated = dir.resolve("simulated.json");
        Cli replay = Cli.run("malloc", "replay", trace.toString(), "-a", "tlsf", "-p", "lru:frames=64", "--json",
                simulated.toString());
        assertThat(replay.exitCode()).as(replay.err()).isZero();
        Cli report = Cli.run("report", simulated.toString(), json.toString(), "--out",
                dir.resolve("report").toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        String html = Files.readString(dir.resolve("report/index.html"));
        // one section, the simulated strategy and the real allocator side by side in its table and charts
        assertThat(html).contains("Runs from simulated.json + native.json", "native:glibc", "tlsf",
                "The heap over the run", "touched").doesNotContain("Runs from native.json");
    }

    @Test
    void anAllocatorThatIsNotInstalledIsSkippedWithOneLineSayingHowToInstallIt() throws Exception {
        Path trace = captured();
        Path empty = Files.createDirectories(dir.resolve("no-libraries"));
        Cli run = Cli.run("malloc", "native", trace.toString(), "--library-path", empty.toString(), "--repeat", "1");
        assertThat(run.exitCode()).as(run.err()).isZero();
        List<String> lines = new ArrayList<>(run.err().lines().toList());
        assertThat(lines).containsExactly(
                "heaplab: jemalloc is not installed (libjemalloc.so.2 is in none of 1 library directories): apt-get"
                        + " install libjemalloc2; skipped",
                "heaplab: mimalloc is not installed (libmimalloc.so.2 is in none of 1 library directories): apt-get"
                        + " install libmimalloc2.0; skipped",
                "heaplab: tcmalloc is not installed (libtcmalloc_minimal.so.4 is in none of 1 library directories):"
                        + " apt-get install libtcmalloc-minimal4; skipped");
        assertThat(run.out()).contains("glibc").contains("1 allocator, ");

        Cli none = Cli.run("malloc", "native", trace.toString(), "-a", "jemalloc", "--library-path",
                empty.toString());
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err().lines().toList().getLast()).isEqualTo("heaplab: malloc native: none of jemalloc is"
                + " installed (expected: at least one allocator to replay under; glibc always is)");
        Cli bad = Cli.run("malloc", "native", trace.toString(), "-a", "glibc,hoard");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).isEqualTo("heaplab: unknown allocator 'hoard' (expected: one of glibc, jemalloc, mimalloc,"
                + " tcmalloc, or NAME=PATH for a shared library)\n");
        Cli repeat = Cli.run("malloc", "native", trace.toString(), "--repeat", "0");
        assertThat(repeat.exitCode()).isEqualTo(2);
        assertThat(repeat.err()).contains("--repeat 0 (expected: 1 to 100 processes per allocator)");
    }
}
