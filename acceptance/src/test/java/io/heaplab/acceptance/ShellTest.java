package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the shell gets: a completion script for every command, and arguments read from a file. */
class ShellTest {

    @TempDir
    Path dir;

    @Test
    void theCompletionScriptCompletesEveryCommand() {
        Cli cli = Cli.run("generate-completion");
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).contains("complete -F", "reproduce", "malloc", "--page-size");
    }

    @Test
    void argumentsMayComeFromAFile() throws Exception {
        Path args = Files.writeString(dir.resolve("experiment.args"),
                "-w random-blocks:live=100,steps=500\n# the strategies\n-a stack,nofree\n-p lru:frames=4\n");
        Cli fromFile = Cli.run("run", "@" + args);
        Cli direct = Cli.run("run", "-w", "random-blocks:live=100,steps=500", "-a", "stack,nofree", "-p",
                "lru:frames=4");
        assertThat(fromFile.exitCode()).isZero();
        assertThat(fromFile.out().lines().limit(4).toList()).isEqualTo(direct.out().lines().limit(4).toList());
    }
}
