package io.heaplab.studies.brent;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BrentPaperTest {

    @Test
    void onlyNofreeOnPqsimIsMarkedAsBrentsEstimate() {
        BrentPaper paper = BrentPaper.load();
        assertThat(paper.row("3.2", "nofree").estimated()).isTrue();
        assertThat(paper.row("3.3", "nofree").estimated()).isTrue();
        assertThat(paper.row("3.1", "nofree").estimated()).isFalse();
        for (String strategy : new String[] {"stack", "random", "mru"}) {
            for (String table : new String[] {"3.1", "3.2", "3.3"}) {
                assertThat(paper.row(table, strategy).estimated()).as("%s in %s", strategy, table).isFalse();
            }
        }
    }
}
