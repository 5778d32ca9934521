package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.cli.Main;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/** What a careless or hostile command line cannot do: split an error line, drive the terminal, or destroy an input. */
// alone: it sets the process-wide off-heap limit (--max-memory), which every in-process command resets
@Isolated
class HostileInputTest {

    /** A lackey trace of a real program (see the README beside it). */
    private static final Path LACKEY = Path.of("../traces/src/test/resources/lackey/tiny.lackey");

    @TempDir
    Path dir;

    /**
     * The directories a capture works in are checked before it starts: a file where the cache goes, or a temporary
     * directory that does not exist, is a usage error naming the setting, not a failure halfway.
     */
    @Test
    void aCapturesCacheOrTemporaryDirectoryInTheWrongPlaceIsAUsageErrorNamingTheSetting() throws Exception {
        Path file = Files.writeString(dir.resolve("cache"), "x");
        Launch.Result cache = Launch.shell("HEAPLAB_CACHE=" + file + " \"$HEAPLAB\" malloc capture -o " + dir.resolve(
                "a.hmt") + " -- true");
        assertThat(cache.exitCode()).isEqualTo(2);
        assertThat(cache.err()).contains("heaplab: the cache " + file + " is not a directory (expected: a directory"
                + " for the libraries heaplab compiles: HEAPLAB_CACHE,");
        Launch.Result tmp = Launch.shell("HEAPLAB_JAVA_OPTS=-Djava.io.tmpdir=" + dir.resolve("none") + " \"$HEAPLAB\""
                + " malloc capture -o " + dir.resolve("b.hmt") + " -- true");
        assertThat(tmp.exitCode()).isEqualTo(2);
        assertThat(tmp.err()).contains("heaplab: the temporary directory " + dir.resolve("none") + " does not exist"
                + " (expected: an existing directory: TMPDIR, or -Djava.io.tmpdir in HEAPLAB_JAVA_OPTS)");
    }

    /**
     * A small deflated trace of millions of distinct pages, read by a JVM of 64 MB: the page table's growth is
     * refused in one line before it is made, not an OutOfMemoryError after.
     */
    @Test
    void aTraceOfMorePagesThanTheJavaHeapHoldsIsRefusedBeforeItsTableGrows() throws Exception {
        Path trace = dir.resolve("pages.hlt");
        assertThat(Cli.run("trace", "generate", "loop:pages=5000000", "-n", "5000000", "--compress", "-o",
                trace.toString()).exitCode()).isZero();
        Launch.Result info = Launch.shell("HEAPLAB_JAVA_OPTS=-Xmx64m \"$HEAPLAB\" trace info " + trace);
        assertThat(info.exitCode()).as(info.err()).isEqualTo(2);
        assertThat(info.err().lines().filter(l -> !l.matches("heaplab: (building .*|  +\\d+/\\d+ .*)")))
                .singleElement().satisfies(line -> assertThat(line).startsWith("heaplab: a trace of more than")
                        .contains("distinct pages needs").contains("the JVM may take").doesNotContain("OutOfMemory"));
    }

    /**
     * A pipe named where a file is read (a sweep's include, a plugin) is called a pipe, not "no such file"; an I/O
     * interval of NaN is no number; a captured command that fails says so on standard error.
     */
    @Test
    void aPipeANaNOrAFailedCommandIsNamedForWhatItIs() throws Exception {
        Path fifo = dir.resolve("fifo");
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()
                == 0, "mkfifo makes a pipe");
        Path sweep = Files.writeString(dir.resolve("inc.yaml"), "workload: random-blocks\nallocator: buddy\n"
                + "include: [fifo]\n");
        Cli include = Cli.run("sweep", sweep.toString(), "--check");
        assertThat(include.exitCode()).isEqualTo(2);
        assertThat(include.err()).contains("include 'fifo': not a regular file (a device or a pipe)").hasLineCount(1);
        Cli plugin = Cli.run("run", "--plugins", fifo.toString(), "-w", "random-blocks", "-a", "buddy");
        assertThat(plugin.exitCode()).isEqualTo(2);
        assertThat(plugin.err()).contains(": not a regular file (a device or a pipe) (expected: a plugin jar")
                .hasLineCount(1);
        Path trace = Files.writeString(dir.resolve("f.hlt"), "x");
        Cli nan = Cli.run("reproduce", "carr", "--prototypes", trace + "@NaN", "--no-report");
        assertThat(nan.exitCode()).isEqualTo(2);
        assertThat(nan.err()).contains("@NaN' (expected: FILE@IO with IO the mean references between I/O requests,"
                + " a positive number)").hasLineCount(1);
    }

    /**
     * A name too long to write beside its place first is refused before the run, not after it; a sweep file that is
     * not UTF-8, or whose YAML key is a list, is one line in words, not a decoder's or a parser's class name.
     */
    @Test
    void refusalsAWriteWouldMakeAreMadeUpFrontInWords() throws Exception {
        Path trace = dir.resolve("s.hlt");
        assertThat(Cli.run("trace", "generate", "loop:pages=10", "-n", "100", "-o", trace.toString()).exitCode())
                .isZero();
        String longName = "a".repeat(240) + ".json";
        Cli tooLong = Cli.run("trace", "replay", trace.toString(), "-p", "lru:frames=2", "--json",
                dir.resolve(longName).toString());
        assertThat(tooLong.exitCode()).isEqualTo(2);
        assertThat(tooLong.out()).as("refused before the replay").isEmpty();
        assertThat(tooLong.err()).contains("is 245 bytes (expected: at most 230, so it can be written beside its"
                + " place first)").hasLineCount(1);
        Path latin = Files.write(dir.resolve("latin.yaml"), "workload: random-blocks\nallocator: buddy\n# \u00ff\n"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Cli notUtf8 = Cli.run("sweep", latin.toString(), "--check");
        assertThat(notUtf8.exitCode()).isEqualTo(2);
        assertThat(notUtf8.err()).isEqualTo("heaplab: " + latin + ": not UTF-8 text (expected: a sweep file in"
                + " UTF-8)\n");
        Path complex = Files.writeString(dir.resolve("complex.yaml"), "? [a, b]\n: 1\nworkload: x\n");
        Cli key = Cli.run("sweep", complex.toString(), "--check");
        assertThat(key.exitCode()).isEqualTo(2);
        assertThat(key.err()).isEqualTo("heaplab: " + complex + ":1: not well-formed: a key that is a list or a"
                + " table (expected: YAML)\n");
    }

    @Test
    void aNewlineOrAnEscapeSequenceInAnArgumentIsShownEscapedOnTheOneErrorLine() {
        Cli missing = Cli.run("trace", "replay", "no\nsuch\ttrace", "-p", "lru:frames=2");
        assertThat(missing.exitCode()).isEqualTo(Main.USAGE);
        assertThat(missing.err()).hasLineCount(1).contains("no\\nsuch\\ttrace");
        Cli coloured = Cli.run("run", "-w", "random-blocks:live=\u001b[31mred", "-a", "stack");
        assertThat(coloured.exitCode()).isEqualTo(Main.USAGE);
        assertThat(coloured.err()).hasLineCount(1).contains("live=\\x1B[31mred").doesNotContain("\u001b");
        Cli option = Cli.run("trace", "replay", LACKEY.toString(), "-p", "lru:frames=2", "--format", "a\nb");
        assertThat(option.exitCode()).isEqualTo(Main.USAGE);
        assertThat(option.err()).hasLineCount(1).contains("a\\nb");
    }

    @Test
    void anOutputThatIsAnInputIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path trace = Files.copy(LACKEY, dir.resolve("t.lackey"));
        byte[] before = Files.readAllBytes(trace);
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), trace);
        for (String[] args : new String[][] {
            {"trace", "replay", trace.toString(), "-p", "lru:frames=2", "--json", trace.toString()},
            {"trace", "replay", trace.toString(), "-p", "lru:frames=2", "--csv", link.toString()},
            {"trace", "info", trace.toString(), "--json", dir.resolve(".").resolve("t.lackey").toString()},
            {"trace", "convert", trace.toString(), link.toString()},
        }) {
            Cli cli = Cli.run(args);
            assertThat(cli.exitCode()).as(String.join(" ", args)).isEqualTo(Main.USAGE);
            assertThat(cli.err()).hasLineCount(1).contains("is the input")
                    .contains("(expected: another file, so the input is not overwritten)");
            assertThat(Files.readAllBytes(trace)).as(String.join(" ", args)).isEqualTo(before);
        }
        Path result = dir.resolve("r.json");
        assertThat(Cli.run("trace", "replay", trace.toString(), "-p", "lru:frames=2", "--json", result.toString())
                .exitCode()).isZero();
        byte[] json = Files.readAllBytes(result);
        Cli report = Cli.run("report", result.toString(), "--out", dir.toString());
        assertThat(report.exitCode()).isZero();
        Cli over = Cli.run("report", dir.resolve("report.json").toString(), "--out", dir.toString());
        assertThat(over.exitCode()).isEqualTo(Main.USAGE);
        assertThat(over.err()).contains("report.json' is the input");
        assertThat(Files.readAllBytes(result)).isEqualTo(json);
    }

    @Test
    void anOutputThroughALinkReplacesTheLinksTargetAndKeepsTheLink() throws Exception {
        Path real = Files.writeString(dir.resolve("real.json"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), Path.of("real.json"));
        Cli cli = Cli.run("trace", "replay", LACKEY.toString(), "-p", "lru:frames=2", "--json", link.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(real)).contains("\"lru:frames=2\"");
        Path trace = dir.resolve("t.hlt");
        Path traceLink = Files.createSymbolicLink(dir.resolve("t-link.hlt"), trace);
        assertThat(Cli.run("trace", "convert", LACKEY.toString(), traceLink.toString()).exitCode()).isZero();
        assertThat(Files.isSymbolicLink(traceLink)).isTrue();
        assertThat(Files.size(trace)).isPositive();
    }

    @Test
    void aDeviceIsWrittenIntoAndAFullOneIsAFailureNamingIt() throws Exception {
        Path devNull = Path.of("/dev/null");
        Cli quiet = Cli.run("trace", "replay", LACKEY.toString(), "-p", "lru:frames=2", "--json", devNull.toString());
        assertThat(quiet.exitCode()).as(quiet.err()).isZero();
        assertThat(Files.isRegularFile(devNull)).isFalse();
        assertThat(Cli.run("trace", "convert", LACKEY.toString(), devNull.toString()).exitCode()).isZero();
        assertThat(Files.isRegularFile(devNull)).isFalse();
        Path full = Path.of("/dev/full");
        if (Files.exists(full)) {
            Cli json = Cli.run("trace", "replay", LACKEY.toString(), "-p", "lru:frames=2", "--json", full.toString());
            assertThat(json.exitCode()).isEqualTo(Main.FAILURE);
            assertThat(json.err()).hasLineCount(1).startsWith("heaplab: error: /dev/full: ");
            Cli trace = Cli.run("trace", "record", "-w", "random-blocks:live=100,steps=1000", "-a", "stack", "-o",
                    full.toString());
            assertThat(trace.exitCode()).isEqualTo(Main.FAILURE);
            assertThat(trace.err()).hasLineCount(1).contains("/dev/full");
            assertThat(Files.isRegularFile(full)).isFalse();
        }
    }

    @Test
    void aFifoIsWrittenIntoForItsReader() throws Exception {
        Path fifo = dir.resolve("results.fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo is available");
        java.util.concurrent.CompletableFuture<String> reader = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return Files.readString(fifo);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
        Cli cli = Cli.run("trace", "replay", LACKEY.toString(), "-p", "lru:frames=2", "--json", fifo.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(reader.get(30, java.util.concurrent.TimeUnit.SECONDS)).contains("\"lru:frames=2\"");
        assertThat(Files.isRegularFile(fifo, java.nio.file.LinkOption.NOFOLLOW_LINKS)).isFalse();
    }

    @Test
    void anEmptyTraceIsRefusedUnlessAllowed() throws Exception {
        Path empty = Files.createFile(dir.resolve("capture.lackey"));
        for (String[] args : new String[][] {
            {"trace", "replay", empty.toString(), "-p", "lru:frames=2"},
            {"trace", "info", empty.toString()},
            {"trace", "convert", empty.toString(), dir.resolve("out.hlt").toString()},
        }) {
            Cli cli = Cli.run(args);
            assertThat(cli.exitCode()).as(String.join(" ", args)).isEqualTo(Main.USAGE);
            assertThat(cli.err()).isEqualTo("heaplab: trace '" + empty + "' is empty, 0 bytes (expected: a trace of"
                    + " references; --allow-empty takes it as an empty trace)\n");
        }
        assertThat(dir.resolve("out.hlt")).doesNotExist();
        Cli allowed = Cli.run("trace", "replay", empty.toString(), "--allow-empty", "--format", "lackey", "-p",
                "lru:frames=2");
        assertThat(allowed.exitCode()).as(allowed.err()).isZero();
        assertThat(allowed.out()).contains("0 references");
    }

    @Test
    void anOptionATraceGivesNoMeaningToIsRefusedNotIgnored() throws Exception {
        Path hlt = dir.resolve("t.hlt");
        assertThat(Cli.run("trace", "convert", LACKEY.toString(), hlt.toString()).exitCode()).isZero();
        Path ids = Files.writeString(dir.resolve("ids.csv"), "7,x\n8,y\n7,z\n");
        String[][] cases = {
            {"--instructions counts a lackey trace's instruction fetches, but '" + hlt + "' is a binary trace",
                "trace", "replay", hlt.toString(), "--instructions", "-p", "lru:frames=2"},
            {"--instructions counts", "trace", "info", hlt.toString(), "--instructions"},
            {"--header says where an ids trace holds its ids, but '" + hlt + "' is a binary trace",
                "trace", "replay", hlt.toString(), "--header", "-p", "lru:frames=2"},
            {"--page-size 512 but '" + ids + "' is an ids trace of object ids, not addresses",
                "trace", "replay", ids.toString(), "--page-size", "512", "-p", "lru:frames=2"},
            {"--page-size 512 but " + hlt + " was recorded with 4096-byte pages",
                "curve", hlt.toString(), "--page-size", "512", "-o", dir.resolve("c").toString()},
            {"--seed shapes a run, but the curves come from the trace " + hlt,
                "curve", hlt.toString(), "--seed", "7", "-o", dir.resolve("c").toString()},
            {"--heap-size shapes a run", "curve", hlt.toString(), "--heap-size", "1m", "-o",
                dir.resolve("c").toString()},
            {"--max-memory shapes a run", "curve", hlt.toString(), "--max-memory", "1g", "-o",
                dir.resolve("c").toString()},
            {"--instructions counts", "trace", "convert", hlt.toString(), dir.resolve("u.hlt").toString(),
                "--instructions"},
        };
        for (String[] c : cases) {
            Cli cli = Cli.run(java.util.Arrays.copyOfRange(c, 1, c.length));
            assertThat(cli.exitCode()).as(cli.err()).isEqualTo(Main.USAGE);
            assertThat(cli.err()).hasLineCount(1).contains(c[0]);
        }
        assertThat(Cli.run("curve", hlt.toString(), "--page-size", "4096", "-o", dir.resolve("c").toString())
                .exitCode()).isZero();
        assertThat(Cli.run("trace", "replay", ids.toString(), "--id-column", "1", "-p", "lru:frames=2").exitCode())
                .isZero();
    }

    @Test
    void aTraceReadAsTheWrongFormatNamesTheGuessAndWhy() throws Exception {
        Path lackey = Files.writeString(dir.resolve("bad.lackey"), "garbage line\n I  04001000,3\n");
        Cli text = Cli.run("trace", "replay", lackey.toString(), "-p", "lru:frames=2");
        assertThat(text.exitCode()).isEqualTo(Main.USAGE);
        assertThat(text.err()).hasLineCount(1).contains(lackey + ": line 1: ").endsWith("; read as text because its"
                + " first line is neither a valgrind log line nor a lackey access (--format names another)\n");
        Path nul = Files.write(dir.resolve("nul.txt"), new byte[] {'1', '\n', '2', 0, '\n'});
        Cli binary = Cli.run("trace", "info", nul.toString());
        assertThat(binary.exitCode()).isEqualTo(Main.USAGE);
        assertThat(binary.err()).hasLineCount(1).contains("; read as binary because byte 3 is a control character"
                + " (0x00), not text (--format names another)");
        Cli convert = Cli.run("trace", "convert", lackey.toString(), dir.resolve("out.hlt").toString());
        assertThat(convert.exitCode()).isEqualTo(Main.USAGE);
        assertThat(convert.err()).hasLineCount(1).contains("; read as text because its first line");
        Cli given = Cli.run("trace", "replay", nul.toString(), "--format", "text", "-p", "lru:frames=2");
        assertThat(given.exitCode()).isEqualTo(Main.USAGE);
        assertThat(given.err()).doesNotContain("read as");
    }

    @Test
    void aSetupAStrategyCannotServeIsAUsageErrorBeforeAnyRun() {
        Cli cli = Cli.run("run", "-w", "purdom", "-a", "mru-ff");
        assertThat(cli.exitCode()).isEqualTo(Main.USAGE);
        assertThat(cli.err()).hasLineCount(1).contains("mru-ff: the heap holds 4096 bytes, less than two 4096-byte"
                + " pages").doesNotContain("Exception", "header=");
    }

    @Test
    void sparsePageNumbersCostWhatTheirDistinctPagesCost() throws Exception {
        Path sparse = Files.writeString(dir.resolve("sparse.txt"), "0\n2147483647 W\n0\n100000000\n");
        Cli replay = Cli.run("trace", "replay", sparse.toString(), "-p", "lru:frames=all", "-p", "opt:frames=2",
                "-p", "fifo:frames=2");
        assertThat(replay.exitCode()).as(replay.err()).isZero();
        assertThat(replay.out()).contains("4 references in 4 reference runs to 3 pages",
                "lru:frames=all: faults by frames 1:4 2:3 3:3");
        assertThat(replay.out()).containsPattern("opt:frames=2 +3 ").containsPattern("fifo:frames=2 +3 ");
        Cli info = Cli.run("trace", "info", sparse.toString());
        assertThat(info.exitCode()).isZero();
        assertThat(info.out()).containsPattern("distinct pages +3");
        Path binary = dir.resolve("sparse.hlt");
        Cli convert = Cli.run("trace", "convert", sparse.toString(), binary.toString());
        assertThat(convert.exitCode()).isZero();
        assertThat(convert.out()).contains("to 3 pages");
        Path back = dir.resolve("back.txt");
        assertThat(Cli.run("trace", "convert", binary.toString(), back.toString(), "--to", "text").exitCode()).isZero();
        assertThat(Files.readString(back)).as("a conversion keeps the recorded page numbers")
                .contains("2147483647 W\n0\n100000000");
        Cli curve = Cli.run("curve", binary.toString(), "--out", dir.resolve("curve").toString());
        assertThat(curve.exitCode()).as(curve.err()).isZero();
    }

    @Test
    void everyCommandCreatesMissingDirectoriesAndRefusesAFileInThePathAlike() throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "x");
        Path result = Files.copy(jsonOfAReplay(), dir.resolve("result.json"));
        String[][] commands = {
            {"trace", "record", "-w", "random-blocks:live=10,steps=100", "-a", "stack", "-o", "OUT"},
            {"trace", "replay", LACKEY.toString(), "-p", "lru:frames=2", "--json", "OUT"},
            {"trace", "info", LACKEY.toString(), "--json", "OUT"},
            {"trace", "convert", LACKEY.toString(), "OUT"},
            {"run", "-w", "random-blocks:live=10,steps=100", "-a", "stack", "--csv", "OUT"},
            {"curve", LACKEY.toString(), "--out", "OUT"},
            {"report", result.toString(), "--out", "OUT"},
        };
        for (int i = 0; i < commands.length; i++) {
            String[] command = commands[i];
            String name = String.join(" ", command).replace(dir.toString(), "");
            Path created = dir.resolve("new").resolve("command" + i).resolve("x");
            Cli made = Cli.run(with(command, created));
            assertThat(made.exitCode()).as(name + ": " + made.err()).isZero();
            assertThat(created).as(name).exists();
            Cli refused = Cli.run(with(command, file.resolve("x")));
            assertThat(refused.exitCode()).as(name).isEqualTo(Main.USAGE);
            assertThat(refused.err()).as(name).hasLineCount(1).contains("'" + file + "' is a file, not a directory"
                    + " (expected: a path whose directories exist or can be created)");
        }
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    @Test
    void aFileTooLargeForTheShellsLimitIsNamedWithItsReasonAndLeavesNothing() throws Exception {
        Launch.Result big = Launch.shell("ulimit -f 8; exec \"$HEAPLAB\" trace record -w"
                + " random-blocks:live=1000,steps=100000 -a stack -o " + dir.resolve("big.hlt"));
        assertThat(big.exitCode()).isEqualTo(Main.FAILURE);
        assertThat(big.err()).isEqualTo("heaplab: error: " + dir.resolve("big.hlt") + ": cannot write it: file too"
                + " large (the size limit for a file, ulimit -f, is reached)\n");
        try (var left = Files.list(dir)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void anOutputWhereNoFileCanBeMadeIsRefusedBeforeTheWorkEvenForRoot() throws Exception {
        // permissions let root write anywhere, yet /proc (like a read-only mount) takes no new file
        Path sweep = Files.writeString(dir.resolve("s.yaml"), "workload: random-blocks:live=50,steps=200\n"
                + "allocator: stack\npolicy: lru:frames=4\n");
        for (String[] command : new String[][] {
            {"sweep", sweep.toString(), "--out", "/proc/heaplab-out"},
            {"run", "-w", "random-blocks:live=50,steps=200", "-a", "stack", "--json", "/proc/heaplab.json"},
            {"trace", "record", "-w", "random-blocks:live=50,steps=200", "-a", "stack", "-o", "/proc/heaplab.hlt"},
            {"report", sweep.toString(), "-o", "/proc/heaplab-report"},
        }) {
            Cli refused = Cli.run(command);
            assertThat(refused.exitCode()).as(String.join(" ", command)).isEqualTo(Main.USAGE);
            // root is refused by the file it cannot make there, another user already by the permissions
            assertThat(refused.err()).as(String.join(" ", command)).hasLineCount(1)
                    .containsAnyOf("directory '/proc' cannot be written: ", "directory '/proc' is not writable")
                    .endsWith("(expected: a directory heaplab may write into)\n");
        }
        // the probe leaves nothing where a file can be made: a sweep into an existing directory
        Path out = Files.createDirectory(dir.resolve("out"));
        assertThat(Cli.run("sweep", sweep.toString(), "--out", out.toString()).exitCode()).isZero();
        try (var left = Files.list(out)) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".probe"));
        }
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("s.yaml", "out");
        }
    }

    @Test
    void aSweepOrAReportThatOutgrowsTheDiskIsNamedWithItsReasonAndLeavesNoDebris() throws Exception {
        // a full disk, as the shell's limit on a file's size gives it: the write fails with the system's reason
        Path sweep = Files.writeString(dir.resolve("big.yaml"), "workload: random-blocks:live=50,steps=200\n"
                + "allocator: [stack, mru]\npolicy: lru:frames=4\nseed: 1..100\n");
        Path swept = dir.resolve("swept");
        Launch.Result full = Launch.shell("ulimit -f 8; exec \"$HEAPLAB\" sweep " + sweep + " --out " + swept);
        assertThat(full.exitCode()).isEqualTo(Main.FAILURE);
        assertThat(full.err()).matches("heaplab: error: " + Pattern.quote(swept.toString())
                + "/table\\.(csv|jsonl): cannot write it: file too large \\(the size limit for a file, ulimit -f, is"
                + " reached\\)\n");
        // the rows written stay, whole lines but for the one cut short, so --resume goes on where it stopped
        Path report = dir.resolve("report");
        Launch.Result big = Launch.shell("ulimit -f 2; exec \"$HEAPLAB\" report " + sweep.getParent()
                .resolve("swept/table.jsonl") + " -o " + report);
        assertThat(big.exitCode()).as(big.err()).isEqualTo(Main.FAILURE);
        assertThat(big.err()).isEqualTo("heaplab: error: " + report + ": cannot write it: file too large (the size"
                + " limit for a file, ulimit -f, is reached)\n");
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("big.yaml", "swept");
        }
    }

    @Test
    void aMissingOrUnreadableInputIsNamedWithWhyAlike() {
        for (String[] command : new String[][] {
            {"trace", "replay", "IN", "-p", "lru:frames=2"},
            {"trace", "info", "IN"},
            {"trace", "convert", "IN", dir.resolve("out.hlt").toString()},
            {"curve", "IN", "--out", dir.resolve("c").toString()},
            {"malloc", "replay", "IN"},
        }) {
            String name = String.join(" ", command);
            Cli missing = Cli.run(with(command, dir.resolve("missing"), "IN"));
            assertThat(missing.exitCode()).as(name).isEqualTo(Main.USAGE);
            assertThat(missing.err()).as(name).hasLineCount(1)
                    .contains("'" + dir.resolve("missing") + "' is not a file: no such file or directory (expected: a");
            Cli directory = Cli.run(with(command, dir, "IN"));
            assertThat(directory.err()).as(name).hasLineCount(1).contains("is not a file: it is a directory");
            Cli device = Cli.run(with(command, Path.of("/dev/zero"), "IN"));
            assertThat(device.err()).as(name).hasLineCount(1).contains("is not a file: it is a device");
        }
    }

    private Path jsonOfAReplay() {
        Path json = dir.resolve("replay.json");
        assertThat(Cli.run("trace", "replay", LACKEY.toString(), "-p", "lru:frames=2", "--json", json.toString())
                .exitCode()).isZero();
        return json;
    }

    private static String[] with(String[] command, Path path) {
        return with(command, path, "OUT");
    }

    private static String[] with(String[] command, Path path, String placeholder) {
        String[] filled = command.clone();
        for (int i = 0; i < filled.length; i++) {
            if (filled[i].equals(placeholder)) {
                filled[i] = path.toString();
            }
        }
        return filled;
    }

    @Test
    void oversizedValuesAreRefusedBeforeTheRunAndAHeapPastItsBoundStopsTheRun() {
        Cli tables = Cli.run("run", "-w", "random-blocks:live=2147483647", "-a", "stack");
        assertThat(tables.exitCode()).isEqualTo(Main.USAGE);
        assertThat(tables.err()).hasLineCount(1).contains("random-blocks: live=2147483647 needs 34.4 GB of tables,"
                + " more than the ").contains("the JVM may take");
        Cli live = Cli.run("run", "-w", "random-blocks:size=4096,live=1000", "-a", "nofree", "--max-memory", "1MiB");
        assertThat(live.exitCode()).isEqualTo(Main.USAGE);
        assertThat(live.err()).isEqualTo("heaplab: random-blocks: live=1000 blocks of size=4096 keeps 4.1 MB live,"
                + " more than the 1.0 MB a run's heap may take (expected: a smaller value, or a larger --max-memory)\n");
        Cli seeds = Cli.run("reproduce", "brent", "--seeds", "2147483647");
        assertThat(seeds.exitCode()).isEqualTo(Main.USAGE);
        assertThat(seeds.err()).isEqualTo("heaplab: --seeds 2147483647 (expected: 1 to 1000000)\n");
        Cli grows = Cli.run("run", "-w", "random-blocks:size=4096,live=10,steps=1000", "-a", "nofree,stack",
                "--max-memory", "1MiB", "-p", "lru:frames=4");
        assertThat(grows.exitCode()).isEqualTo(Main.FAILURE);
        assertThat(grows.out()).contains("FAILED nofree on random-blocks:size=4096,live=10,steps=1000, seed 1: the"
                + " simulated heap would grow to 1,052,672 bytes, past the 1,048,576 its run may take (expected: a"
                + " run that fits, or a larger --max-memory)").containsPattern("(?m)^stack +");
        // Purdom's memory is one free block from the start: 32 GB of it, of which the run touches a few pages
        Cli huge = Cli.run("run", "-w", "purdom:memory=2147483647", "-a", "first-fit", "-p", "lru:frames=10");
        assertThat(huge.exitCode()).as(huge.err()).isZero();
    }
}
