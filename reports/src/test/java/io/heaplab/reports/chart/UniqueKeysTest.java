package io.heaplab.reports.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class UniqueKeysTest {

    @Test
    void repeatsAreNumberedAroundNamesAlreadyTaken() {
        assertThat(UniqueKeys.of(List.of("lru", "lru", "lru #2", "fifo", "lru")))
                .containsExactly("lru", "lru #3", "lru #2", "fifo", "lru #4");
    }
}
