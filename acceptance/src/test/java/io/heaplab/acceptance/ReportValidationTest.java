package io.heaplab.acceptance;

import static io.heaplab.acceptance.TraceCommandTest.LACKEY;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code heaplab report} checks every result file before it draws any: a file heaplab wrote and someone spoilt is a
 * usage error (exit 2) of one line naming the file, the path of the first value out of place, what was found and
 * what was expected, and the report directory is left untouched.
 */
class ReportValidationTest {

    @TempDir
    Path dir;

    /** A run file as {@code heaplab run --json} writes it. */
    private Path runFile() {
        Path json = dir.resolve("run.json");
        Cli cli = Cli.run("run", "-w", "random-blocks:live=20,steps=300", "-a", "first-fit", "-p", "lru:frames=all",
                "-p", "fifo:frames=4", "--json", json.toString());
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        return json;
    }

    /** {@code file} with the first match of {@code regex} replaced by {@code replacement}. */
    private static Path spoil(Path file, String regex, String replacement) throws Exception {
        String text = Files.readString(file);
        String spoilt = text.replaceFirst(regex, replacement);
        assertThat(spoilt).isNotEqualTo(text);
        return Files.writeString(file, spoilt);
    }

    /** The report of {@code files} into a fresh directory: refused with {@code problem}, nothing written. */
    private void assertRefused(String problem, Path... files) throws Exception {
        Path out = dir.resolve("report");
        String[] args = new String[files.length + 3];
        args[0] = "report";
        for (int i = 0; i < files.length; i++) {
            args[i + 1] = files[i].toString();
        }
        args[files.length + 1] = "--out";
        args[files.length + 2] = out.toString();
        Cli cli = Cli.run(args);
        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("heaplab: " + problem + System.lineSeparator());
        assertThat(cli.out()).isEmpty();
        assertThat(out).doesNotExist();
    }

    @Test
    void aStringWhereACountBelongsIsNamedByItsPath() throws Exception {
        Path run = spoil(runFile(), "\"references\" : \\d+", "\"references\" : \"abc\"");
        assertRefused(run + ": $.runs[0].references: \"abc\" (expected: a count, a whole number >= 0)", run);
    }

    @Test
    void aRunFileWithoutRunsIsRefused() throws Exception {
        Path run = spoil(runFile(), "(?s)\"runs\" : \\[.*\\]\\s*}\\s*$", "\"runs\" : [ ] }\n");
        assertRefused(run + ": $.runs: [] (expected: a non-empty array)", run);
    }

    @Test
    void aNegativeFaultCountOfACurveIsNamedByItsPolicyAndPoint() throws Exception {
        Path curves = dir.resolve("curves");
        assertThat(Cli.run("curve", LACKEY.toString(), "-o", curves.toString()).exitCode()).isZero();
        Path json = spoil(curves.resolve("curves.json"), "\"faults\" : \\[ (\\d+)", "\"faults\" : [ -$1");
        assertRefused(json + ": $.streams[0].curves[0].faults[0]: -" + Files.readString(json)
                .replaceFirst("(?s).*?\"faults\" : \\[ -(\\d+).*", "$1")
                + " (expected: a count, a whole number >= 0)", json);
    }

    @Test
    void purdomsResultsRelabelledAsBrentsAreCheckedAsBrentsAndRefused() throws Exception {
        Path json = dir.resolve("purdom.json");
        Cli purdom = Cli.run("reproduce", "purdom", "--tables", "1", "--requests", "200", "--seeds", "1",
                "--no-report", "--json", json.toString());
        assertThat(purdom.exitCode()).as(purdom.err()).isZero();
        Path brent = spoil(json, "\"experiment\" : \"purdom\"", "\"experiment\" : \"brent\"");
        assertRefused(brent + ": $.parameters.pageSize: missing (expected: a count, a whole number >= 0)", brent);
    }

    @Test
    void aSpoiltFileAfterAGoodOneStopsTheReportBeforeAnythingIsDrawn() throws Exception {
        Path good = runFile();
        Path replay = dir.resolve("replay.json");
        assertThat(Cli.run("trace", "replay", LACKEY.toString(), "-p", "lru:frames=2", "--json", replay.toString())
                .exitCode()).isZero();
        spoil(replay, "\"measuredFrom\" : \\d+,", "");
        assertRefused(replay + ": $.measuredFrom: missing (expected: a count, a whole number >= 0)", good, replay);
    }
}
