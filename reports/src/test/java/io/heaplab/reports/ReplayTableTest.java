package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ReplayTableTest {

    @Test
    void printsTheStreamARowPerPolicyAndEachCurveAtDoublingSizes() {
        StringWriter text = new StringWriter();
        ReplayTable.print(Samples.stream(), Samples.replayed(), new PrintWriter(text));
        assertThat(text.toString().lines()).containsExactly(
                "trace ls.lackey, format lackey, page size 4096: 40 references in 31 reference runs to 3 pages, measured from 4",
                "policy          faults  missRatio      measures",
                "lru:frames=all   curve          -      3 points",
                "ws:theta=all     curve          -      3 points",
                "fifo:frames=2        7    0.19444  writeBacks 2",
                "lru:frames=all: faults by frames 1:12 2:5 3:0",
                "ws:theta=all: faults by window 1:20 2:9 136:3");
    }
}
