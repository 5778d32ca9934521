package io.heaplab.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Choices and ranges: what they admit, what a bad value's message says, and the declarations they refuse. */
class OptionTest {

    private static Plugin plugin(String name, Option... options) {
        return new Plugin() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return "test";
            }

            @Override
            public List<Option> options() {
                return List.of(options);
            }
        };
    }

    private static final Plugin FIRST_FIT = plugin("first-fit",
            Option.choice("order", List.of("address", "lifo"), "address", "the free list's order"));
    private static final Plugin TLSF = plugin("tlsf",
            Option.range("sli", OptionType.POSITIVE_INT, 1, 5, "3", "second-level bits"),
            Option.range("load", OptionType.POSITIVE_DOUBLE, 0.5, 2, "1", "a factor"));

    @Test
    void aChoiceTakesItsWordsAndNothingElse() {
        assertThat(Options.bind(FIRST_FIT, Spec.parse("first-fit")).getString("order")).isEqualTo("address");
        assertThat(Options.bind(FIRST_FIT, Spec.parse("first-fit:order=lifo")).getString("order")).isEqualTo("lifo");
        for (String bad : new String[] {"fifo", "LIFO", "address|lifo"}) {
            assertThatThrownBy(() -> Options.bind(FIRST_FIT, Spec.parse("first-fit:order=" + bad)))
                    .isInstanceOf(SpecException.class)
                    .hasMessage("first-fit: order=" + bad + " (expected: one of address, lifo)");
        }
    }

    @Test
    void anIntegerChoiceReadsAsItsType() {
        Plugin mruff = plugin("mru-ff", Option.choice("steps", OptionType.POSITIVE_INT, List.of(1, 2, 4, 8, 16), "4",
                "classes per doubling"));
        assertThat(Options.bind(mruff, Spec.parse("mru-ff")).getInt("steps")).isEqualTo(4);
        assertThat(Options.bind(mruff, Spec.parse("mru-ff:steps=16")).getInt("steps")).isEqualTo(16);
        assertThatThrownBy(() -> Options.bind(mruff, Spec.parse("mru-ff:steps=3")))
                .isInstanceOf(SpecException.class).hasMessage("mru-ff: steps=3 (expected: one of 1, 2, 4, 8, 16)");
        assertThat(mruff.options().getFirst().allowedValues()).isEqualTo("1|2|4|8|16");
        assertThatThrownBy(() -> Option.choice("s", OptionType.POSITIVE_INT, List.of(0, 1), "1", "d"))
                .hasMessageContaining("expected: words that are each a positive integer");
        assertThatThrownBy(() -> Option.choice("s", OptionType.DOUBLE, List.of(0.5, 1), "1", "d"))
                .hasMessageContaining("expected: type CHOICE or an integer type");
    }

    @Test
    void aRangeTakesItsBoundsAndWhatLiesBetween() {
        assertThat(Options.bind(TLSF, Spec.parse("tlsf")).getInt("sli")).isEqualTo(3);
        assertThat(Options.bind(TLSF, Spec.parse("tlsf:sli=1,load=0.5")).getDouble("load")).isEqualTo(0.5);
        assertThat(Options.bind(TLSF, Spec.parse("tlsf:sli=5,load=2.0")).getInt("sli")).isEqualTo(5);
        assertThatThrownBy(() -> Options.bind(TLSF, Spec.parse("tlsf:sli=9")))
                .isInstanceOf(SpecException.class).hasMessage("tlsf: sli=9 (expected: 1..5)");
        assertThatThrownBy(() -> Options.bind(TLSF, Spec.parse("tlsf:sli=x")))
                .isInstanceOf(SpecException.class).hasMessage("tlsf: sli=x (expected: 1..5)");
        assertThatThrownBy(() -> Options.bind(TLSF, Spec.parse("tlsf:load=2.01")))
                .isInstanceOf(SpecException.class).hasMessage("tlsf: load=2.01 (expected: a number in 0.5..2)");
    }

    @Property(tries = 300)
    void anIntegerRangeAdmitsExactlyItsMembers(@ForAll @IntRange(min = -50, max = 50) int min,
                                               @ForAll @IntRange(min = 0, max = 50) int width,
                                               @ForAll @IntRange(min = -120, max = 120) int value) {
        int max = min + width;
        Plugin p = plugin("p", Option.range("v", OptionType.INT, min, max, String.valueOf(min), "a value"));
        boolean inside = value >= min && value <= max;
        if (inside) {
            assertThat(Options.bind(p, Spec.parse("p:v=" + value)).getInt("v")).isEqualTo(value);
        } else {
            assertThatThrownBy(() -> Options.bind(p, Spec.parse("p:v=" + value)))
                    .isInstanceOf(SpecException.class).hasMessage("p: v=" + value + " (expected: " + min + ".." + max + ")");
        }
    }

    @Test
    void listShowsTheAllowedValues() {
        assertThat(FIRST_FIT.options().getFirst().allowedValues()).isEqualTo("address|lifo");
        assertThat(TLSF.options().get(0).allowedValues()).isEqualTo("1..5");
        assertThat(TLSF.options().get(1).allowedValues()).isEqualTo("0.5..2");
        assertThat(Option.of("n", OptionType.INT, "1", "n").allowedValues()).isNull();
        assertThat(Option.of("n", OptionType.INT, "1", "n").expected()).isEqualTo("an integer");
    }

    @Test
    void aDeclarationThatCannotHoldFailsWhenMade() {
        assertThatThrownBy(() -> Option.choice("order", List.of("address", "lifo"), "fifo", "d"))
                .hasMessage("option order: default 'fifo' (expected: one of address, lifo)");
        assertThatThrownBy(() -> Option.range("sli", OptionType.POSITIVE_INT, 1, 5, "9", "d"))
                .hasMessage("option sli: default '9' (expected: 1..5)");
        assertThatThrownBy(() -> Option.range("sli", OptionType.POSITIVE_INT, 5, 1, "3", "d"))
                .hasMessage("range: 5..1 (expected: min <= max)");
        assertThatThrownBy(() -> Option.range("sli", OptionType.POSITIVE_INT, 0, 5, "3", "d"))
                .hasMessageContaining("expected: bounds that are each a positive integer");
        assertThatThrownBy(() -> Option.range("sli", OptionType.INT, 0.5, 5, "3", "d"))
                .hasMessageContaining("expected: bounds that are each an integer");
        assertThatThrownBy(() -> Option.range("s", OptionType.STRING, 0, 5, "3", "d"))
                .hasMessageContaining("expected: a numeric type");
        assertThatThrownBy(() -> Option.choice("o", List.of(), "a", "d")).hasMessageContaining("no words");
        assertThatThrownBy(() -> Option.choice("o", List.of("a", "a"), "a", "d")).hasMessageContaining("twice");
        assertThatThrownBy(() -> Option.choice("o", List.of("a|b"), "a|b", "d")).hasMessageContaining("word 'a|b'");
        assertThatThrownBy(() -> Option.of("o", OptionType.CHOICE, "a", "d")).hasMessageContaining("without words");
    }
}
