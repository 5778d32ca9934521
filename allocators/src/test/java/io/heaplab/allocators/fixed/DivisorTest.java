package io.heaplab.allocators.fixed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class DivisorTest {

    @Property(tries = 5000)
    void dividesEveryDividendAsTheHardwareDoes(@ForAll @IntRange(min = 1) int d, @ForAll @IntRange int n) {
        Divisor divisor = new Divisor(d);
        assertThat(divisor.divide(n)).isEqualTo(n / d);
        assertThat(divisor.divide(Integer.MAX_VALUE)).isEqualTo(Integer.MAX_VALUE / d);
        assertThat(divisor.divide(d - 1)).isZero();
        assertThat(divisor.divide(d)).isEqualTo(1);
    }

    @Property(tries = 1000)
    void aLongDividendPastTheIntsIsDividedToo(@ForAll @IntRange(min = 1, max = 1 << 20) int d,
                                               @ForAll @LongRange(min = 0) long n) {
        assertThat(new Divisor(d).divide(n)).isEqualTo(n / d);
    }

    @Test
    void theDivisorsOfThePagesWeUse() {
        for (int d : new int[] {1, 2, 3, 5, 7, 25, 32, 33, 200, 511, 512, 4096, 65535, Integer.MAX_VALUE}) {
            Divisor divisor = new Divisor(d);
            for (int n : new int[] {0, 1, d - 1, d, d + 1, 3 * d - 1, Integer.MAX_VALUE - 1, Integer.MAX_VALUE}) {
                if (n >= 0) {
                    assertThat(divisor.divide(n)).as("%d / %d", n, d).isEqualTo(n / d);
                }
            }
        }
        assertThatThrownBy(() -> new Divisor(0)).hasMessage("divisor: 0 (expected: > 0)");
    }
}
