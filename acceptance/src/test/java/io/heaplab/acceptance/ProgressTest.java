package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command that can run for more than a few seconds, in a process of its own: on a pseudo-terminal (util-linux
 * {@code script}) its bar moves, showing counts between the first and the last; off one, with the heartbeat's
 * interval shortened, it writes a line of how far it has come on standard error and draws no bar.
 */
class ProgressTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void traceAndSweep() throws Exception {
        // deflated: 40 million references in a few hundred kilobytes, read for long enough to draw a bar's middle
        Cli generate = Cli.run("trace", "generate", "loop:pages=1000", "-n", "40000000", "--compress", "-o",
                dir.resolve("t.hlt").toString());
        assertThat(generate.exitCode()).as(generate.err()).isZero();
        Files.writeString(dir.resolve("s.yaml"), """
                workload:
                  pqsim:
                    seconds: 50
                    warmup: 20
                allocator: [stack, mru]
                policy:
                  lru:
                    frames: 4..64*2
                pageSize: 512
                seed: 1..2
                """);
    }

    /** Each long command, MODE standing for a name of its own per run, and the task its bar and lines name. */
    static Stream<Arguments> commands() {
        return Stream.of(
                Arguments.of("trace generate loop:pages=1000 -n 50000000 --compress -o DIR/g-MODE.hlt", "generating"),
                Arguments.of("trace info DIR/t.hlt", "reading"),
                Arguments.of("trace replay DIR/t.hlt -p lru:frames=500 -p fifo:frames=500", "replaying"),
                Arguments.of("trace convert DIR/t.hlt DIR/c-MODE.hlt", "converting"),
                Arguments.of("curve DIR/t.hlt -p lru:frames=all -o DIR/curve-MODE", "replaying"),
                Arguments.of("trace record -w pqsim:seconds=200,warmup=20 -a stack --compress -o DIR/r-MODE.hlt", "recording"),
                Arguments.of("run -w pqsim:seconds=60,warmup=20 -a stack,mru,random,nofree -p lru:frames=50"
                        + " --seeds 6", "runs"),
                Arguments.of("sweep DIR/s.yaml --out DIR/sweep-MODE", "points"),
                Arguments.of("reproduce purdom --seeds 3 --no-report", "runs"),
                Arguments.of("malloc replay examples/malloc-traces/python-json.hmt -a tlsf,buddy,segregated"
                        + " --threads 1", "replays"),
                Arguments.of("malloc native examples/malloc-traces/python-json.hmt -a glibc --repeat 8",
                        "native replays"));
    }

    private static String command(String template, String mode) {
        return template.replace("DIR", dir.toString()).replace("MODE", mode);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void onATerminalTheBarMoves(String template, String task) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/script")), "util-linux script gives the pseudo-terminal");
        // script runs the command on a pseudo-terminal of its own, standard input included, and copies what it shows
        // the bar redrawn every 2 ms rather than 200: how many frames a fast machine draws is then not a matter of luck
        // on a loaded machine (two cores, other tests beside) the bar's thread may not be scheduled while a short
        // command runs: a bar that moves shows it in one of three tries, one that never moves in none
        Launch.Result run = null;
        for (int attempt = 0; attempt < 3 && (run == null || !moved(run.out(), task)); attempt++) {
            run = Launch.shell("HEAPLAB_JAVA_OPTS=-Dheaplab.progress.barMillis=2 script -qec '\"$HEAPLAB\" "
                    + command(template, "terminal") + "' /dev/null");
            assertThat(run.exitCode()).as(run.out()).isZero();
        }
        List<Long> counts = counts(run.out(), task);
        assertThat(counts).as(run.out()).isNotEmpty();
        assertThat(counts.getLast()).as(run.out()).isPositive();
        assertThat(moved(run.out(), task)).as("a count between the first and the last in %s", run.out()).isTrue();
    }

    /** Whether the bar of {@code task} showed a count between none and its last. */
    private static boolean moved(String shown, String task) {
        List<Long> counts = counts(shown, task);
        return !counts.isEmpty() && counts.stream().anyMatch(count -> count > 0 && count < counts.getLast());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void offATerminalTheLinesCome(String template, String task) throws Exception {
        Launch.Result run = Launch.shell("HEAPLAB_JAVA_OPTS=-Dheaplab.progress.heartbeatMillis=50 \"$HEAPLAB\" "
                + command(template, "pipe"));
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).as("no bar in a pipe").doesNotContain("\r");
        List<String> lines = run.err().lines().filter(l -> !l.matches("heaplab: (building .*|  +\\d+/\\d+ .*)"))
                .toList();
        assertThat(lines).as(run.err()).isNotEmpty().allSatisfy(line -> assertThat(line)
                .matches("heaplab: " + Pattern.quote(task) + ": (\\d+ of \\d+ done|[\\d,]+ references so far)"
                        + " after \\d+ s"));
    }

    /** The counts a bar of {@code task} showed, frame by frame: each frame is redrawn after a carriage return. */
    private static List<Long> counts(String shown, String task) {
        Matcher frame = Pattern.compile(Pattern.quote(task) + " +(?:\\?|\\d+) ?% \\[[^\\]]*\\] +(\\d+)/")
                .matcher(shown);
        List<Long> counts = new ArrayList<>();
        while (frame.find()) {
            counts.add(Long.parseLong(frame.group(1)));
        }
        return counts;
    }
}
