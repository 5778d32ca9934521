package io.heaplab.core.spi;

import io.heaplab.core.plugins.Registry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class OptionsTest {

    private static final Plugin WSCLOCK = new Plugin() {
        @Override
        public String name() {
            return "wsclock";
        }

        @Override
        public String description() {
            return "test";
        }

        @Override
        public List<Option> options() {
            return List.of(
                    Option.required("frames", OptionType.POSITIVE_INT_OR_ALL, "frames of memory"),
                    Option.of("theta", OptionType.POSITIVE_LONG, "1000", "window"),
                    Option.of("verbose", OptionType.BOOLEAN, "false", "chatty"));
        }
    };

    @Test
    void parsesTypedValuesAndDefaults() {
        Options o = Options.bind(WSCLOCK, Spec.parse("wsclock:frames=250,theta=700000"));
        assertThat(o.getInt("frames")).isEqualTo(250);
        assertThat(o.getLong("theta")).isEqualTo(700_000L);
        assertThat(o.getBoolean("verbose")).isFalse();
        assertThat(o.isAll("frames")).isFalse();
    }

    @Test
    void allIsAFrameCount() {
        assertThat(Options.bind(WSCLOCK, Spec.parse("wsclock:frames=all")).isAll("frames")).isTrue();
    }

    @Test
    void unknownOptionNamesCulpritAndValidOnes() {
        assertThatThrownBy(() -> Options.bind(WSCLOCK, Spec.parse("wsclock:frams=3")))
                .isInstanceOf(SpecException.class)
                .hasMessage("wsclock: unknown option 'frams' (expected one of: frames, theta, verbose)");
    }

    @Test
    void badValueSaysWhatWasExpected() {
        assertThatThrownBy(() -> Options.bind(WSCLOCK, Spec.parse("wsclock:frames=0")))
                .hasMessage("wsclock: frames=0 (expected: a positive integer or 'all')");
        assertThatThrownBy(() -> Options.bind(WSCLOCK, Spec.parse("wsclock:frames=1,theta=x")))
                .hasMessage("wsclock: theta=x (expected: a positive integer)");
    }

    @Test
    void missingRequiredOption() {
        assertThatThrownBy(() -> Options.bind(WSCLOCK, Spec.parse("wsclock")))
                .hasMessageStartingWith("wsclock: option 'frames' is required");
    }

    @Test
    void malformedSpecs() {
        assertThatThrownBy(() -> Spec.parse("lru:frames")).hasMessage("lru: malformed option 'frames' (expected: key=value)");
        assertThatThrownBy(() -> Spec.parse("lru:frames=1,frames=2")).hasMessage("lru: option 'frames' given twice");
        assertThatThrownBy(() -> Spec.parse("LRU")).hasMessageContaining("bad name 'LRU'");
        assertThatThrownBy(() -> Spec.parse(" ")).isInstanceOf(SpecException.class);
    }

    /** Found by fuzzing: a blank key or value was taken as empty, and the spec then printed as one that fails. */
    @Test
    void aBlankKeyOrValueIsMalformedLikeAMissingOne() {
        assertThatThrownBy(() -> Spec.parse("lru: =5,frames=2")).isInstanceOf(SpecException.class)
                .hasMessage("lru: malformed option ' =5' (expected: key=value)");
        assertThatThrownBy(() -> Spec.parse("lru:frames= ,theta=2")).isInstanceOf(SpecException.class)
                .hasMessage("lru: malformed option 'frames= ' (expected: key=value)");
        assertThatThrownBy(() -> Spec.parse("lru:frames=\t")).isInstanceOf(SpecException.class);
    }

    @Test
    void specPrintsBackCanonically() {
        assertThat(Spec.parse(" wsclock:frames=250, theta=7 ").toString()).isEqualTo("wsclock:frames=250,theta=7");
    }

    @Test
    void registryRejectsDuplicatesAndUnknownNames() {
        assertThatThrownBy(() -> Registry.of("policy", List.of(WSCLOCK, WSCLOCK)))
                .hasMessageStartingWith("policy name 'wsclock'").hasMessageContaining("clashes with the built-in");
        Registry<Plugin> registry = Registry.of("policy", List.of(WSCLOCK));
        assertThat(registry.find("wsclock")).isSameAs(WSCLOCK);
        assertThatThrownBy(() -> registry.find("lru")).hasMessage("unknown policy 'lru' (expected one of: wsclock)");
    }

    @Test
    void specListsSplitBetweenSpecsNotBetweenOptions() {
        assertThat(Spec.parseList("stack,nofree")).extracting(Spec::toString).containsExactly("stack", "nofree");
        assertThat(Spec.parseList("buddy:minBlock=16,order=20,stack,lru:frames=3"))
                .extracting(Spec::toString).containsExactly("buddy:minBlock=16,order=20", "stack", "lru:frames=3");
        assertThatThrownBy(() -> Spec.parseList("stack,,nofree")).isInstanceOf(SpecException.class);
    }
}
