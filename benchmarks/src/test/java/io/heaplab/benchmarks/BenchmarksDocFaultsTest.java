package io.heaplab.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The tables of strategies beside malloc in docs/benchmarks.md state each strategy's {@code lruFaults}: every one
 * is counted again here ({@link LruFaultCount}, the count the benchmarks report), so the column cannot drift from
 * what the benchmarks measure. All but record-fit's geometric row, whose recount takes a minute and a half (a
 * hundred microseconds a step); the page says so beside it.
 */
class BenchmarksDocFaultsTest {

    /** The page whose tables this test reads, from heaplab's root. */
    static final String PAGE = "docs/benchmarks.md";
    private static final int LIVE = 512;
    private static final Pattern ROW = Pattern.compile("^\\| `([^`]+)` \\|.*\\| ([0-9,]+|—)( ¹)? \\|$");

    record Row(BlockSizes sizes, String strategy, String faults, boolean notRecounted) {
    }

    @Test
    void everyFaultCountInTheBenchmarksPageIsTheCountTheBenchmarksMake() throws IOException {
        List<Row> rows = rows(Files.readAllLines(page()));
        assertThat(rows).as("rows of the tables of strategies beside malloc in " + PAGE).hasSizeGreaterThan(20);
        assertThat(rows).filteredOn(Row::notRecounted).as("rows marked ¹, not recounted")
                .extracting(row -> row.strategy() + " " + row.sizes())
                .containsExactly("record-fit " + BlockSizes.Geometric.PURDOM);
        List<String> wrong = rows.parallelStream()
                .filter(row -> !row.strategy().equals(AllocatorBenchmark.MALLOC) && !row.notRecounted())
                .map(row -> {
                    long counted = LruFaultCount.count(row.strategy(), row.sizes().setupBlockSize(),
                            OperationTable.of(LIVE, row.sizes()), LruFaultCount.frames(LIVE, row.sizes()));
                    String stated = row.faults().replace(",", "");
                    return stated.equals(Long.toString(counted)) ? null
                            : row.strategy() + " " + row.sizes() + ": " + PAGE + " " + row.faults() + ", counted "
                            + counted;
                })
                .filter(line -> line != null).toList();
        assertThat(wrong).isEmpty();
        assertThat(rows).filteredOn(row -> row.strategy().equals(AllocatorBenchmark.MALLOC))
                .allMatch(row -> row.faults().equals("—"));
    }

    /** The rows of each table whose header names its block sizes ("fixed 16 B" or "geometric"). */
    private static List<Row> rows(List<String> lines) {
        List<Row> rows = new ArrayList<>();
        BlockSizes sizes = null;
        for (String line : lines) {
            if (line.startsWith("| fixed 16 B") && line.contains("lruFaults")) {
                sizes = new BlockSizes.Fixed(16);
            } else if (line.startsWith("| geometric") && line.contains("lruFaults")) {
                sizes = BlockSizes.Geometric.PURDOM;
            } else if (!line.startsWith("|")) {
                sizes = null;
            } else if (sizes != null) {
                Matcher m = ROW.matcher(line);
                if (m.matches()) {
                    rows.add(new Row(sizes, m.group(1), m.group(2), m.group(3) != null));
                }
            }
        }
        return rows;
    }

    private static Path page() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(PAGE)) && Files.isDirectory(dir.resolve("benchmarks"))) {
                return dir.resolve(PAGE);
            }
        }
        throw new IllegalStateException("no heaplab " + PAGE + " from " + Path.of("").toAbsolutePath() + " up");
    }
}
