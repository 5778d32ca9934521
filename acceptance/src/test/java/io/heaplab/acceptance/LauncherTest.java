package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./heaplab} launcher as a user types it, in a process of its own: it finds a JDK 25, runs the jar the
 * build just made (so it builds nothing here) and exits with the command's code.
 */
class LauncherTest {

    @TempDir
    Path dir;

    private static Launch.Result launch(String... args) throws IOException, InterruptedException {
        return Launch.run(args);
    }

    @Test
    void listsThePluginsTheShadedJarCarries() throws Exception {
        Launch.Result result = launch("list");
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.err()).isEmpty();
        assertThat(result.out()).isEqualTo(Cli.run("list").out());
    }

    @Test
    void twoProcessesWithOneSeedWriteTheSameBytes() throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        String[] args = {"run", "-w", "random-blocks:live=500,steps=3000", "-a", "stack,nofree", "-p",
            "lru:frames=all", "-p", "wsclock:frames=4,theta=500", "--page-size", "256", "--seed", "11", "--json"};
        assertThat(launch(concat(args, a.toString())).exitCode()).isZero();
        assertThat(launch(concat(args, b.toString())).exitCode()).isZero();
        assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b));
    }

    @Test
    void usageErrorsExitTwoWithOneLine() throws Exception {
        Launch.Result result = launch("run", "-w", "nosuch", "-a", "stack");
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err().strip()).startsWith("heaplab: unknown workload 'nosuch' (expected one of: ")
                .doesNotContain("\n");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void aFailedRunExitsOneWithOneLine() throws Exception {
        // a heap that outgrows the memory its run may take: a failure of the run, not a usage error
        Launch.Result result = launch("run", "-w", "random-blocks:size=4096,live=10,steps=1000", "-a", "nofree",
                "--max-memory", "1MiB");
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err().strip()).startsWith("heaplab: run of nofree failed: the simulated heap would grow")
                .doesNotContain("\n").doesNotContain("\tat ");
    }

    /**
     * Under the shell's limits the launcher probes its JDK with the user's JVM options, so what starts the command
     * starts the probe; what stops every JVM is said in one line; and no crash report lands where it runs.
     */
    @Test
    void underTheShellsLimitsTheLauncherStartsWithTheUsersOptionsOrSaysWhyInOneLine() throws Exception {
        String here = "cd '" + dir + "' && ";
        Launch.Result fits = Launch.shell(here + "ulimit -v 4000000 && HEAPLAB_JAVA_OPTS=-Xmx512m \"$HEAPLAB\" run"
                + " -w random-blocks -a first-fit");
        assertThat(fits.exitCode()).as(fits.err()).isZero();
        Launch.Result tight = Launch.shell(here + "ulimit -v 600000 && \"$HEAPLAB\" run -w random-blocks -a first-fit");
        assertThat(tight.exitCode()).isEqualTo(1);
        assertThat(tight.err()).startsWith("heaplab: no JDK would start with HEAPLAB_JAVA_OPTS '' under this shell's"
                + " limits (").contains("raise the limit (ulimit -v)").hasLineCount(1);
        Launch.Result files = Launch.shell(here + "ulimit -n 12 && \"$HEAPLAB\" --version");
        assertThat(files.err().lines().filter(l -> l.contains("find:"))).as(files.err()).isEmpty();
        try (var left = Files.list(dir)) {
            assertThat(left).as("nothing written where the launcher ran").isEmpty();
        }
    }

    private static String[] concat(String[] args, String more) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[args.length] = more;
        return all;
    }
}
