package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class RunTableTest {

    @Test
    void matchesTheGoldenFile() throws IOException {
        StringWriter text = new StringWriter();
        RunTable.print(Samples.runs(), new PrintWriter(text));
        Golden.assertGolden(text.toString().replace(System.lineSeparator(), "\n"), "golden/run-table.txt");
    }
}
