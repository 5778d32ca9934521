package io.heaplab.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.SpecException;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class SizesTest {

    private static final String RANGES = "a size: a whole number, a list a,b,c, a range 16..1024*2 or 100..1000/100";

    @Test
    void everyFormReadsToWholeSizesInTheOrderWrittenEachOnce() {
        assertThat(Sizes.parse("frames", "64", Sizes.Forms.FRAMES).resolve(-1)).containsExactly(64L);
        assertThat(Sizes.parse("frames", "16.0", Sizes.Forms.FRAMES).resolve(-1)).containsExactly(16L);
        assertThat(Sizes.parse("frames", "50,25,50,1e2", Sizes.Forms.FRAMES).resolve(-1))
                .containsExactly(50L, 25L, 100L);
        assertThat(Sizes.parse("frames", "1..4", Sizes.Forms.FRAMES).resolve(-1)).containsExactly(1L, 2L, 3L, 4L);
        assertThat(Sizes.parse("frames", "100..350/100", Sizes.Forms.FRAMES).resolve(-1))
                .containsExactly(100L, 200L, 300L);
        assertThat(Sizes.parse("frames", "16..1024*2", Sizes.Forms.FRAMES).resolve(-1))
                .containsExactly(16L, 32L, 64L, 128L, 256L, 512L, 1024L);
        // a factor's points are exact decimals, each rounded half up to a whole size: 121.5 is 122
        assertThat(Sizes.parse("frames", "16..200*1.5", Sizes.Forms.FRAMES).resolve(-1))
                .containsExactly(16L, 24L, 36L, 54L, 81L, 122L, 182L);
    }

    @Test
    void percentagesAreOfTheFootprintAtLeastOneFrameAndKeptAsTextForAStreamNotYetRun() {
        Sizes sizes = Sizes.parse("frames", "10%..100%/10", Sizes.Forms.FRAMES);
        assertThat(sizes.needsFootprint()).isTrue();
        assertThat(sizes.texts()).containsExactly("10%", "20%", "30%", "40%", "50%", "60%", "70%", "80%", "90%",
                "100%");
        assertThat(sizes.resolve(35)).containsExactly(4L, 7L, 11L, 14L, 18L, 21L, 25L, 28L, 32L, 35L);
        assertThat(Sizes.parse("frames", "12.50%,1%", Sizes.Forms.FRAMES).texts()).containsExactly("12.5%", "1%");
        assertThat(Sizes.parse("frames", "1%", Sizes.Forms.FRAMES).resolve(7)).containsExactly(1L);
        assertThat(Sizes.parse("frames", "50%", Sizes.Forms.FRAMES).resolve(7)).containsExactly(4L);
        assertThat(Sizes.ofFootprint(new BigDecimal("100"), Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void allIsAWholeCurveWhereTheConsumerTakesOne() {
        assertThat(Sizes.parse("frames", "all", Sizes.Forms.FRAMES).isAll()).isTrue();
        assertThat(Sizes.parse("frames", "16", Sizes.Forms.FRAMES).isAll()).isFalse();
        assertThatThrownBy(() -> Sizes.parse("frames", "all", Sizes.Forms.FRAMES.withoutAll()))
                .isInstanceOf(SpecException.class).hasMessage("frames=all (expected: " + RANGES
                        + ", or a percentage 10% or 10%..100%/10)");
        assertThatThrownBy(() -> Sizes.parse("frames", "all,16", Sizes.Forms.FRAMES))
                .hasMessage("frames=all (expected: " + RANGES + ", a percentage 10% or 10%..100%/10, or all)");
    }

    @Test
    void aMalformedSizeListsEveryFormItsConsumerTakes() {
        assertThatThrownBy(() -> Sizes.parse("frames", "4..64x2", Sizes.Forms.FRAMES))
                .hasMessage("frames=4..64x2 (expected: " + RANGES + ", a percentage 10% or 10%..100%/10, or all)");
        assertThatThrownBy(() -> Sizes.parse("frames", "4..64x2", Sizes.Forms.FRAMES.withoutAll()))
                .hasMessage("frames=4..64x2 (expected: " + RANGES + ", or a percentage 10% or 10%..100%/10)");
        assertThatThrownBy(() -> Sizes.parse("theta", "1000..", Sizes.Forms.WINDOW))
                .hasMessage("theta=1000.. (expected: " + RANGES + ", or all; a percentage is of pages, for frames"
                        + " only)");
        Sizes.Forms thousands = new Sizes.Forms(false, false, "");
        assertThatThrownBy(() -> Sizes.parse("thetas", "50,,100", thousands))
                .hasMessage("thetas=50,,100 (expected: " + RANGES.replace(", a range", ", or a range") + ")");
        assertThatThrownBy(() -> Sizes.parse("theta", "10%", Sizes.Forms.WINDOW))
                .hasMessage("theta=10% (expected: " + RANGES + ", or all; a percentage is of pages, for frames"
                        + " only)");
    }

    @Test
    void aWellFormedSizeWithAWrongValueSaysWhatIsWrong() {
        assertThatThrownBy(() -> Sizes.parse("frames", "9..3", Sizes.Forms.FRAMES))
                .hasMessage("frames=9..3 (expected: a range FIRST..LAST with FIRST <= LAST)");
        assertThatThrownBy(() -> Sizes.parse("frames", "1..9/0", Sizes.Forms.FRAMES))
                .hasMessage("frames=1..9/0 (expected: a positive step after '/')");
        assertThatThrownBy(() -> Sizes.parse("frames", "0..9*2", Sizes.Forms.FRAMES))
                .hasMessage("frames=0..9*2 (expected: a factor above 1 after '*', from a first value above 0)");
        assertThatThrownBy(() -> Sizes.parse("frames", "10..100%", Sizes.Forms.FRAMES))
                .hasMessage("frames=10..100% (expected: both ends of a range in frames, or both percentages)");
        assertThatThrownBy(() -> Sizes.parse("frames", "0%", Sizes.Forms.FRAMES))
                .hasMessage("frames=0% (expected: a percentage above 0)");
        assertThatThrownBy(() -> Sizes.parse("frames", "2.5", Sizes.Forms.FRAMES))
                .hasMessage("frames=2.5 (expected: a whole number of frames or references, or a range of them such"
                        + " as 16..1024*1.5 whose points are rounded)");
        assertThatThrownBy(() -> Sizes.parse("frames", "1..100000", Sizes.Forms.FRAMES))
                .hasMessage("option 'frames' names more than 10000 sizes (expected: a coarser step)");
    }

    @Test
    void rangesOfOtherNumbersWalkInExactDecimal() {
        assertThat(Ranges.expand("0..1/0.1", 100)).containsExactly("0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6",
                "0.7", "0.8", "0.9", "1");
        assertThat(Ranges.expand("0.5..2*2", 100)).containsExactly("0.5", "1", "2");
        assertThat(Ranges.expand("../traces/x.hmt", 100)).containsExactly("../traces/x.hmt");
        assertThat(Ranges.list("0.25,1..2/0.5,0.25", 100)).containsExactly("0.25", "1", "1.5", "2");
        assertThatThrownBy(() -> Ranges.expand("1..1000", 10)).isInstanceOf(SpecException.class)
                .hasMessage("range 1..1000 (expected: at most 10 values: a coarser step)");
        assertThatThrownBy(() -> Ranges.list("1,x", 10)).isInstanceOf(Ranges.Refused.class)
                .hasMessage("numbers: a number, a list a,b,c, or a range 1..10, 0..1/0.1 or 16..1024*2");
        // a factor a hair above 1 keeps each point to 34 digits, so its walk ends at the bound, quickly
        assertThatThrownBy(() -> Ranges.walk(BigDecimal.ONE, BigDecimal.TWO, Ranges.By.FACTOR,
                new BigDecimal("1.0000000000000000000001"), 10_000)).isInstanceOf(Ranges.Refused.class);
        assertThat(Ranges.walk(BigDecimal.ONE, BigDecimal.TEN, Ranges.By.ONES, null, 100)).hasSize(10);
    }
}
