package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A small {@code heaplab reproduce carr} through the CLI, and its bad parameters. */
class ReproduceCarrTest {

    @TempDir
    static Path dir;

    @Test
    void aSmallRunPrintsBothRegimesTable2BesideThePaperWithTheCausesAndWritesItsCurvesAndReport() throws Exception {
        Path json = dir.resolve("carr.json");
        Cli cli = Cli.run("reproduce", "carr", "--configurations", "A", "--thetas", "200,1000", "--tasks", "3",
                "--calibration", "2.35,0.733,10600", "--json", json.toString(), "--report",
                dir.resolve("report").toString());
        assertThat(cli.err()).isEmpty();
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).contains("running 18 runs", "== Regime balanced", "== Regime table1",
                "Calibration (given): frames scale 2.35, device scale 0.733, an I/O request every 10600 references",
                "the eight shipped programs' steady state", "Configuration A (470 frames)",
                "Configuration A (400 frames)", "Table 2 (balanced)", "Table 2 (table1)", "0.572", "WSCLOCK",
                "Carr's tasks (Table 2)", "scaled down from the paper's 50 tasks", "[paper: A: WS 0.572",
                "[balanced] Peak utilization", "[table1] Peak utilization", "paging busy (WS with LT/RT)");
        // every claim that disagrees says why, measured
        long disagreements = cli.out().lines().filter(l -> l.startsWith("  DISAGREES")).count();
        assertThat(cli.out().lines().filter(l -> l.startsWith("              why: ")).count()).isEqualTo(disagreements);
        JsonNode root = new ObjectMapper().readTree(json.toFile());
        assertThat(root.get("experiment").asText()).isEqualTo("carr");
        assertThat(root.get("regimes")).hasSize(2);
        assertThat(root.get("regimes").get(0).get("calibration").get("ioInterval").asDouble()).isEqualTo(10_600);
        for (JsonNode regime : root.get("regimes")) {
            assertThat(regime.get("curves")).hasSize(3);
            assertThat(regime.get("tasks")).hasSize(9);
            for (JsonNode curve : regime.get("curves")) {
                assertThat(curve.get("points")).hasSize(2);
                for (JsonNode point : curve.get("points")) {
                    double utilization = point.get("utilization").get("mean").asDouble();
                    assertThat(utilization).isBetween(0.0, 1.0);
                    assertThat(point.get("runs").get(0).get("references").asLong()).isEqualTo(15_000_000);
                }
            }
        }
        assertThat(dir.resolve("report/index.html")).content().contains("processor utilization against theta",
                "paging device busy against theta", "Calibration (balanced)", "Why: ");
    }

    @Test
    void theBalancedRegimeSearchesForItsScalesAndPrintsThemToTypeBack() {
        Cli cli = Cli.run("reproduce", "carr", "--regime", "balanced", "--configurations", "A", "--thetas", "200",
                "--tasks", "2", "--no-report");
        assertThat(cli.err()).isEmpty();
        assertThat(cli.exitCode()).isZero();
        String line = cli.out().lines().filter(l -> l.startsWith("Calibration (searched, ")).findFirst()
                .orElseThrow();
        String factors = line.substring(line.indexOf("(--calibration ") + 15, line.indexOf(')', line.indexOf(
                "(--calibration ")));
        // typed back, the factors give the same runs: the same Table 2
        Cli again = Cli.run("reproduce", "carr", "--regime", "balanced", "--configurations", "A", "--thetas", "200",
                "--tasks", "2", "--calibration", factors, "--no-report");
        assertThat(again.exitCode()).isZero();
        assertThat(table2(again.out())).isEqualTo(table2(cli.out()));
        assertThat(cli.out()).doesNotContain("== Regime table1");
    }

    private static String table2(String out) {
        return out.substring(out.indexOf("Table 2 (balanced)"), out.indexOf("The paper's claims"));
    }

    @Test
    void aWorkloadRunUnderAnAllocatorRunsAsTheTasksOfAWholeSystemUnderEveryPolicy() throws Exception {
        Path trace = dir.resolve("pqsim-mru.trace");
        Cli record = Cli.run("trace", "record", "-w", "random-blocks:live=200,steps=4000", "-a", "mru", "-o",
                trace.toString());
        assertThat(record.exitCode()).as(record.err()).isZero();
        Path csv = dir.resolve("carr.csv");
        Cli cli = Cli.run("reproduce", "carr", "--prototypes", trace + "@5000", "--policies", "all", "--regime",
                "table1", "--configurations", "A", "--thetas", "1,50", "--tasks", "2", "--csv", csv.toString(),
                "--no-report");
        assertThat(cli.err()).isEmpty();
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).contains("2 tasks drawn from pqsim-mru, frames 1 times the paper's",
                "Configuration A (200 frames)", "PFF with LT/RT", "global CLOCK, 50% rule", "wrote " + csv);
        java.util.List<String> rows = java.nio.file.Files.readAllLines(csv);
        assertThat(rows.getFirst()).startsWith("regime,configuration,policy,frames,theta,seed,strings,utilization,");
        // five policies at two thetas, a row each
        assertThat(rows).hasSize(11);
        assertThat(rows.stream().skip(1).map(r -> r.split(",")[1]).distinct())
                .containsExactly("A");
        assertThat(rows.stream().skip(1).map(r -> r.split(",")[2]).distinct())
                .containsExactly("WS", "WS_LTRT", "WSCLOCK", "PFF", "CLOCK");
        // global CLOCK has no theta: one simulation stands for both points
        java.util.List<String> clock = rows.stream().filter(r -> r.startsWith("table1,A,CLOCK,")).toList();
        assertThat(clock).hasSize(2);
        assertThat(clock.get(0).substring(clock.get(0).indexOf(",1,")))
                .isEqualTo(clock.get(1).substring(clock.get(1).indexOf(",1,")));
    }

    @Test
    void aMissingOrMalformedPrototypeTraceIsAOneLineUsageError() throws Exception {
        assertUsage(Cli.run("reproduce", "carr", "--prototypes", dir.resolve("none.trace").toString()),
                "--prototypes '" + dir.resolve("none.trace") + "': no such file (expected: a trace file");
        Path garbage = java.nio.file.Files.writeString(dir.resolve("garbage.txt"), "this is not a trace\n");
        assertUsage(Cli.run("reproduce", "carr", "--prototypes", garbage.toString()),
                "--prototypes '" + garbage + "' is not a trace heaplab reads: ");
        assertUsage(Cli.run("reproduce", "carr", "--prototypes", garbage + "@-3"),
                "(expected: FILE@IO with IO the mean references between I/O requests");
    }

    @Test
    void badParametersAreOneLineUsageErrorsNamingTheOption() {
        assertUsage(Cli.run("reproduce", "carr", "--policies", "some"), "--policies 'some' (expected: paper or all)");
        assertUsage(Cli.run("reproduce", "carr", "--frames-scale", "0"), "--frames-scale '0' (expected: auto or a");
        assertUsage(Cli.run("reproduce", "carr", "--frames-scale", "0.001"), "--frames-scale '0.001' (expected:");
        assertUsage(Cli.run("reproduce", "carr", "--frames-scale", "1e9"), "--frames-scale '1e9' (expected:");
        assertUsage(Cli.run("reproduce", "carr", "--device-scale", "1e300"), "--device-scale '1e300' (expected:");
        assertUsage(Cli.run("reproduce", "carr", "--irim", "-1"), "--irim -1 (expected: 0 for none");
        assertUsage(Cli.run("reproduce", "brent", "--csv", "x.csv"), "--csv: reproduce brent makes no CSV table");
        assertUsage(Cli.run("reproduce", "carr", "--thetas", "-5"), "--thetas '-5' (expected: a size of 0 or more)");
        assertUsage(Cli.run("reproduce", "carr", "--thetas", "0,50"), "--thetas '0,50' (expected: positive thousands");
        assertUsage(Cli.run("reproduce", "carr", "--configurations", "D"), "--configurations [D] (expected: some of A, B, C)");
        assertUsage(Cli.run("reproduce", "carr", "--tasks", "0"), "--tasks 0 (expected: at least 1)");
        assertUsage(Cli.run("reproduce", "carr", "--thetas", "x"), "--thetas 'x' (expected: a size: a whole number,"
                + " a list a,b,c, or a range 16..1024*2 or 100..1000/100)");
        assertUsage(Cli.run("reproduce", "carr", "--thetas", "50..400x2"), "--thetas '50..400x2' (expected: a size");
        assertUsage(Cli.run("reproduce", "carr", "--thetas", "all"), "--thetas 'all' (expected: a size");
        assertUsage(Cli.run("reproduce", "carr", "--regime", "paper"),
                "--regime 'paper' (expected: balanced, table1 or both)");
        assertUsage(Cli.run("reproduce", "carr", "--calibration", "2,1"),
                "--calibration '2,1' (expected: auto, or FRAMES,DEVICE,IO: a frames scale 0.25 to 16");
        assertUsage(Cli.run("reproduce", "carr", "--regime", "table1", "--calibration", "2,1,10000"),
                "--calibration '2,1,10000' with --regime table1 (expected: the balanced regime, whose scales it"
                        + " gives)");
    }

    private static void assertUsage(Cli run, String message) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).contains(message);
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.out()).isEmpty();
    }
}
