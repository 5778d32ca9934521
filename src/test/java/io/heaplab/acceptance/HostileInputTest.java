package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.cli.Main;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a careless or hostile command line cannot do: split an error line, drive the terminal, or destroy an input. */
class HostileInputTest {

    /** A lackey trace of a real program (see the README beside it). */
    private static final Path LACKEY = Path.of("../../traces/src/test/resources/lackey/tiny.lackey");

    @TempDir
    Path dir;

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
}
