package io.heaplab.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.plugins.Origin;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.plugins.Registry;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class PolicyBinderTest {

    private static final Origin JAR = new Origin(Path.of("plugins", "p.jar"));

    /** Counts nothing; remembers its frames, to tell which spec made it. */
    private record Frames(String name) implements ReplacementPolicyProvider {
        @Override
        public String description() {
            return "test";
        }

        @Override
        public List<Option> options() {
            return List.of(Option.of("frames", OptionType.POSITIVE_INT, "1", "frames"));
        }

        @Override
        public PagingSimulator create(Options options) {
            int frames = options.getInt("frames");
            return new PagingSimulator() {
                @Override
                public void accept(long[] runs, int length) {
                }

                @Override
                public void startMeasuring() {
                }

                @Override
                public PagingOutcome outcome() {
                    return new PagingOutcome.Faults(frames);
                }
            };
        }
    }

    /** A built-in "fixed" policy and a plugin's "far" one. */
    private static final Plugins PLUGINS = new Plugins(Registry.of("allocator", List.of()),
            Registry.of("policy", List.<ReplacementPolicyProvider>of(new Frames("fixed"))).plus(new Frames("far"), JAR),
            Registry.of("workload", List.of()));

    private static List<Spec> specs(String... specs) {
        return List.of(specs).stream().map(Spec::parse).toList();
    }

    @Test
    void aPolicyGivenTwiceFailsAtItsSecondMentionAndOneSpecTwiceWithOtherOptionsDoesNot() {
        assertThatThrownBy(() -> PolicyBinder.of(PLUGINS, specs("fixed:frames=3", "far", "fixed:frames=3")))
                .isInstanceOf(SpecException.class).hasMessage("policy 'fixed:frames=3' given twice (expected: each once)");
        assertThat(PolicyBinder.of(PLUGINS, specs("fixed:frames=3", "fixed:frames=4")).simulators()).hasSize(2);
    }

    @Test
    void anUnknownPolicyOrABadOptionFailsNamingIt() {
        assertThatThrownBy(() -> PolicyBinder.of(PLUGINS, specs("fixed", "nope")))
                .isInstanceOf(SpecException.class).hasMessage("unknown policy 'nope' (expected one of: far, fixed)");
        assertThatThrownBy(() -> PolicyBinder.of(PLUGINS, specs("fixed:frames=0")))
                .isInstanceOf(SpecException.class).hasMessageStartingWith("fixed: frames=0 (expected: ");
        assertThatThrownBy(() -> PolicyBinder.of(PLUGINS, specs("fixed:size=2")))
                .isInstanceOf(SpecException.class).hasMessage("fixed: unknown option 'size' (expected one of: frames)");
    }

    @Test
    void eachCallMakesFreshSimulatorsInTheOrderOfTheSpecs() {
        PolicyBinder binder = PolicyBinder.of(PLUGINS, specs("fixed:frames=5", "far:frames=2"));
        List<PagingSimulator> first = binder.simulators();
        List<PagingSimulator> second = binder.simulators();
        assertThat(first).extracting(PagingSimulator::outcome)
                .containsExactly(new PagingOutcome.Faults(5), new PagingOutcome.Faults(2));
        assertThat(second.getFirst()).isNotSameAs(first.getFirst());
    }

    @Test
    void pluginProvidersAreSuspectsInTheOrderKeptAndBuiltInsAreNot() {
        PolicyBinder binder = new PolicyBinder(PLUGINS)
                .suspect("workload", "w", Origin.BUILT_IN)
                .suspect("allocator", "a", JAR)
                .policies(specs("fixed", "far:frames=2", "far:frames=3"));
        assertThat(binder.suspects()).containsExactly(new PolicyBinder.Suspect("allocator", "a", JAR),
                new PolicyBinder.Suspect("policy", "far", JAR), new PolicyBinder.Suspect("policy", "far", JAR));
        assertThat(binder.suspects().getFirst()).hasToString("plugin " + JAR + ": allocator 'a'");
        assertThat(PolicyBinder.of(PLUGINS, specs("fixed")).suspects()).isEmpty();
    }

    @Test
    void aFailureIsBlamedOnTheFirstSuspectWhoseJarLoadedAFrameOnItsStack() {
        PolicyBinder binder = PolicyBinder.of(PLUGINS, specs("fixed", "far"));
        IllegalStateException inPlugin = new IllegalStateException("broken");
        inPlugin.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("app", null, null, "io.heaplab.Host", "run", "Host.java", 1),
            new StackTraceElement(JAR.loaderName(), null, null, "com.example.Far", "accept", "Far.java", 9)});
        RuntimeException wrapped = new RuntimeException("while simulating", inPlugin);
        wrapped.setStackTrace(new StackTraceElement[0]);

        PluginFailure blamed = binder.blame("run", wrapped);
        assertThat(blamed).isNotNull().hasCause(wrapped);
        assertThat(blamed.getMessage()).startsWith("plugin " + JAR + ": policy 'far' failed mid-run with ")
                .endsWith(" (at com.example.Far.accept)");

        assertThat(binder.blame("run", new IllegalStateException("in heaplab itself"))).isNull();
        assertThat(PolicyBinder.of(PLUGINS, specs("fixed")).blame("run", inPlugin)).as("no suspect").isNull();
    }
}
