package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.cli.Main;
import io.heaplab.core.fuzz.Attempt;
import io.heaplab.core.fuzz.FuzzBudget;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Plugin;
import io.heaplab.traces.TraceFormats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.statistics.Statistics;

/**
 * The heaplab command fed command lines drawn from its real commands, options and plugins, with values near their
 * limits or wrong: {@code run} on a small random-blocks workload and {@code trace replay} and {@code trace info} on
 * the small sample traces, so each try runs for real in milliseconds. Whatever the arguments, the command exits 0,
 * 1 or 2; a failure is one line on standard error starting {@code heaplab: }, and a usage error (2) shows no stack
 * trace and no exception's class name.
 */
@Tag("fuzz")
@AddLifecycleHook(FuzzBudget.class)
class CliFuzzTest {

    private static final Path TRACES = Path.of("../traces/src/test/resources");
    /** What a usage error must not show: a stack frame, or an exception named by its class. */
    private static final Pattern JAVA = Pattern.compile("\tat |Exception:|Error:|java\\.lang\\.");

    private static final Plugins PLUGINS = Plugins.load();

    /**
     * Values at an option's low end, of the wrong type, or malformed. No large valid number: a run of 2^31 steps or
     * of 2 GiB blocks is long or large by right, not a failure to find, and would take the machine's memory here.
     */
    private static Arbitrary<String> oddValues() {
        return Arbitraries.of("0", "-1", "1", "2", "3", "all", "x", "", "1.5", "99999999999999999999", "1e309", "NaN",
                "true", "1..3", "1..5/2", "2..64*2", "50%", "10%..100%/45", "1,2", "=");
    }

    /** A value for {@code option}: one of its own choices or bounds, its default, or an odd one. */
    private static Arbitrary<String> valueOf(Option option) {
        List<String> own = new ArrayList<>();
        if (option.defaultValue() != null) {
            own.add(option.defaultValue());
        }
        String allowed = option.allowedValues();
        if (allowed != null) {
            own.addAll(List.of(allowed.split("\\||\\.\\.")));
        }
        return own.isEmpty() ? oddValues()
                : Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.of(own)), Tuple.of(1, oddValues()));
    }

    /**
     * A real plugin's name with its required options at fair values and, half the time, one more of its options,
     * fair or odd; now and then a spec that is no plugin's, or malformed.
     */
    private static Arbitrary<String> specOf(List<? extends Plugin> plugins, List<String> keep) {
        Arbitrary<String> real = Arbitraries.of(plugins).flatMap(plugin -> {
            List<Arbitrary<String>> options = new ArrayList<>(plugin.options().stream().filter(Option::isRequired)
                    .map(option -> smallValueOf(option).map(value -> option.name() + "=" + value)).toList());
            List<Option> optional = plugin.options().stream().filter(option -> !option.isRequired()).toList();
            if (!optional.isEmpty()) {
                options.add(Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just("")), Tuple.of(1, Arbitraries
                        .of(optional).flatMap(option -> valueOf(option).map(value -> option.name() + "=" + value)))));
            }
            return Combinators.combine(options).as(written -> {
                List<String> given = written.stream().filter(option -> !option.isEmpty()).toList();
                return given.isEmpty() ? plugin.name() : plugin.name() + ":" + String.join(",", given);
            });
        });
        return Arbitraries.frequencyOf(Tuple.of(12, real), Tuple.of(2, Arbitraries.of(keep)),
                Tuple.of(1, Arbitraries.of("no-such", "LRU", "lru:", "lru:frames", ":frames=2", "lru:frames=2,frames=3")));
    }

    /** A real policy, its required options at small sizes: the workloads here touch a few pages. */
    @Provide
    Arbitrary<String> policies() {
        return specOf(PLUGINS.policies().all(), List.of("lru:frames=4", "opt:frames=all"));
    }

    /** A fair value for a required option: a size or window small, a whole curve where the type takes one, a list. */
    private static Arbitrary<String> smallValueOf(Option option) {
        boolean all = option.type() == OptionType.POSITIVE_INT_OR_ALL || option.type() == OptionType.POSITIVE_LONG_OR_ALL;
        return switch (option.name()) {
            case "frames" -> Arbitraries.of(all ? "all" : "3", "1", "2", "4", "16", "1..4", "25%..100%/25");
            case "theta" -> Arbitraries.of(all ? "all" : "50", "1", "10", "100", "10,100");
            case "threshold" -> Arbitraries.of("1", "10", "100");
            default -> valueOf(option);
        };
    }

    @Provide
    Arbitrary<String> allocators() {
        Arbitrary<String> one = specOf(PLUGINS.allocators().all(), List.of("stack", "nofree"));
        return one.list().ofMinSize(1).ofMaxSize(2).map(specs -> String.join(",", specs));
    }

    /** The random-blocks workload kept small, its options sometimes odd. */
    @Provide
    Arbitrary<String> workloads() {
        Arbitrary<String> small = Combinators.combine(Arbitraries.integers().between(1, 40),
                Arbitraries.integers().between(1, 1000), Arbitraries.of(8, 16, 100, 4096))
                .as((live, steps, size) -> "random-blocks:live=" + live + ",steps=" + steps + ",size=" + size);
        Arbitrary<String> odd = Combinators.combine(Arbitraries.of("live", "steps", "size", "lve"), oddValues())
                .as((key, value) -> "random-blocks:live=8,steps=200," + key + "=" + value);
        return Arbitraries.frequencyOf(Tuple.of(6, small), Tuple.of(1, odd));
    }

    /**
     * Some of a command's options, each once: a valued one with a value of its own most often, else an odd one; a
     * switch alone; and now and then an option at the end whose value is missing.
     */
    private static Arbitrary<List<String>> flags(Map<String, Arbitrary<String>> valued, List<String> switches) {
        List<String> names = new ArrayList<>(valued.keySet());
        names.addAll(switches);
        Arbitrary<List<String>> chosen = Arbitraries.of(names).list().uniqueElements().ofMaxSize(2)
                .flatMap(picked -> Combinators.combine(picked.stream().map(name -> valued.containsKey(name)
                        ? Arbitraries.frequencyOf(Tuple.of(4, valued.get(name)), Tuple.of(1, oddValues()))
                                .map(value -> List.of(name, value))
                        : Arbitraries.just(List.of(name))).toList()).as(lists -> lists.stream()
                        .flatMap(List::stream).toList()));
        Arbitrary<List<String>> dangling = Arbitraries.frequencyOf(Tuple.of(19, Arbitraries.just(List.<String>of())),
                Tuple.of(1, Arbitraries.of(valued.keySet()).map(List::of)));
        return Combinators.combine(chosen, dangling).as((options, end) -> {
            List<String> all = new ArrayList<>(options);
            all.addAll(end);
            return all;
        });
    }

    /**
     * {@code heaplab run} of a small workload with real allocators and policies, their options fair or odd, and
     * run options fair or odd: it runs, or fails on one line.
     */
    @Property(tries = 100, seed = "20250609")
    void aRunExitsZeroOrFailsOnOneLine(@ForAll("workloads") String workload, @ForAll("allocators") String allocators,
            @ForAll("policyLists") List<String> policies,
            @ForAll("runFlags") List<String> flags) {
        List<String> args = new ArrayList<>(List.of("run", "-w", workload, "-a", allocators));
        for (String policy : policies) {
            args.addAll(List.of("-p", policy));
        }
        args.addAll(flags);
        assertExitsCleanly(args);
    }

    @Provide
    Arbitrary<List<String>> policyLists() {
        return Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just(List.<String>of())),
                Tuple.of(6, policies().list().ofMinSize(1).ofMaxSize(2)));
    }

    @Provide
    Arbitrary<List<String>> runFlags() {
        Map<String, Arbitrary<String>> valued = new LinkedHashMap<>();
        valued.put("--page-size", Arbitraries.of("64", "512", "4096", "4KiB"));
        valued.put("--seed", Arbitraries.of("1", "2", "7", "-3"));
        valued.put("--seeds", Arbitraries.of("1", "2", "3"));
        valued.put("--heap-size", Arbitraries.of("64KiB", "1MiB", "4096"));
        valued.put("--threads", Arbitraries.of("1", "2"));
        valued.put("--count-allocator", Arbitraries.of("all", "allocate", "dispose", "none"));
        return flags(valued, List.of("--exclude-first-touch", "--diagnostics"));
    }

    /** The small sample traces, of each format, and one that is not there. */
    @Provide
    Arbitrary<String> traces() {
        return Arbitraries.of("lackey/tiny.lackey", "golden/fixed.hlt", "golden/fixed.txt", "arc/tiny.lis",
                "address/tiny.trace", "ids/objects.txt", "ids/requests.csv", "oracle/small.oracleGeneral.bin",
                "oracle/tiny.oracleGeneral.bin.zst", "malloc/sample.rep", "no/such.trace")
                .map(name -> TRACES.resolve(name).toString());
    }

    @Provide
    Arbitrary<List<String>> traceFlags() {
        Map<String, Arbitrary<String>> valued = new LinkedHashMap<>();
        List<String> formats = new ArrayList<>(List.of("auto"));
        TraceFormats.installed().all().forEach(format -> formats.add(format.label()));
        valued.put("--format", Arbitraries.of(formats));
        valued.put("--page-size", Arbitraries.of("1", "64", "4096", "1MiB"));
        valued.put("--id-column", Arbitraries.of("1", "2", "3"));
        return flags(valued, List.of("--instructions", "--header", "--allow-empty"));
    }

    /**
     * {@code heaplab trace replay} and {@code trace info} of a small sample trace, its format, page size and id
     * column named right or wrong: it replays, or fails on one line.
     */
    @Property(tries = 120, seed = "20250610")
    void aTraceCommandExitsZeroOrFailsOnOneLine(@ForAll("traces") String trace, @ForAll boolean info,
            @ForAll("policyLists") List<String> policies, @ForAll("traceFlags") List<String> flags) {
        List<String> args = new ArrayList<>(List.of("trace", info ? "info" : "replay", trace));
        if (!info) {
            for (String policy : policies) {
                args.addAll(List.of("-p", policy));
            }
        }
        args.addAll(flags);
        assertExitsCleanly(args);
    }

    /** Exit 0, 1 or 2; on 1 or 2 one line of error; on 2 nothing of Java's; within {@link Attempt#TIMEOUT}. */
    private static void assertExitsCleanly(List<String> args) {
        String command = "heaplab " + String.join(" ", args.stream().map(a -> "'" + a + "'").toList());
        Attempt attempt = Attempt.of(() -> Cli.run(args.toArray(String[]::new)));
        if (attempt.thrown() != null) {
            throw new AssertionError(command + " threw " + attempt.thrown() + " (expected: an exit code)",
                    attempt.thrown());
        }
        Cli cli = (Cli) attempt.value();
        // a tenth at least must run for real, or the odd values drown what they should be mixed into
        Statistics.label("exit code").collect(cli.exitCode());
        Statistics.label("exit code").coverage(exits -> exits.check(Main.OK).percentage(share -> share >= 10));
        assertThat(cli.exitCode()).as("the exit code of %s, which printed %s", command, cli.err())
                .isIn(Main.OK, Main.FAILURE, Main.USAGE);
        if (cli.exitCode() != Main.OK) {
            assertThat(cli.err()).as("what %s printed", command).startsWith("heaplab: ").hasLineCount(1);
        }
        if (cli.exitCode() == Main.USAGE) {
            assertThat(cli.err()).as("what %s printed", command).doesNotContainPattern(JAVA);
        }
    }
}
