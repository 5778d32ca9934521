package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.testing.GoldenFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class RunTableTest {

    @Test
    void matchesTheGoldenFile() {
        StringWriter text = new StringWriter();
        RunTable.print(Samples.runs(), new PrintWriter(text));
        GoldenFile.assertMatches("run-table.txt", text.toString().replace(System.lineSeparator(), "\n"));
    }
}
