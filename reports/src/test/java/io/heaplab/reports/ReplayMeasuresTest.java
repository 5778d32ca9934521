package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.testing.GoldenFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A replay after a warm-up, of a sized trace, with its miss ratio in windows: files and text. */
class ReplayMeasuresTest {

    @Test
    void csvHasTheWarmupAndTheBytesAndMatchesTheGoldenFile() {
        byte[] csv = TidyCsv.toCsv(Samples.warmedStream(), Samples.sizedReplay());
        GoldenFile.assertMatches("replay-measures.csv", csv);
        assertThat(new String(csv, StandardCharsets.UTF_8).lines()).contains(
                // 2 faults in the 5 references after the warm-up; 200 of 800 bytes missed
                "\"w.oracleGeneral\",,,,0,10,5,5,4,,,,,,,,,,\"fifo:frames=2\",frames,2,2,0.4,0,,2.5,800,200,0.25",
                // a curve has no bytes
                "\"w.oracleGeneral\",,,,0,10,5,5,4,,,,,,,,,,\"lru:frames=all\",frames,4,1,0.2,0,2.8,5.0,,,");
    }

    @Test
    void jsonHasTheWarmupAndTheWindowsAndMatchesTheGoldenFile() throws java.io.IOException {
        var tree = ReplayResults.toTree(Samples.warmedStream(), Samples.sizedReplay(), Samples.windows());
        GoldenFile.assertMatches("replay-measures.json", MachineIndependent.text(JsonResults.render(tree)));
        assertThat(tree.get("warmup").asLong()).isEqualTo(5);
        assertThat(tree.get("windows").get("missRatio").get("fifo:frames=2").toString()).isEqualTo("[0.75,0.25,0.5]");
        assertThat(tree.get("pagingMeasures").get("fifo:frames=2").get("byteMissRatio").asDouble()).isEqualTo(0.25);
    }

    @Test
    void textSaysTheWarmupTheByteMissRatioAndTheWindows() {
        StringWriter text = new StringWriter();
        ReplayTable.print(Samples.warmedStream(), Samples.sizedReplay(), Samples.windows(), new PrintWriter(text));
        assertThat(text.toString().lines()).containsExactly(
                "trace w.oracleGeneral, format oracle-general, page size not given: 10 references in 10 reference "
                        + "runs to 4 pages, measured after a warm-up of 5 references",
                "policy          faults  missRatio  byteMissRatio      measures",
                "fifo:frames=2        2    0.40000        0.25000  writeBacks 0",
                "lru:frames=all   curve          -              -      4 points",
                "lru:frames=all: faults by frames 1:5 2:2 4:1",
                "no byte miss ratio for lru:frames=all: curves and OPT count their faults only at the end",
                "miss ratio over time: 3 windows of 4 references (the last shorter), in the result file; not for "
                        + "lru:frames=all, which count their faults only at the end");
    }
}
