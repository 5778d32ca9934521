package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTest {

    @Test
    void namesAlignLeftAndNumbersRightUnderEveryHeaderLine() {
        StringWriter text = new StringWriter();
        new TextTable().header(List.of("", "faults", ""))
                .header(List.of("strategy", "paper", "measured"))
                .row(List.of("STACK", "3469580", "12"))
                .row(List.of("MRU", "1", "160555"))
                .print(new PrintWriter(text, true));
        assertThat(text.toString().lines()).containsExactly(
                "           faults",
                "strategy    paper  measured",
                "STACK     3469580        12",
                "MRU             1    160555");
    }
}
