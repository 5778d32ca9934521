package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.testing.GoldenFile;
import io.heaplab.sweep.SlurmScript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code heaplab sweep} end to end: a table per sweep, resumed after a kill, failed points as rows, job arrays. */
class SweepCommandTest {

    private static final String SMALL = """
            workload:
              random-blocks:
                live: [50, 100]
                steps: 2000
            allocator: [stack, mru]
            policy:
              lru:
                frames: [4, 16]
            pageSize: 512
            seed: 1..2
            measures: [faults, references]
            """;

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static String table(Path out) throws IOException {
        return Files.readString(out.resolve("table.csv")) + Files.readString(out.resolve("table.jsonl"));
    }

    @Test
    void aSweepFileGivesOneTableARowPerPointTheSameWhateverTheThreads() throws IOException {
        Path sweep = file("small.yaml", SMALL);
        Cli one = Cli.run("sweep", sweep.toString(), "--out", dir.resolve("one").toString(), "--threads", "1");
        assertThat(one.exitCode()).as(one.err()).isZero();
        assertThat(one.out()).startsWith("sweep small.yaml: 16 point(s), 16 run, 0 resumed, 0 failed, in ")
                .contains("wrote " + dir.resolve("one").resolve("table.csv"));
        Cli many = Cli.run("sweep", sweep.toString(), "--out", dir.resolve("many").toString(), "--threads", "4");
        assertThat(many.exitCode()).isZero();
        assertThat(table(dir.resolve("many"))).isEqualTo(table(dir.resolve("one")));
        List<String> csv = Files.readAllLines(dir.resolve("one").resolve("table.csv"));
        assertThat(csv).hasSize(17);
        assertThat(csv.getFirst()).isEqualTo("workload,live,steps,allocator,policy,frames,pageSize,seed,faults,"
                + "references,failure");
        // the row of a point is what a run of the same spec measures
        RunResult run = new Runner(Plugins.load()).run(RunSpec.workload("random-blocks:live=100,steps=2000")
                .allocator("mru").policy("lru:frames=16").pageSize(512).seed(2).build());
        assertThat(csv).contains("random-blocks,100,2000,mru,lru,16,512,2," + run.faults("lru:frames=16") + ","
                + run.references() + ",");
        Cli again = Cli.run("sweep", sweep.toString(), "--out", dir.resolve("one").toString());
        assertThat(again.exitCode()).isEqualTo(2);
        assertThat(again.err()).isEqualTo("heaplab: " + dir.resolve("one").resolve("table.jsonl") + " exists"
                + " (expected: --resume to run only the points it lacks, or another --out)\n");
    }

    @Test
    void aSweepKilledHalfWayAndResumedRunsEachPointOnceAndGivesTheSameTable() throws Exception {
        Path sweep = file("long.yaml", """
                workload:
                  random-blocks:
                    live: 1000
                    steps: 300000
                allocator: [stack, mru, first-fit, nofree]
                policy:
                  lru:
                    frames: [8, 16, 32, 64]
                seed: 1..4
                measures: [faults, references]
                """);
        Path whole = dir.resolve("whole");
        assertThat(Cli.run("sweep", sweep.toString(), "--out", whole.toString()).exitCode()).isZero();
        Path out = dir.resolve("killed");
        Path jsonl = out.resolve("table.jsonl");
        Process sweeping = Launch.start("sweep", sweep.toString(), "--out", out.toString(), "--threads", "1");
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (lines(jsonl) < 16) {
                assertThat(sweeping.isAlive()).as("still sweeping").isTrue();
                assertThat(System.nanoTime()).as("16 rows appear").isLessThan(deadline);
                Thread.sleep(20);
            }
            new ProcessBuilder("kill", "-KILL", Long.toString(sweeping.pid())).start().waitFor();
            assertThat(sweeping.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            sweeping.destroyForcibly();
        }
        int kept = lines(jsonl);
        assertThat(kept).as("killed half way").isBetween(16, 63);
        Cli resumed = Cli.run("sweep", sweep.toString(), "--out", out.toString(), "--resume");
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(resumed.out()).startsWith("sweep long.yaml: 64 point(s), " + (64 - kept) + " run, " + kept
                + " resumed, 0 failed");
        assertThat(table(out)).isEqualTo(table(whole));
    }

    /** Whole lines in {@code file}, as a killed sweep left them; 0 before it exists. */
    private static int lines(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        byte[] bytes = Files.readAllBytes(file);
        int lines = 0;
        for (byte b : bytes) {
            lines += b == '\n' ? 1 : 0;
        }
        return lines;
    }

    @Test
    void aFailedPointIsARowWithItsReasonAndTheOthersAreMeasured() throws IOException {
        Path jar = TestJar.of(dir.resolve("throwing.jar"), "ThrowingProvider");
        Path sweep = file("failing.yaml", """
                workload: random-blocks:size=16,live=50,steps=500
                allocator: [first-fit, throwing]
                measures: [allocations]
                """);
        Cli cli = Cli.run("sweep", sweep.toString(), "--out", dir.resolve("f").toString(), "--plugins",
                jar.toString());
        assertThat(cli.exitCode()).isEqualTo(1);
        assertThat(cli.out()).contains("2 point(s), 2 run, 0 resumed, 1 failed");
        // the jar by its name, not by where it was read from: the row is the same wherever the point ran
        assertThat(cli.err()).startsWith("heaplab: point random-blocks,16,50,500,throwing,4096,1 failed: plugin"
                + " throwing.jar: allocator 'throwing' failed mid-run with IllegalStateException: free list corrupted");
        List<String> csv = Files.readAllLines(dir.resolve("f").resolve("table.csv"));
        assertThat(csv.get(1)).matches("random-blocks,16,50,500,first-fit,4096,1,\\d+,");
        assertThat(csv.get(2)).startsWith("random-blocks,16,50,500,throwing,4096,1,,plugin throwing.jar: ")
                .contains("free list corrupted");
        // resumed, the failed row stays; --retry-failed runs its point again
        Cli resumed = Cli.run("sweep", sweep.toString(), "--out", dir.resolve("f").toString(), "--resume",
                "--plugins", jar.toString());
        assertThat(resumed.out()).contains("2 point(s), 0 run, 2 resumed, 1 failed");
        assertThat(resumed.err()).isEqualTo("heaplab: 1 failed point(s), resumed from the table (the table's failure"
                + " column names each)\n");
        Cli retried = Cli.run("sweep", sweep.toString(), "--out", dir.resolve("f").toString(), "--resume",
                "--retry-failed", "--plugins", jar.toString());
        assertThat(retried.out()).contains("2 point(s), 1 run, 1 resumed, 1 failed");
    }

    @Test
    void onATerminalABarShowsPointsDoneFailedAndTheTimeLeft() throws Exception {
        Path jar = TestJar.of(dir.resolve("throwing.jar"), "ThrowingProvider");
        Path sweep = file("failing.yaml", """
                workload: random-blocks:size=16,live=50,steps=500
                allocator: [first-fit, throwing, stack]
                measures: [allocations]
                """);
        // script(1) gives the command a terminal, as a user's shell does; what it drew comes back on its output
        Launch.Result shown = Launch.shell("script -qec '\"$HEAPLAB\" sweep " + sweep + " --out " + dir.resolve("bar")
                + " --plugins " + jar + "' /dev/null");
        assertThat(shown.exitCode()).as(shown.out()).isEqualTo(1);
        String last = shown.out().lines().flatMap(l -> java.util.Arrays.stream(l.split("\r")))
                .filter(l -> l.startsWith("points")).reduce((a, b) -> b).orElse("");
        assertThat(last).matches("points 100% \\[=+\\] 3/3 \\(\\d+:\\d\\d:\\d\\d / \\d+:\\d\\d:\\d\\d\\) 1 failed\\s*");
    }

    @Test
    void framesAsPercentagesOfEachPointsPagesAreAPointEach() throws IOException {
        Path sweep = file("percent.yaml", """
                workload: random-blocks:live=50,steps=500
                allocator: [stack, mru]
                policy:
                  lru: {frames: 10%..100%/30}
                pageSize: 512
                measures: [faults, pagesTouched]
                """);
        Path out = dir.resolve("percent");
        Cli cli = Cli.run("sweep", sweep.toString(), "--out", out.toString(), "--threads", "1");
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        List<String> rows = Files.readAllLines(out.resolve("table.csv"));
        assertThat(rows).hasSize(9);
        assertThat(rows.get(1)).startsWith("random-blocks,50,500,stack,lru,10%,512,1,");
        assertThat(rows.get(4)).startsWith("random-blocks,50,500,stack,lru,100%,512,1,");
    }

    @Test
    void badSweepFilesFailWithOneLineNamingTheFileAndLine() throws IOException {
        record Bad(String name, String text, String message) {
        }
        file("loop-b.yaml", "workload: random-blocks\nallocator: stack\ninclude: [loop-a.yaml]\n");
        for (Bad bad : List.of(
                new Bad("axis.yaml", "workload: random-blocks\nallocator: stack\npagesize: 512\n",
                        ":3: unknown axis 'pagesize' (expected: one of workload, allocator, policy, pageSize,"
                                + " heapSize, countAllocator, seed, measures, exclude, include)"),
                new Bad("empty.toml", "workload = \"random-blocks\"\nallocator = \"stack\"\nseed = []\n",
                        ":3: empty axis 'seed' (expected: one or more values)"),
                new Bad("unbound.yaml", "workload:\n  random-blocks:\n    sizes: [16, 32]\nallocator: stack\n",
                        ":2: workload 'random-blocks:sizes=16': "),
                new Bad("typo.yaml", "workload: random-blocks\nallocator: stack\npolicy:\n  lru: {frames: 4..64x2}\n",
                        ":4: policy 'lru': frames=4..64x2 (expected: a size: a whole number, a list a,b,c, a range 16..1024*2 or"
                                + " 100..1000/100, or a percentage 10% or 10%..100%/10)"),
                new Bad("all.yaml", "workload: random-blocks\nallocator: stack\npolicy: \"lru:frames=all\"\n",
                        ":3: policy 'lru': frames=all is a whole curve, a row per size, and a sweep's points are"
                                + " known before they run (expected: a size: a whole number, a list a,b,c, a range"
                                + " 16..1024*2 or 100..1000/100, or a percentage 10% or 10%..100%/10; every size in"
                                + " one pass: heaplab curve)"),
                new Bad("loop-a.yaml", "workload: random-blocks\nallocator: mru\ninclude:\n  - loop-b.yaml\n",
                        ":3: include 'loop-a.yaml' makes a cycle: loop-a.yaml -> loop-b.yaml -> loop-a.yaml"
                                + " (expected: includes that end)"))) {
            Path sweep = file(bad.name, bad.text);
            Cli cli = Cli.run("sweep", sweep.toString(), "--out", dir.resolve("never").toString());
            assertThat(cli.exitCode()).as(bad.name).isEqualTo(2);
            String where = bad.name.startsWith("loop") ? dir.resolve("loop-b.yaml").toString() : sweep.toString();
            assertThat(cli.err()).as(bad.name).startsWith("heaplab: " + where + bad.message)
                    .endsWith("\n").hasLineCount(1);
            assertThat(dir.resolve("never")).doesNotExist();
        }
    }

    @Test
    void aSlurmJobArrayIsWrittenAsTheGoldenScriptsAndItsShardsMergeIntoTheTable() throws Exception {
        Path sweep = file("small.yaml", SMALL);
        Path slurm = dir.resolve("slurm");
        Path out = dir.resolve("cluster");
        Cli cli = Cli.run("sweep", sweep.toString(), "--emit", "slurm", slurm.toString(), "--shards", "3", "--out",
                out.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("wrote " + slurm.resolve("array.sbatch"))
                .contains("sbatch --dependency=afterany:$jobid " + slurm.resolve("merge.sbatch"));
        String cwd = Path.of("").toAbsolutePath().toString();
        for (String script : List.of("array.sbatch", "merge.sbatch")) {
            String written = Files.readString(slurm.resolve(script)).replace(dir.toString(), "TMP")
                    .replace(cwd, "CWD");
            GoldenFile.assertMatches("sweep/" + script, written);
        }
        // the scripts themselves, run as Slurm would run them: each task of the array, then the merge
        for (int task = 0; task < 3; task++) {
            Launch.Result shard = Launch.shell("SLURM_ARRAY_TASK_ID=" + task + " bash "
                    + slurm.resolve("array.sbatch"));
            assertThat(shard.exitCode()).as(shard.err()).isZero();
        }
        Launch.Result merge = Launch.shell("bash " + slurm.resolve("merge.sbatch"));
        assertThat(merge.exitCode()).as(merge.err()).isZero();
        assertThat(merge.out()).contains("16 point(s), 0 run, 16 resumed, 0 failed");
        Cli.run("sweep", sweep.toString(), "--out", dir.resolve("local").toString());
        assertThat(table(out)).isEqualTo(table(dir.resolve("local")));
    }

    /**
     * Arrays nested 1,001 deep are one line naming the file in every format, TOML's too, where tomlj's recursion
     * would overflow the stack (TOML's limit is 100, YAML's and JSON's 1000); brackets inside a TOML string or comment are text and count for nothing.
     */
    @Test
    void arraysNestedTooDeepAreOneLineInEveryFormat() throws Exception {
        String deep = "[".repeat(1001) + "1" + "]".repeat(1001);
        Path toml = file("deep.toml", "allocator = \"buddy\"\nworkload = \"random-blocks\"\nseed = " + deep + "\n");
        Path yaml = file("deep.yaml", "allocator: buddy\nworkload: random-blocks\nseed: " + deep + "\n");
        Path json = file("deep.json", "{\"allocator\": \"buddy\", \"workload\": \"random-blocks\", \"seed\": " + deep
                + "}");
        for (Path file : List.of(toml, yaml, json)) {
            Cli cli = Cli.run("sweep", file.toString(), "--check");
            assertThat(cli.exitCode()).as(file + ": " + cli.err()).isEqualTo(2);
            assertThat(cli.err()).as(file.toString()).startsWith("heaplab: " + file).hasLineCount(1)
                    .doesNotContain("StackOverflow");
        }
        assertThat(Cli.run("sweep", toml.toString(), "--check").err()).contains("deep.toml:3: arrays or inline tables"
                + " nested more than 100 deep (expected: at most 100)");
        Path text = file("text.toml", "# " + "[".repeat(2000) + "\nallocator = \"buddy\"\nworkload = \"random-blocks\"\n"
                + "[exclude]\nnote = '" + "[".repeat(2000) + "'\n");
        assertThat(Cli.run("sweep", text.toString(), "--check").err()).doesNotContain("nested");
        // exactly as deep as allowed: tomlj reads it without overflowing the stack, and the sweep says what is wrong
        String most = "[".repeat(100) + "1" + "]".repeat(100);
        Cli deepest = Cli.run("sweep", file("most.toml", "allocator = \"buddy\"\nworkload = \"random-blocks\"\n"
                + "seed = " + most + "\n").toString(), "--check");
        assertThat(deepest.exitCode()).isEqualTo(2);
        assertThat(deepest.err()).doesNotContain("nested more than").doesNotContain("StackOverflow").hasLineCount(1);
    }

    /**
     * A damaged table under --resume is one line naming the file and, where there is one, the line: a measure that
     * is not a number, a nested value, bytes that are not UTF-8, a line too long to be a row, a directory; the file
     * is read a line at a time, so its size costs no memory.
     */
    @Test
    void aDamagedTableToResumeIsNamedByItsFileAndLine() throws Exception {
        Path sweep = file("small.yaml", SMALL);
        Path out = dir.resolve("damaged");
        assertThat(Cli.run("sweep", sweep.toString(), "--out", out.toString()).exitCode()).isZero();
        Path table = out.resolve("table.jsonl");
        List<String> rows = Files.readAllLines(table);
        String many = rows.get(1).replaceFirst("\"faults\":\\d+", "\"faults\":\"many\"");
        String nested = rows.get(1).replaceFirst("\"faults\":\\d+", "\"faults\":[1,2]");
        byte[] noise = new byte[600];
        new java.util.Random(3).nextBytes(noise);
        Object[][] cases = {
            {rows.get(0) + "\n" + many + "\n", "table.jsonl:2: measure 'faults' is many, not a number"},
            {rows.get(0) + "\n" + nested + "\n", "table.jsonl:2: column 'faults' holds a nested array"},
            {noise, "table.jsonl: not UTF-8 text"},
            {"x".repeat(3 << 20) + "\n", "table.jsonl:1: a line over 1 MiB"},
        };
        for (Object[] c : cases) {
            if (c[0] instanceof byte[] bytes) {
                Files.write(table, bytes);
            } else {
                Files.writeString(table, (String) c[0]);
            }
            Cli cli = Cli.run("sweep", sweep.toString(), "--out", out.toString(), "--resume");
            assertThat(cli.exitCode()).as((String) c[1]).isEqualTo(2);
            assertThat(cli.err()).as((String) c[1]).isEqualTo("heaplab: " + out.resolve((String) c[1])
                    + " (expected: a table of this sweep, as heaplab sweep wrote it)\n");
        }
        Files.delete(table);
        Files.createDirectory(table);
        Cli directory = Cli.run("sweep", sweep.toString(), "--out", out.toString(), "--resume");
        assertThat(directory.exitCode()).isEqualTo(2);
        assertThat(directory.err()).contains(table + ": a directory (expected: a table of this sweep").hasLineCount(1);
    }

    /**
     * Work a sweep file asks for is bounded by count before it is spent: a million seeds against a thousand exclude
     * entries, twenty thousand include entries, ten files each including the next ten times (each file is read
     * once, and the points are counted as they are added).
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 60, unit = TimeUnit.SECONDS)
    void expansionsAreBoundedByCountBeforeTheirWorkIsDone() throws Exception {
        StringBuilder excludes = new StringBuilder("workload: random-blocks\nallocator: buddy\nseed: 1..1000000\n"
                + "exclude:\n");
        for (int i = 1; i <= 1000; i++) {
            excludes.append("  - {seed: ").append(i).append("}\n");
        }
        Cli excluded = Cli.run("sweep", file("excludes.yaml", excludes.toString()).toString(), "--check");
        assertThat(excluded.exitCode()).isEqualTo(2);
        assertThat(excluded.err()).contains("1000 exclude entries over 1000000 points make 1000000000 comparisons"
                + " (expected: at most 100000000;").hasLineCount(1);

        StringBuilder includes = new StringBuilder("workload: random-blocks\nallocator: buddy\ninclude:\n");
        for (int i = 1; i <= 20_000; i++) {
            includes.append("  - {seed: ").append(i).append("}\n");
        }
        Cli included = Cli.run("sweep", file("includes.yaml", includes.toString()).toString(), "--check");
        assertThat(included.exitCode()).as(included.err()).isZero();
        assertThat(included.out()).contains(": 20000 point(s)"); // seed 1 is the grid's own point

        file("nest9.yaml", "workload: random-blocks\nallocator: buddy\n");
        for (int level = 8; level >= 0; level--) {
            file("nest" + level + ".yaml", "workload: random-blocks\nallocator: buddy\ninclude: ["
                    + String.join(", ", java.util.Collections.nCopies(10, "nest" + (level + 1) + ".yaml")) + "]\n");
        }
        Cli nested = Cli.run("sweep", dir.resolve("nest0.yaml").toString(), "--check");
        assertThat(nested.exitCode()).isEqualTo(2);
        assertThat(nested.err()).contains("more than 1000000 points (expected: at most 1000000").hasLineCount(1);
    }

    /** An option that means nothing beside the others given is refused, naming what it needs; nothing runs. */
    @Test
    void optionsThatMeanNothingTogetherAreRefusedNotIgnored() throws Exception {
        Path sweep = file("small.yaml", SMALL);
        String[][] cases = {
            {"--shards without --emit", "--shards", "4"},
            {"--retry-failed without --resume or --merge", "--retry-failed"},
            {"--master with --engine local", "--master", "local[2]"},
            {"--resume with --emit, which runs nothing", "--emit", "slurm", dir.resolve("jobs").toString(),
                "--resume"},
            {"--threads with --emit, which runs nothing", "--emit", "slurm", dir.resolve("jobs").toString(),
                "--threads", "2"},
        };
        for (String[] c : cases) {
            List<String> args = new java.util.ArrayList<>(List.of("sweep", sweep.toString(), "--out",
                    dir.resolve("never").toString()));
            args.addAll(List.of(c).subList(1, c.length));
            Cli cli = Cli.run(args.toArray(String[]::new));
            assertThat(cli.exitCode()).as(c[0]).isEqualTo(2);
            assertThat(cli.err()).as(c[0]).startsWith("heaplab: " + c[0] + " (expected: ").hasLineCount(1);
        }
        assertThat(dir.resolve("never")).doesNotExist();
        assertThat(dir.resolve("jobs")).doesNotExist();
    }

    /** An output directory holding the sweep file or an include under a table's name is refused; both stay. */
    @Test
    void anOutputThatWouldReplaceTheSweepsOwnFilesIsRefused() throws Exception {
        Path home = Files.createDirectories(dir.resolve("clobber"));
        Path sweep = Files.writeString(home.resolve("sweep.json"), """
                {"workload": {"random-blocks": {"live": 50}}, "allocator": ["first-fit"]}
                """);
        Cli own = Cli.run("sweep", sweep.toString(), "--out", home.toString());
        assertThat(own.exitCode()).isEqualTo(2);
        assertThat(own.err()).contains("writes its sweep.json there, over its input").hasLineCount(1);
        // the same file reached as another's include
        Path top = Files.writeString(dir.resolve("top.yaml"), "workload: random-blocks\nallocator: buddy\n"
                + "include: [clobber/sweep.json]\n");
        Cli include = Cli.run("sweep", top.toString(), "--out", home.toString());
        assertThat(include.exitCode()).as(include.err()).isEqualTo(2);
        assertThat(include.err()).contains("writes its sweep.json there, over its input " + sweep).hasLineCount(1);
        assertThat(sweep).content().contains("random-blocks");
    }

    /**
     * Names holding quotes, a command substitution, backquotes and spaces reach the scripts as the words they are:
     * bash reads the scripts back, runs the array's task with a heaplab that prints its arguments, and nothing the
     * names hold is run; a newline, which no line of a script can carry, is refused, and so is a directory that
     * holds the scripts already.
     */
    @Test
    void namesThatAShellWouldRunReachTheJobScriptsAsWordsAndANewlineIsRefused() throws Exception {
        String marker = "pwned-" + System.nanoTime();
        Path hostile = Files.createDirectories(dir.resolve("it's $(touch " + marker + ") `touch " + marker + "b` x"));
        Path sweep = Files.writeString(hostile.resolve("s $(touch " + marker + "c).yaml"), SMALL);
        Path slurm = dir.resolve("slurm jobs");
        Path out = hostile.resolve("out 'q'");
        Cli cli = Cli.run("sweep", sweep.toString(), "--emit", "slurm", slurm.toString(), "--shards", "2", "--out",
                out.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        for (String script : List.of("array.sbatch", "merge.sbatch")) {
            Launch.Result parsed = Launch.shell("bash -n " + SlurmScript.quote(slurm.resolve(script).toString()));
            assertThat(parsed.exitCode()).as(parsed.err()).isZero();
        }
        Launch.Result task = Launch.shell("SLURM_ARRAY_TASK_ID=1 HEAPLAB='printf [%s]\\n' bash "
                + SlurmScript.quote(slurm.resolve("array.sbatch").toString()));
        assertThat(task.exitCode()).as(task.err()).isZero();
        assertThat(task.out().lines()).containsExactly("[sweep]", "[" + sweep + "]", "[--shard]", "[1/2]",
                "[--threads]", "[1]", "[--out]", "[" + out.resolve("shards") + "/1]", "[--resume]");
        String cwd = Path.of("").toAbsolutePath().toString();
        for (Path where : List.of(Path.of(cwd), dir, hostile, slurm)) {
            try (var files = Files.list(where)) {
                assertThat(files.map(f -> f.getFileName().toString())).as("nothing run from a name")
                        .noneMatch(name -> name.startsWith(marker));
            }
        }
        Cli again = Cli.run("sweep", sweep.toString(), "--emit", "slurm", slurm.toString(), "--out", out.toString());
        assertThat(again.exitCode()).isEqualTo(2);
        assertThat(again.err()).contains("array.sbatch exists already").hasLineCount(1);
        Path newline = Files.createDirectories(dir.resolve("two\nlines"));
        Path inside = Files.writeString(newline.resolve("s.yaml"), SMALL);
        Cli refused = Cli.run("sweep", inside.toString(), "--emit", "slurm", dir.resolve("nl").toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains("holds a control character (U+000A)").hasLineCount(1);
        assertThat(dir.resolve("nl/array.sbatch")).doesNotExist();
    }

    @Test
    void theSparkEngineWithoutSparkOnTheClassPathIsSubmittedWithSparkSubmitFromSparkHomeThePathOrPyspark() throws Exception {
        Path sweep = file("small.yaml", SMALL);
        Path home = Files.createDirectories(dir.resolve("spark/bin"));
        // it says on standard error the Java spark-submit is given: the JDK heaplab runs on, whatever JAVA_HOME said
        Path submit = Files.writeString(home.resolve("spark-submit"), "#!/bin/sh\necho \"spark-submit $*\"\n"
                + "grep '^JAVA_VERSION=' \"$JAVA_HOME/release\" >&2\n");
        submit.toFile().setExecutable(true);
        Path jar = Files.writeString(dir.resolve("heaplab-spark.jar"), "");
        Launch.Result result = Launch.shell("JAVA_HOME=/an/older/jdk SPARK_HOME=" + dir.resolve("spark")
                + " HEAPLAB_SPARK_JAR=" + jar + " \"$HEAPLAB\" sweep " + sweep + " --engine spark --master 'local[2]'");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.err()).contains("JAVA_VERSION=\"25");
        assertThat(result.out()).isEqualTo("spark-submit --master local[2] --class io.heaplab.cli.Main"
                + " --driver-java-options --enable-native-access=ALL-UNNAMED --conf"
                + " spark.executor.extraJavaOptions=--enable-native-access=ALL-UNNAMED " + jar + " sweep " + sweep
                + " --engine spark --master local[2]\n");
        // pip's pyspark carries a whole Spark: found through the python3 on the PATH
        Path pyspark = Files.createDirectories(dir.resolve("site/pyspark/bin"));
        Files.writeString(pyspark.resolve("spark-submit"), "#!/bin/sh\necho \"pyspark's spark-submit $*\"\n")
                .toFile().setExecutable(true);
        Path withPyspark = Files.createDirectories(dir.resolve("python/bin"));
        Files.writeString(withPyspark.resolve("python3"), "#!/bin/sh\n# -c 'import pyspark ...'\necho "
                + pyspark.getParent() + "\n").toFile().setExecutable(true);
        Launch.Result viaPython = Launch.shell("PATH=" + withPyspark + ":/usr/bin:/bin SPARK_HOME= HEAPLAB_SPARK_JAR="
                + jar + " \"$HEAPLAB\" sweep " + sweep + " --engine spark");
        assertThat(viaPython.exitCode()).as(viaPython.err()).isZero();
        assertThat(viaPython.out()).startsWith("pyspark's spark-submit --class io.heaplab.cli.Main");
        Path withoutPyspark = Files.createDirectories(dir.resolve("bare/bin"));
        Files.writeString(withoutPyspark.resolve("python3"), "#!/bin/sh\necho 'No module named pyspark' >&2\n"
                + "exit 1\n").toFile().setExecutable(true);
        Launch.Result none = Launch.shell("PATH=" + withoutPyspark + ":/usr/bin:/bin SPARK_HOME= \"$HEAPLAB\" sweep "
                + sweep + " --engine spark");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).isEqualTo("heaplab: --engine spark: this heaplab jar does not carry Spark and no"
                + " spark-submit was found (expected: SPARK_HOME naming a Spark 4 installation, spark-submit on"
                + " the PATH, or pyspark installed for python3, as 'pip install pyspark' does; see docs/spark.md)\n");
    }
}
