package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scaled-down {@code heaplab reproduce brent} through the CLI, checked against the orderings Brent's section 3
 * reports: a smaller TRIDIAG (n = 40), the paper's PQSIM (its MRU adapts to the doubled load only over the
 * paper's 1000 measured seconds: over 300 its ratio is still 1.2), the paper's four strategies, two seeds.
 */
class ReproduceBrentTest {

    @TempDir
    static Path dir;

    private static Cli cli;
    private static JsonNode root;

    @BeforeAll
    static void reproduce() throws Exception {
        Path json = dir.resolve("brent.json");
        cli = Cli.run("reproduce", "brent", "--tridiag-n", "40", "--seeds", "2",
                "--strategies", "stack,random,nofree,mru", "--json", json.toString(), "--report",
                dir.resolve("report").toString());
        assertThat(cli.err()).isEmpty();
        assertThat(cli.exitCode()).isZero();
        root = new ObjectMapper().readTree(json.toFile());
    }

    private static JsonNode table(String id) {
        for (JsonNode table : root.get("tables")) {
            if (table.get("table").asText().equals(id)) {
                return table;
            }
        }
        throw new AssertionError("no table " + id);
    }

    private static JsonNode measured(String table, String strategy) {
        for (JsonNode row : table(table).get("rows")) {
            if (row.get("strategy").asText().equals(strategy)) {
                return row.get("measured");
            }
        }
        throw new AssertionError("no row " + strategy + " in table " + table);
    }

    private static double mean(JsonNode summary) {
        return summary.get("mean").asDouble();
    }

    @Test
    void printsEveryTableWithPublishedAndMeasuredFigures() {
        assertThat(cli.out()).contains("Table 3.1", "Table 3.2", "Table 3.3", "paper", "measured", "3469580",
                "0.498", "1.86", " ± ", "agrees");
        assertThat(root.get("parameters").get("seeds")).hasSize(2);
        assertThat(table("3.1").get("rows")).hasSize(4);
    }

    @Test
    void writesItsReportWithTheResultsBesideIt() throws Exception {
        Path report = dir.resolve("report");
        assertThat(cli.out()).contains("wrote report " + report.resolve("index.html"));
        assertThat(Files.readAllBytes(report.resolve("brent.json"))).isEqualTo(Files.readAllBytes(dir.resolve("brent.json")));
        String html = Files.readString(report.resolve("index.html"));
        assertThat(html).contains("Table 3.1: TRIDIAG", "LRU faults against memory size", "faults normalized to RANDOM",
                "Parameters and seeds", "Machine and JDK", System.getProperty("java.version"));
        // a fault curve and a bar chart per table
        assertThat(html.split("data:image/png;base64,", -1)).hasSize(1 + 6);
        assertThat(report.resolve("charts/01-faults-3-1.svg")).content().startsWith("<svg");
    }

    @Test
    void theDefaultStrategiesIncludeTheOtherCurrentPageOnesAndTheSameSeedsGiveTheSameFile() throws Exception {
        Path one = dir.resolve("one.json");
        Path two = dir.resolve("two.json");
        Cli small = Cli.run("reproduce", "brent", "--tridiag-n", "12", "--pqsim-seconds", "20", "--seeds", "2",
                "--threads", "1", "--json", one.toString(), "--no-report");
        assertThat(small.exitCode()).isZero();
        assertThat(small.out()).contains("LEAST-FREE", "MOST-FREE", "scaled down");
        assertThat(Cli.run("reproduce", "brent", "--tridiag-n", "12", "--pqsim-seconds", "20", "--seeds", "2",
                "--threads", "3", "--json", two.toString(), "--no-report").exitCode()).isZero();
        assertThat(Files.readAllBytes(two)).isEqualTo(Files.readAllBytes(one));
    }

    @Test
    void onTridiagNofreeNeedsSeveralTimesTheSpaceAndEveryStrategyBeatsRandom() {
        double nofree = mean(measured("3.1", "nofree").get("virtualPages"));
        for (String other : new String[] {"stack", "random", "mru"}) {
            assertThat(nofree).as("NOFREE's virtual size against %s's", other)
                    .isGreaterThanOrEqualTo(2 * mean(measured("3.1", other).get("virtualPages")));
        }
        for (JsonNode frames : table("3.1").get("frames")) {
            String f = frames.asText();
            assertThat(mean(measured("3.1", "random").get("normalized").get(f))).isEqualTo(1.0);
            for (String strategy : new String[] {"stack", "nofree", "mru"}) {
                assertThat(mean(measured("3.1", strategy).get("normalized").get(f)))
                        .as("%s at %s frames", strategy, f).isLessThan(1);
            }
        }
    }

    @Test
    void everyClaimIsJudgedOnTheMeasuredMeans() {
        JsonNode claims = root.get("claims");
        assertThat(claims).hasSize(6);
        for (String strategy : new String[] {"MRU", "NOFREE"}) {
            boolean smallFraction = true;
            for (JsonNode frames : table("3.1").get("frames")) {
                String f = frames.asText();
                smallFraction &= mean(measured("3.1", strategy.toLowerCase()).get("normalized").get(f))
                        < 0.25 * mean(measured("3.1", "stack").get("normalized").get(f));
            }
            assertThat(claim(claims, "On TRIDIAG, " + strategy + "'s").get("holds").asBoolean())
                    .isEqualTo(smallFraction);
        }
        for (JsonNode claim : claims) {
            assertThat(cli.out()).contains(String.format(java.util.Locale.ROOT, "%-10s  ", claim.get("verdict").asText())
                    + claim.get("claim").asText());
        }
    }

    private static JsonNode claim(JsonNode claims, String prefix) {
        for (JsonNode claim : claims) {
            if (claim.get("claim").asText().startsWith(prefix)) {
                return claim;
            }
        }
        throw new AssertionError("no claim starting " + prefix);
    }

    @Test
    void onPqsimMruFaultsLeastAndAdaptsToADecreasingLoad() {
        double mru = mean(measured("3.2", "mru").get("faults").get("50"));
        assertThat(mru).isLessThan(mean(measured("3.2", "nofree").get("faults").get("50")));
        assertThat(mru).isLessThan(mean(measured("3.2", "stack").get("faults").get("50")));
        assertThat(mean(measured("3.3", "mru").get("ratioToNormalLoad"))).isLessThanOrEqualTo(1.1);
        assertThat(mean(measured("3.3", "stack").get("ratioToNormalLoad"))).isGreaterThan(1);
        assertThat(mean(measured("3.3", "random").get("ratioToNormalLoad"))).isGreaterThan(1);
    }

    @Test
    void everyRowCarriesItsRunsAndItsWholeLruCurve() {
        for (JsonNode table : root.get("tables")) {
            for (JsonNode row : table.get("rows")) {
                JsonNode runs = row.get("runs");
                assertThat(runs).hasSize(2);
                assertThat(runs.get(0).get("seed").asLong()).isEqualTo(1);
                JsonNode curve = row.get("lruCurve");
                assertThat(curve.size()).isGreaterThan(table.get("frames").get(0).asInt());
                for (int i = 1; i < curve.size(); i++) {
                    assertThat(curve.get(i).asLong()).isLessThanOrEqualTo(curve.get(i - 1).asLong());
                }
                if (table.get("table").asText().equals("3.1")) {
                    assertThat(runs.get(0).get("measuredFrom").asLong()).isZero();
                } else {
                    // PQSIM counts faults only over its second half
                    assertThat(runs.get(0).get("measuredFrom").asLong()).isPositive()
                            .isLessThan(runs.get(0).get("references").asLong());
                }
            }
        }
    }

    @Test
    void badArgumentsAreUsageErrorsOnOneLine() {
        assertUsage(Cli.run("reproduce", "brent", "--strategies", "stack,mru"), "lacks random");
        assertUsage(Cli.run("reproduce", "brent", "--seeds", "0"), "--seeds 0");
        assertUsage(Cli.run("reproduce", "brent", "--strategies", "random,bogus"), "unknown allocator 'bogus'");
        assertUsage(Cli.run("reproduce", "brent", "--tridiag-n", "2"), "n=2");
        assertUsage(Cli.run("reproduce"), "a paper is required");
        assertUsage(Cli.run("reproduce", "brent", "--report", dir.resolve("r").toString(), "--no-report"),
                "--report and --no-report together");
        assertUsage(Cli.run("reproduce", "brent", "--report", dir.resolve("brent.json").toString()),
                "--report '" + dir.resolve("brent.json") + "' is not a directory");
        assertUsage(Cli.run("reproduce", "brent", "--json", dir.toString()), "is a directory");
    }

    private static void assertUsage(Cli run, String message) {
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains(message);
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.out()).isEmpty();
    }
}
