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
 * Table 3.1 counted three ways: with every fault, as the other tables; without each page's first touch, which
 * faults under any policy and which Brent may not have counted; and with the strategies' disposal references paged.
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
                    assertThat(row.beyondFirstTouch().isEmpty()).isTrue(); // measured after a warm-up: unknown
                    assertThat(row.disposePaged().isEmpty()).isTrue();
                    continue;
                }
                for (int f : table.frames()) {
                    double expected = row.runs().stream().mapToDouble(r -> r.curve("lru:frames=all").faultsAt(f)
                            - r.pagesTouched()).average().orElseThrow();
                    assertThat(row.beyondFirstTouch().faults().get(f).mean()).isEqualTo(expected);
                    assertThat(row.beyondFirstTouch().faults().get(f).mean()).isNotNegative();
                }
                for (RunResult run : row.runs()) {
                    // with a frame for every page, every fault is a first touch
                    assertThat(run.curve("lru:frames=all").faultsAt((int) run.pagesTouched()))
                            .isEqualTo(run.pagesTouched());
                }
                assertThat(row.beyondFirstTouch().normalized()).containsOnlyKeys(table.frames());
                assertThat(row.disposePaged().normalized()).containsOnlyKeys(table.frames());
                if (row.strategy().equals("nofree")) {
                    // NOFREE's disposal makes no reference: paging it changes nothing
                    assertThat(row.disposePaged().faults()).isEqualTo(row.faults());
                }
            }
        }
        StringWriter text = new StringWriter();
        outcome.print(new PrintWriter(text));
        assertThat(text.toString()).contains("Table 3.1 without first-touch faults")
                .contains("Table 3.1 with the strategies' own references made while disposing a block paged too");
        assertThat(new String(outcome.json())).contains("\"faultsBeyondFirstTouch\"").contains("\"faultsDisposePaged\"");
    }
}
