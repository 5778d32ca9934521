package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @FILE} arguments, bounded before a byte is read: what is not a regular file of UTF-8 text of at most 1 MiB,
 * or names itself, is a one-line usage error naming it, never a hang or a stack trace; a good file expands as the
 * shell would quote it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ArgumentFilesTest {

    @TempDir
    Path dir;

    private static void refused(Cli cli, String expected) {
        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
        assertThat(cli.err().lines()).as(cli.err()).singleElement().satisfies(line -> assertThat(line)
                .startsWith("heaplab: argument file @").contains(expected).doesNotContain("Exception"));
    }

    @Test
    void aDeviceADirectoryOrAPipeIsRefusedBeforeItIsRead() throws Exception {
        refused(Cli.run("run", "@/dev/zero"), "is not a regular file (a device or a pipe)");
        refused(Cli.run("run", "@/dev/urandom"), "is not a regular file (a device or a pipe)");
        refused(Cli.run("run", "@" + dir), "is a directory");
        refused(Cli.run("run", "@" + dir.resolve("absent")), "does not exist");
        Path fifo = dir.resolve("fifo");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo makes a pipe");
        refused(Cli.run("run", "@" + fifo), "is not a regular file (a device or a pipe)");
    }

    @Test
    void binaryTooLargeOrUnclosedFilesAreNamedWithWhatWasExpected() throws Exception {
        byte[] noise = new byte[4096];
        new Random(7).nextBytes(noise);
        refused(Cli.run("run", "@" + Files.write(dir.resolve("noise"), noise)), "is not UTF-8 text");
        refused(Cli.run("run", "@" + Files.writeString(dir.resolve("big"), "-a stack ".repeat(150_000))),
                "is over 1 MiB");
        refused(Cli.run("run", "@" + Files.writeString(dir.resolve("quote"), "-w pqsim\n-a \"stack\n")),
                "line 2: a quote \" is never closed");
    }

    @Test
    void filesThatNameEachOtherInACycleOrTooDeepAreRefused() throws Exception {
        Path a = dir.resolve("a.args");
        Path b = dir.resolve("b.args");
        Files.writeString(a, "-w pqsim @" + b);
        Files.writeString(b, "@" + a);
        refused(Cli.run("run", "@" + a), "names itself through b.args");
        Path next = dir.resolve("leaf.args");
        Files.writeString(next, "-a stack");
        for (int i = 0; i < 11; i++) {
            Path deeper = dir.resolve("d" + i + ".args");
            Files.writeString(deeper, "@" + next);
            next = deeper;
        }
        refused(Cli.run("run", "@" + next), "is 11 argument files deep (expected: at most 10)");
    }

    @Test
    void aGoodFileExpandsWithQuotesCommentsAndNestedFiles() throws Exception {
        Path policies = Files.writeString(dir.resolve("policies.args"), "-p 'lru:frames=50' # the memory\n");
        Path file = Files.writeString(dir.resolve("run.args"), """
                # Brent's PQSIM under two strategies
                -w "pqsim:seconds=60,warmup=20"
                -a stack,mru @%s
                """.formatted(policies));
        Cli expanded = Cli.run("run", "@" + file);
        Cli typed = Cli.run("run", "-w", "pqsim:seconds=60,warmup=20", "-a", "stack,mru", "-p", "lru:frames=50");
        assertThat(expanded.exitCode()).as(expanded.err()).isZero();
        // the same runs, all but the time they took
        assertThat(expanded.out().lines().filter(l -> !l.contains("of run time")))
                .containsExactlyElementsOf(typed.out().lines().filter(l -> !l.contains("of run time")).toList());
        // @@ stands for an argument that begins with @ itself: here a workload spec no plugin has
        Cli literal = Cli.run("run", "-w", "@@pqsim", "-a", "stack");
        assertThat(literal.exitCode()).isEqualTo(2);
        assertThat(literal.err()).contains("@pqsim").doesNotContain("argument file");
    }
}
