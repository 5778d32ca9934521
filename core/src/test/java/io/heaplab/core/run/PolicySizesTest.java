package io.heaplab.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class PolicySizesTest {

    private static final String FORMS = "a size: a whole number, a list a,b,c, a range 16..1024*2 or 100..1000/100,"
            + " a percentage 10% or 10%..100%/10, or all";

    private static List<String> expand(String spec, long footprint) {
        return PolicySizes.expand(List.of(Spec.parse(spec)), footprint).stream().map(Spec::toString).toList();
    }

    @Test
    void aListGivesOneSpecPerSizeInTheOrderWritten() {
        assertThat(Spec.parse("lru:frames=25,50,100").options()).containsEntry("frames", "25,50,100");
        assertThat(expand("lru:frames=100,25,50,25", -1))
                .containsExactly("lru:frames=100", "lru:frames=25", "lru:frames=50");
    }

    @Test
    void rangesStepAddOrMultiplyAndIncludeTheirLastSizeWhenReached() {
        assertThat(expand("fifo:frames=100..400/100", -1))
                .containsExactly("fifo:frames=100", "fifo:frames=200", "fifo:frames=300", "fifo:frames=400");
        assertThat(expand("lru:frames=16..100*2", -1))
                .containsExactly("lru:frames=16", "lru:frames=32", "lru:frames=64");
        assertThat(expand("lru:frames=1..3", -1)).containsExactly("lru:frames=1", "lru:frames=2", "lru:frames=3");
        assertThat(expand("lru:frames=5,10..20/10,40", -1))
                .containsExactly("lru:frames=5", "lru:frames=10", "lru:frames=20", "lru:frames=40");
    }

    @Test
    void percentagesAreFractionsOfThePagesTouched() {
        assertThat(expand("arc:frames=10%..100%/10", 200)).containsExactly("arc:frames=20", "arc:frames=40",
                "arc:frames=60", "arc:frames=80", "arc:frames=100", "arc:frames=120", "arc:frames=140",
                "arc:frames=160", "arc:frames=180", "arc:frames=200");
        assertThat(expand("lru:frames=50%", 7)).containsExactly("lru:frames=4");
        assertThat(expand("lru:frames=1%", 7)).containsExactly("lru:frames=1");
        assertThat(PolicySizes.needsFootprint(List.of(Spec.parse("lru:frames=50%")))).isTrue();
        assertThat(PolicySizes.needsFootprint(List.of(Spec.parse("lru:frames=5,6")))).isFalse();
    }

    @Test
    void severalListedOptionsMultiplyAndPlainSpecsPassThrough() {
        assertThat(expand("wsclock:frames=10,20,theta=100,200", -1)).containsExactly(
                "wsclock:frames=10,theta=100", "wsclock:frames=10,theta=200",
                "wsclock:frames=20,theta=100", "wsclock:frames=20,theta=200");
        assertThat(expand("lru:frames=all", -1)).containsExactly("lru:frames=all");
        assertThat(PolicySizes.expands(List.of(Spec.parse("lru:frames=all")))).isFalse();
    }

    @Test
    void framesAndThetaAreSizesEvenAloneAndOtherOptionsListExactNumbers() {
        assertThat(expand("lru:frames=16.0", -1)).containsExactly("lru:frames=16");
        assertThat(expand("ws:theta=1e3", -1)).containsExactly("ws:theta=1000");
        assertThatThrownBy(() -> expand("lru:frames=ten", -1))
                .hasMessage("lru: frames=ten (expected: " + FORMS + ")");
        assertThat(expand("arc:correlation=0..1/0.25", -1)).containsExactly("arc:correlation=0",
                "arc:correlation=0.25", "arc:correlation=0.5", "arc:correlation=0.75", "arc:correlation=1");
        assertThat(expand("arc:correlation=ten", -1)).containsExactly("arc:correlation=ten");
        assertThatThrownBy(() -> expand("arc:correlation=1,ten", -1)).hasMessage("arc: correlation=1,ten (expected:"
                + " numbers: a number, a list a,b,c, or a range 1..10, 0..1/0.1 or 16..1024*2)");
    }

    @Test
    void malformedListsFailNamingTheOptionAndWhatWasExpected() {
        assertThatThrownBy(() -> expand("lru:frames=10%", -1)).isInstanceOf(SpecException.class)
                .hasMessage("lru: frames=10% (expected: a number of frames: the pages touched are not known here)");
        assertThatThrownBy(() -> expand("ws:theta=10%,20%", 100))
                .hasMessage("ws: theta=10% (expected: a size: a whole number, a list a,b,c, a range 16..1024*2 or"
                        + " 100..1000/100, or all; a percentage is of pages, for frames only)");
        assertThatThrownBy(() -> expand("lru:frames=9..3", -1))
                .hasMessage("lru: frames=9..3 (expected: a range FIRST..LAST with FIRST <= LAST)");
        assertThatThrownBy(() -> expand("lru:frames=1..9/0", -1))
                .hasMessage("lru: frames=1..9/0 (expected: a positive step after '/')");
        assertThatThrownBy(() -> expand("lru:frames=1..9*1", -1))
                .hasMessage("lru: frames=1..9*1 (expected: a factor above 1 after '*', from a first value above 0)");
        assertThatThrownBy(() -> expand("lru:frames=5,ten", -1)).hasMessage("lru: frames=ten (expected: " + FORMS + ")");
        assertThatThrownBy(() -> expand("lru:frames=4..64x2", -1))
                .hasMessage("lru: frames=4..64x2 (expected: " + FORMS + ")");
        assertThatThrownBy(() -> expand("lru:frames=10..100%", 50))
                .hasMessage("lru: frames=10..100% (expected: both ends of a range in frames, or both percentages)");
        assertThatThrownBy(() -> expand("lru:frames=1..1000000", -1))
                .hasMessage("lru: option 'frames' names more than 10000 sizes (expected: a coarser step)");
    }

    /**
     * Found by fuzzing: a range whose points all round to a few sizes walked on forever (only distinct sizes were
     * counted), and listed options multiplied without a bound.
     */
    @Test
    void aRangeWalksAtMostMaxSizesPointsAndListedOptionsMakeAtMostMaxSizesPolicies() {
        for (String endless : new String[] {"lru:frames=9223372036854700000..9223372036854775000", "lru:frames=1..2*1.0000000000000002",
            "lru:frames=1..2/1e-300", "lru:frames=1%..2%/1e-300"}) {
            assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThatThrownBy(() -> expand(endless, 100))
                    .as(endless).isInstanceOf(SpecException.class)
                    .hasMessage("lru: option 'frames' names more than 10000 sizes (expected: a coarser step)"));
        }
        assertThat(expand("lru:frames=1..10/0.001", -1)).hasSize(10);
        assertThatThrownBy(() -> expand("wsclock:frames=1..200,theta=1..100", -1)).isInstanceOf(SpecException.class)
                .hasMessage("wsclock: its listed options name more than 10000 policies together (expected: fewer sizes)");
        assertThat(expand("wsclock:frames=1..100,theta=1..100", -1)).hasSize(10_000);
    }

    /** Found by fuzzing: these ranges expanded to no size at all, so their policy vanished without a word. */
    @Test
    void aRangeOfNegativeOrNonFiniteEndsFailsInsteadOfNamingNoSize() {
        assertThatThrownBy(() -> expand("lru:frames=-2..-2", -1)).isInstanceOf(SpecException.class)
                .hasMessage("lru: frames=-2..-2 (expected: a size of 0 or more)");
        assertThatThrownBy(() -> expand("lru:frames=NaN..5", -1)).isInstanceOf(SpecException.class)
                .hasMessage("lru: frames=NaN..5 (expected: " + FORMS + ")");
        assertThatThrownBy(() -> expand("lru:frames=1..Infinity/2", -1)).isInstanceOf(SpecException.class)
                .hasMessage("lru: frames=1..Infinity/2 (expected: " + FORMS + ")");
        assertThatThrownBy(() -> expand("lru:frames=1..8*NaN", -1)).isInstanceOf(SpecException.class)
                .hasMessage("lru: frames=1..8*NaN (expected: " + FORMS + ")");
        assertThatThrownBy(() -> expand("lru:frames=9223372036854775806..1e308", -1))
                .hasMessage("lru: frames=9223372036854775806..1e308 (expected: a size of at most 9223372036854775807)");
        assertThat(expand("lru:frames=0..0", -1)).containsExactly("lru:frames=0");
    }

    @Property(tries = 200)
    void aSteppedRangeHoldsEverySizeFromFirstByStepUpToLast(@ForAll @IntRange(min = 1, max = 500) int first,
            @ForAll @IntRange(min = 0, max = 500) int span, @ForAll @IntRange(min = 1, max = 50) int step) {
        List<String> sizes = expand("lru:frames=" + first + ".." + (first + span) + "/" + step, -1);
        assertThat(sizes).hasSize(span / step + 1);
        for (int i = 0; i < sizes.size(); i++) {
            assertThat(sizes.get(i)).isEqualTo("lru:frames=" + (first + i * step));
        }
    }
}
