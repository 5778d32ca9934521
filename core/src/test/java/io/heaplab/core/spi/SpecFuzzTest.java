package io.heaplab.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.fuzz.Attempt;
import io.heaplab.core.fuzz.FuzzBudget;
import java.util.List;
import java.util.concurrent.Callable;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/**
 * Spec and option parsing fed what a user might type ({@link SpecTexts}): a spec parses, or fails with a
 * {@link SpecException}; its options bind against a plugin that declares every kind of option the real ones do, or
 * fail with one; never another exception. A message holds no control character the input did not (a user's newline
 * is the command line's to escape), and a spec that parses is given back by its canonical text.
 */
@Tag("fuzz")
@AddLifecycleHook(FuzzBudget.class)
class SpecFuzzTest {

    /** Every type, and every kind of narrowing, that heaplab's allocators, policies and workloads declare. */
    static final Plugin EVERY_KIND = new Plugin() {
        @Override
        public String name() {
            return "every-kind";
        }

        @Override
        public String description() {
            return "an option of each type, choice and range the built-in plugins use";
        }

        @Override
        public List<Option> options() {
            return List.of(
                    Option.required("frames", OptionType.POSITIVE_INT_OR_ALL, "frames of memory"),
                    Option.of("theta", OptionType.POSITIVE_LONG_OR_ALL, "1000", "a window"),
                    Option.of("live", OptionType.POSITIVE_INT, "64", "live blocks"),
                    Option.of("steps", OptionType.POSITIVE_LONG, "1000", "steps"),
                    Option.of("seed", OptionType.NON_NEGATIVE_LONG, "0", "a seed"),
                    Option.of("skew", OptionType.INT, "-1", "any integer"),
                    Option.of("rate", OptionType.DOUBLE, "0.5", "any number"),
                    Option.of("mean", OptionType.POSITIVE_DOUBLE, "1.5", "a positive number"),
                    Option.of("verbose", OptionType.BOOLEAN, "false", "chatty"),
                    Option.of("label", OptionType.STRING, "x", "a name"),
                    Option.choice("order", List.of("address", "lifo"), "address", "a word"),
                    Option.choice("classes", OptionType.POSITIVE_INT, List.of(1, 2, 4, 8, 16), "4", "an int word"),
                    Option.range("sli", OptionType.POSITIVE_INT, 1, 5, "3", "an int range"),
                    Option.range("load", OptionType.POSITIVE_DOUBLE, 0.5, 2, "1", "a number range"));
        }
    };

    private static final List<String> NAMES = List.of("every-kind", "lru", "wsclock", "random-blocks", "mru-ff");
    private static final List<String> KEYS = EVERY_KIND.options().stream().map(Option::name).toList();

    @Provide
    Arbitrary<String> specs() {
        return SpecTexts.specs(NAMES, KEYS);
    }

    /** A spec parses and its canonical text parses back to it, or it fails with a SpecException. */
    @Property(tries = 2000, seed = "20250605")
    void aSpecParsesAndIsGivenBackByItsTextOrFailsWithASpecException(@ForAll("specs") String text) {
        Spec[] parsed = new Spec[1];
        assertSpecExceptionOrNothing(text, thrown(() -> parsed[0] = Spec.parse(text)));
        if (parsed[0] != null) {
            String canonical = parsed[0].toString();
            // outside the guard: here a SpecException is a failure, not an answer
            assertThat(thrown(() -> assertThat(Spec.parse(canonical)).isEqualTo(parsed[0])))
                    .as("'%s' parses to the spec written '%s', which must parse back to it", text, canonical).isNull();
        }
    }

    /** A list of specs splits into specs, or fails with a SpecException. */
    @Property(tries = 500, seed = "20250606")
    void aListOfSpecsSplitsOrFailsWithASpecException(@ForAll("specs") String first, @ForAll("specs") String second) {
        String text = first + "," + second;
        assertSpecExceptionOrNothing(text, thrown(() -> Spec.parseList(text)));
    }

    /**
     * A spec's options bind to values of their declared types, each read back by its getter, or the spec fails with a
     * SpecException.
     */
    @Property(tries = 2000, seed = "20250607")
    void optionsBindToTheirTypesOrFailWithASpecException(@ForAll("specs") String text) {
        Throwable thrown = thrown(() -> {
            Options options = Options.bind(EVERY_KIND, Spec.parse(text));
            // every getter a provider calls for its option's type answers
            assertThat(options.isAll("frames") || options.getInt("frames") > 0).isTrue();
            assertThat(options.isAll("theta") || options.getLong("theta") > 0).isTrue();
            assertThat(options.getInt("live")).isPositive();
            assertThat(options.getLong("steps")).isPositive();
            assertThat(options.getLong("seed")).isNotNegative();
            assertThat(options.getInt("skew")).isNotNull();
            assertThat(options.getDouble("rate")).isFinite();
            assertThat(options.getDouble("mean")).isPositive().isFinite();
            assertThat(options.getBoolean("verbose")).isNotNull();
            assertThat(options.getString("label")).isNotEmpty();
            assertThat(options.getString("order")).isIn("address", "lifo");
            assertThat(options.getInt("classes")).isIn(1, 2, 4, 8, 16);
            assertThat(options.getInt("sli")).isBetween(1, 5);
            assertThat(options.getDouble("load")).isBetween(0.5, 2.0);
            return options;
        });
        assertSpecExceptionOrNothing(text, thrown);
    }

    /** What {@code call} threw, or null: the call is given up, and the try failed, past {@link Attempt#TIMEOUT}. */
    static Throwable thrown(Callable<?> call) {
        return Attempt.of(call).thrown();
    }

    /**
     * Nothing thrown, or a SpecException with a message; one without a control character when the input had none.
     */
    static void assertSpecExceptionOrNothing(String input, Throwable thrown) {
        if (thrown == null) {
            return;
        }
        if (!(thrown instanceof SpecException)) {
            throw new AssertionError("'" + input + "' threw " + thrown + " (expected: a SpecException)", thrown);
        }
        assertThat(thrown.getMessage()).as("the message of '%s'", input).isNotBlank();
        if (!SpecTexts.hasControl(input)) {
            assertThat(SpecTexts.hasControl(thrown.getMessage())).as("a control character in the message of '%s': %s",
                    input, thrown.getMessage()).isFalse();
        }
    }
}
