package io.heaplab.studies.brent;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.RunResult;
import io.heaplab.studies.Outcome;
import io.heaplab.studies.kit.Arguments;
import io.heaplab.studies.kit.Seeds;
import io.heaplab.studies.kit.Settings;
import io.heaplab.studies.kit.TabulatedOutcome;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Table 3.1 counted both ways: with every fault, as the other tables, and without each page's first touch, which
 * faults under any policy and which Brent may not have counted.
 */
class BrentFirstTouchTest {

    @Test
    void withoutFirstTouchesEachRunLosesExactlyItsVirtualSizeAndAMemoryThatHoldsEveryPageFaultsNoMore() {
        BrentStudy study = new BrentStudy();
        Outcome outcome = study.prepare(new Settings(new Seeds(1, 2), 2), Arguments.of(study.parameters(),
                Map.of("tridiag-n", "12", "pqsim-seconds", "20", "strategies", "stack,random,nofree")))
                .run(Plugins.load(), () -> { });
        BrentExperiment.Results brent = (BrentExperiment.Results) ((TabulatedOutcome<?>) outcome).results();
        for (BrentExperiment.TableResult table : brent.tables()) {
            for (BrentExperiment.Row row : table.rows()) {
                if (table.table() != BrentExperiment.Table.TRIDIAG) {
                    assertThat(row.beyondFirstTouch()).isEmpty(); // measured after a warm-up: first touches unknown
                    continue;
                }
                for (int f : table.frames()) {
                    double expected = row.runs().stream().mapToDouble(r -> r.curve("lru:frames=all").faultsAt(f)
                            - r.pagesTouched()).average().orElseThrow();
                    assertThat(row.beyondFirstTouch().get(f).mean()).isEqualTo(expected);
                    assertThat(row.beyondFirstTouch().get(f).mean()).isNotNegative();
                }
                for (RunResult run : row.runs()) {
                    // with a frame for every page, every fault is a first touch
                    assertThat(run.curve("lru:frames=all").faultsAt((int) run.pagesTouched()))
                            .isEqualTo(run.pagesTouched());
                }
                assertThat(row.normalizedBeyondFirstTouch()).containsOnlyKeys(table.frames());
            }
        }
        StringWriter text = new StringWriter();
        outcome.print(new PrintWriter(text));
        assertThat(text.toString()).contains("Table 3.1 without first-touch faults");
        assertThat(new String(outcome.json())).contains("\"faultsBeyondFirstTouch\"");
    }
}
