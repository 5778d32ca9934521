package io.heaplab.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.testkit.fake.Fakes;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.NotBlank;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A sound module of fake providers keeps the provider contract; each broken one below has one fault, and the
 * contract must fail it in the test that names that fault, and only there. The fakes' modules are nested classes,
 * which the build does not run on its own.
 */
class ProviderContractCatchesBrokenProvidersTest {

    /** The contract over the fakes of one nested class of {@link Fakes}. */
    abstract static class FakeModule extends ProviderContract {
        private final Class<?> holder;

        FakeModule(Class<?> holder) {
            this.holder = holder;
        }

        @Override
        protected Class<?> module() {
            return holder;
        }

        @Override
        protected String classPrefix() {
            return holder.getName() + "$";
        }
    }

    static class Sound extends FakeModule {
        Sound() {
            super(Fakes.Sound.class);
        }
    }

    static class Forgotten extends FakeModule {
        Forgotten() {
            super(Fakes.Forgotten.class);
        }
    }

    static class Stray extends FakeModule {
        Stray() {
            super(Fakes.Stray.class);
        }
    }

    static class Todo extends FakeModule {
        Todo() {
            super(Fakes.Todo.class);
        }
    }

    static class Uncited extends FakeModule {
        Uncited() {
            super(Fakes.Uncited.class);
        }
    }

    static class TwoLines extends FakeModule {
        TwoLines() {
            super(Fakes.TwoLines.class);
        }
    }

    static class Twins extends FakeModule {
        Twins() {
            super(Fakes.Twins.class);
        }
    }

    static class BadName extends FakeModule {
        BadName() {
            super(Fakes.BadName.class);
        }
    }

    static class BadOptions extends FakeModule {
        BadOptions() {
            super(Fakes.BadOptions.class);
        }
    }

    static class Unversioned extends FakeModule {
        Unversioned() {
            super(Fakes.Unversioned.class);
        }
    }

    /** A prefix that covers no class at all: the contract must not pass a module that registers nothing. */
    static class Empty extends FakeModule {
        Empty() {
            super(Fakes.class);
        }

        @Override
        protected String classPrefix() {
            return "io.heaplab.testkit.fake.Nothing";
        }
    }

    @Test
    void aSoundModulePasses() {
        assertThat(Contracts.failures(Sound.class)).isEmpty();
    }

    @Test
    void aProviderClassLeftOutOfTheServiceFileFails() {
        assertThat(Contracts.failures(Forgotten.class)).containsExactly("everyProviderClassIsRegistered");
    }

    @Test
    void aServiceFileEntryThatIsNoProviderFails() {
        assertThat(Contracts.failures(Stray.class)).containsExactly("everyProviderClassIsRegistered");
    }

    @Test
    void aModuleThatRegistersNothingFails() {
        assertThat(Contracts.failures(Empty.class)).contains("everyProviderClassIsRegistered",
                "descriptionsAreOneLineCitingASource");
    }

    @Test
    void badDescriptionsFail() {
        assertThat(Contracts.failures(Todo.class)).containsExactly("descriptionsAreOneLineCitingASource");
        assertThat(Contracts.failures(Uncited.class)).containsExactly("descriptionsAreOneLineCitingASource");
        assertThat(Contracts.failures(TwoLines.class)).containsExactly("descriptionsAreOneLineCitingASource");
    }

    @Test
    void namesThatClashOrAreNoSpecNamesFail() {
        assertThat(Contracts.failures(Twins.class)).containsExactly("namesAreSpecNamesOfTheirOwn");
        assertThat(Contracts.failures(BadName.class)).containsExactly("namesAreSpecNamesOfTheirOwn");
    }

    @Test
    void optionsWithoutProperNamesOrDescriptionsFail() {
        assertThat(Contracts.failures(BadOptions.class)).containsExactly("optionsHaveNamesDescriptionsAndDefaultsThatBind");
    }

    @Test
    void aProviderWithoutTheCurrentSpiVersionFails() {
        assertThat(Contracts.failures(Unversioned.class)).containsExactly("providersDeclareTheCurrentSpiVersion");
    }

    /** Every built-in's citation form passes the rule: a year, an author, a named work. */
    @ParameterizedTest
    @ValueSource(strings = {
        "FIFO replacement (Belady 1966): the page loaded longest ago leaves, however recently used",
        "blocks of any size rounded up to 2^k cells (Knowlton, A fast storage allocator, CACM 8, 1965)",
        "first fit in O(log n) (Brent, Efficient implementation of the first-fit strategy, ACM TOPLAS 11(3), 1989)",
        "the largest free block, coalesced on free (the course report on first, best and worst fit)",
        "Linux active/inactive two-list replacement (mm/vmscan.c, Gorman 2004): referenced flags",
        "CLOCK, or second chance (Corbató 1968): a hand clears use bits",
        "fixed-size blocks from a current page (Brent, MRU strategy paper, 2.4-2.5 MRU)",
    })
    void honestCitationsPass(String description) {
        assertThat(ProviderContract.descriptionProblem(description)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "TODO", "todo: describe", "(TODO)", "a list (LIFO)", "a list (see below)",
        "FIFO replacement (Belady 1966) ", "FIXME (Belady 1966)", "first line (Knuth)\nsecond line",
        "a list (Knuth", "description"})
    void placeholdersAndUncitedDescriptionsFail(String description) {
        assertThat(ProviderContract.descriptionProblem(description)).isNotNull();
    }

    /** Whatever precedes it, a description of one line stays a citation once a year in parentheses follows. */
    @Property(tries = 200)
    void aYearInParenthesesCites(@ForAll @AlphaChars @NotBlank String what) {
        String text = what.strip() + " (1966)";
        String problem = ProviderContract.descriptionProblem(text);
        boolean placeholder = text.toLowerCase(java.util.Locale.ROOT).matches(".*\\b(todo|tbd|fixme|xxx)\\b.*");
        assertThat(problem == null).as(text).isEqualTo(!placeholder);
    }

    /** A description spread over two lines fails, whatever it cites. */
    @Example
    void twoLinesFailEvenWithACitation() {
        assertThat(ProviderContract.descriptionProblem("a (Knuth 1968)\r\nb")).contains("more than one line");
    }
}
