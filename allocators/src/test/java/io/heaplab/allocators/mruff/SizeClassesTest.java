package io.heaplab.allocators.mruff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.SpecException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class SizeClassesTest {

    @Test
    void theDefaultClassesAreFourToADoubling() {
        SizeClasses classes = new SizeClasses("mru-ff", 512, 4);
        List<Integer> sizes = new ArrayList<>();
        for (int k = 0; k < classes.count(); k++) {
            sizes.add(classes.size(k));
        }
        assertThat(sizes).containsExactly(8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256);
        assertThat(classes.limit()).isEqualTo(256);
        assertThat(classes.blocksPerPage(0)).isEqualTo(64);
        assertThat(classes.blocksPerPage(classes.indexOf(20))).isEqualTo(21); // PQSIM's 20-byte records, in 24
        assertThat(classes.blocksPerPage(classes.count() - 1)).isEqualTo(2);
    }

    @ParameterizedTest(name = "p={0} steps={1}")
    @CsvSource({"64,1", "64,4", "64,16", "512,1", "512,2", "512,4", "4096,4", "4096,8", "4096,16", "65536,16"})
    void everyRequestGetsTheSmallestClassThatHoldsIt(int pageSize, int steps) {
        SizeClasses classes = new SizeClasses("mru-ff", pageSize, steps);
        assertThat(classes.size(classes.count() - 1)).isEqualTo(pageSize / 2);
        for (int k = 0; k < classes.count(); k++) {
            assertThat(classes.size(k) % 8).isZero();
            if (k > 0) {
                assertThat(classes.size(k)).isGreaterThan(classes.size(k - 1));
            }
        }
        for (int size = 1; size <= classes.limit(); size++) {
            int k = classes.indexOf(size);
            assertThat(k).as("class of %d", size).isBetween(0, classes.count() - 1);
            assertThat(classes.size(k)).as("class of %d", size).isGreaterThanOrEqualTo(size);
            if (k > 0) {
                assertThat(classes.size(k - 1)).as("class below that of %d", size).isLessThan(size);
            }
            if (size > 8 * steps) {
                // rounding wastes less than 1/steps of the request
                assertThat((long) (classes.size(k) - size) * steps).as("waste for %d", size).isLessThan(size);
            } else {
                assertThat(classes.size(k) - size).isLessThan(8);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 3, 5, 32, -4})
    void stepsThatAreNotAPowerOfTwoUpTo16FailAsASpec(int steps) {
        assertThatThrownBy(() -> new SizeClasses("mru-ff", 4096, steps))
                .isInstanceOf(SpecException.class)
                .hasMessage("mru-ff: steps=" + steps + " (expected: 1, 2, 4, 8 or 16 size classes per doubling of"
                        + " the block size)");
    }
}
