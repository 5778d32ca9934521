package io.heaplab.studies.kit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class SeedsTest {

    @Property
    void theSeedsAreCountConsecutiveNumbersFromTheFirst(@ForAll @LongRange(min = -1000, max = 1000) long first,
                                                          @ForAll @IntRange(min = 1, max = 50) int count) {
        List<Long> seeds = new Seeds(first, count).list();
        assertThat(seeds).hasSize(count).doesNotHaveDuplicates();
        for (int i = 0; i < count; i++) {
            assertThat(seeds.get(i)).isEqualTo(first + i);
        }
    }

    @Test
    void describesOneSeedOrTheRangeOfSeveral() {
        assertThat(new Seeds(7, 1).describe()).isEqualTo("seed 7");
        assertThat(new Seeds(1, 3).describe()).isEqualTo("3 seeds 1..3, measured as mean ± sd");
    }

    @Test
    void noSeedAndNoThreadAreParameterErrorsNamingTheParameter() {
        assertThatThrownBy(() -> new Seeds(1, 0)).isInstanceOf(ParameterException.class)
                .hasMessage("seeds 0 (expected: 1 to 1000000)");
        assertThatThrownBy(() -> new Seeds(1, Integer.MAX_VALUE)).isInstanceOf(ParameterException.class)
                .hasMessage("seeds 2147483647 (expected: 1 to 1000000)");
        assertThat(new Seeds(1, Seeds.MAX_COUNT).count()).isEqualTo(1_000_000);
        assertThatThrownBy(() -> new Settings(new Seeds(1, 1), 0)).isInstanceOf(ParameterException.class)
                .satisfies(e -> assertThat(((ParameterException) e).parameter()).isEqualTo("threads"));
    }
}
