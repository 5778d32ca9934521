package io.heaplab.paging;

import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.PageRun;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The fixed-memory policies through their providers: discovery, specs and option errors. */
class FixedPolicyProvidersTest {

    private static final long[] CLASSIC = reads(7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1);
    private static final List<String> POLICIES = List.of("fifo", "clock", "random", "arc", "twolist", "sieve",
            "s3fifo", "slru", "lfu", "2q", "lirs", "car", "lru-k", "clock-pro", "mglru", "lru");

    static PagingSimulator create(String spec) {
        Spec parsed = Spec.parse(spec);
        ReplacementPolicyProvider provider = Plugins.load().policies().find(parsed.name());
        return provider.create(Options.bind(provider, parsed));
    }

    static long faults(String spec, long[] runs) {
        return ((PagingOutcome.Faults) run(create(spec), runs)).faults();
    }

    @Test
    void eachPolicyTakesItsFramesFirst() {
        for (String name : POLICIES.subList(0, POLICIES.size() - 1)) { // lru's frames may also be 'all'
            assertThat(Plugins.load().policies().find(name).options().getFirst()).as(name)
                    .isEqualTo(Option.required("frames", OptionType.POSITIVE_INT, "page frames of main memory"));
        }
    }

    @Test
    void theClassicStringInThreeFramesThroughTheSpecs() {
        // worked by hand in each policy's test
        assertThat(faults("fifo:frames=3", CLASSIC)).isEqualTo(15);
        assertThat(faults("clock:frames=3", CLASSIC)).isEqualTo(14);
        assertThat(faults("arc:frames=3", CLASSIC)).isEqualTo(13);
        assertThat(faults("twolist:frames=3", CLASSIC)).isEqualTo(11);
        assertThat(faults("twolist:frames=3,ratio=1", CLASSIC)).isEqualTo(11);
        // as the naive models in the policies' tests give
        assertThat(faults("slru:frames=3", CLASSIC)).isEqualTo(14);
        assertThat(faults("slru:frames=4,variant=libcachesim,segments=2", CLASSIC)).isEqualTo(8);
        assertThat(faults("lfu:frames=3", CLASSIC)).isEqualTo(11);
        assertThat(faults("2q:frames=3", CLASSIC)).isEqualTo(14);
        // SIEVE by hand: 7 0 1 fill; 2 evicts 7; 3 clears 0 and evicts 1; 4, 2, 3 evict the unvisited 2, 3, 4; 1
        // clears 2 3 0 and evicts 2; 2 evicts 3; 7 clears 1 and evicts 2: 11
        assertThat(faults("sieve:frames=3", CLASSIC)).isEqualTo(11);
        // as the reference models of the policies' property tests give
        assertThat(faults("s3fifo:frames=3", CLASSIC)).isEqualTo(14);
        assertThat(faults("s3fifo:frames=3,variant=libcachesim", CLASSIC)).isEqualTo(13);
        assertThat(faults("lirs:frames=3", CLASSIC)).isEqualTo(13);
        assertThat(faults("car:frames=3", CLASSIC)).isEqualTo(11);
        assertThat(faults("lru-k:frames=3", CLASSIC)).isEqualTo(14);
        assertThat(faults("mglru:frames=3", CLASSIC)).isEqualTo(12);
        assertThat(faults("mglru:frames=3,access=file", CLASSIC)).isEqualTo(15);
    }

    @Test
    void randomSeedsDefaultToOne() {
        long[] loop = new long[200];
        Arrays.setAll(loop, i -> PageRun.pack(i % 7, 1, false));
        assertThat(run(create("random:frames=4"), loop)).isEqualTo(run(create("random:frames=4,seed=1"), loop));
        assertThat(LongStream.rangeClosed(1, 10).map(seed -> faults("random:frames=4,seed=" + seed, loop))
                .distinct().count()).isGreaterThan(1);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "fifo                         | fifo: option 'frames' is required (expected: a positive integer",
        "fifo:frames=0                | fifo: frames=0 (expected: a positive integer)",
        "fifo:frames=all              | fifo: frames=all (expected: a positive integer)",
        "fifo:frame=3                 | fifo: unknown option 'frame' (expected one of: frames)",
        "clock:frames=-2              | clock: frames=-2 (expected: a positive integer)",
        "clock:frames=3,theta=5       | clock: unknown option 'theta' (expected one of: frames, bits, variant)",
        "random:seed=3                | random: option 'frames' is required",
        "random:frames=3,seed=-1      | random: seed=-1 (expected: a non-negative integer)",
        "random:frames=3,seed=x       | random: seed=x (expected: a non-negative integer)",
        "random:frames=3,sed=2        | random: unknown option 'sed' (expected one of: frames, seed)",
        "arc:frames=1.5               | arc: frames=1.5 (expected: a positive integer)",
        "arc:frames=3,p=1             | arc: unknown option 'p' (expected one of: frames, correlation, variant)",
        "twolist:ratio=2              | twolist: option 'frames' is required",
        "twolist:frames=3,ratio=0     | twolist: ratio=0 (expected: a positive integer)",
        "twolist:frames=3,ratio=0.5   | twolist: ratio=0.5 (expected: a positive integer)",
        "twolist:frames=3,active=2    | twolist: unknown option 'active' (expected one of: frames, ratio, correlation)",
        "sieve:frames=3,small=0.1     | sieve: unknown option 'small' (expected one of: frames)",
        "s3fifo:small=0.1             | s3fifo: option 'frames' is required",
        "s3fifo:frames=3,small=1.5    | s3fifo: small=1.5 (expected: ",
        "s3fifo:frames=3,variant=lcs  | s3fifo: variant=lcs (expected: ",
        "slru:frames=6,protected=1    | slru: protected=1",
        "slru:frames=6,variant=lru    | slru: variant=lru",
        "slru:frames=6,variant=libcachesim | slru: frames=6 (expected: a multiple of segments=4 with variant=libcachesim)",
        "lfu:frames=3,variant=x       | lfu: unknown option 'variant' (expected one of: frames)",
        "2q:frames=3,kin=1.5          | 2q: kin=1.5",
        "2q:frames=3,kout=-1          | 2q: kout=-1",
        "clock:frames=3,bits=2,variant=caffeine | clock: bits=2 (expected: 1 with variant=caffeine",
        "lru:frames=10,sample=0.5     | lru: sample=0.5 (expected: 1 unless frames=all",
        "lru:frames=all,sample=0      | lru: sample=0 (expected: a share of the pages above 0, at most 1, or a whole number of pages from 2 to 268435456)",
        "lru:frames=all,sample=1.5    | lru: sample=1.5 (expected: a share of the pages above 0, at most 1, or a whole number of pages from 2 to 268435456)",
        "lru:frames=all,sample=2147483647 | lru: sample=2147483647 (expected: a number in 0..268435456)",
        "lru:frames=all,sample=268435457 | lru: sample=268435457 (expected: a number in 0..268435456)",
        "lru:frames=all,sample=100,threads=2 | lru: threads=2 (expected: 1 with sample=100; a fixed-size sample runs on one thread)",
        "lirs:frames=3,hir=1          | lirs: hir=1",
        "lirs:frames=1,variant=caffeine | lirs: frames=1,hir=0.01 (expected: room for at least 1 LIR page and 1 HIR",
        "lirs:frames=3,variant=libcachesim,stack=1 | lirs: stack=1.0 (expected: 0 with variant=libcachesim",
        "lirs:frames=2,variant=libcachesim | lirs: frames=2 (expected: room for at least 2 LIR pages",
        "car:frames=3,p=1             | car: unknown option 'p' (expected one of: frames)",
        "lru-k:frames=3,k=0           | lru-k: k=0",
        "lru-k:frames=3,k=65          | lru-k: k=65",
        "clock-pro:frames=3,cold=1.5  | clock-pro: cold=1.5 (expected: a number in ",
        "clock-pro:frames=3,adaptive=yes | clock-pro: adaptive=yes (expected: true or false)",
        "clock-pro:cold=0.5           | clock-pro: option 'frames' is required",
        "mglru:frames=3,access=anon       | mglru: access=anon (expected: one of mapped, file)",
        "mglru:frames=3,batch=-1          | mglru: batch=-1 (expected: ",
        "mglru:frames=3,gens=5            | mglru: unknown option 'gens' (expected one of: frames, access, batch)",
    })
    void badOptionsAreNamed(String spec, String message) {
        assertThatThrownBy(() -> create(spec)).isInstanceOf(SpecException.class).hasMessageStartingWith(message);
    }

    @Provide
    Arbitrary<String> policies() {
        return Arbitraries.of(POLICIES);
    }

    /** Short runs only, so that each can be spelled out reference by reference. */
    @Provide
    Arbitrary<long[]> shortRuns() {
        Arbitrary<Long> runs = Combinators.combine(Arbitraries.integers().between(0, 12),
                Arbitraries.integers().between(1, 5), Arbitraries.of(false, true)).as(PageRun::pack);
        return runs.list().ofMaxSize(200).map(list -> list.stream().mapToLong(Long::longValue).toArray());
    }

    /**
     * A run of k references is k references: spelling each run out as k runs of one gives the same outcome, so
     * policies that count second references (ARC, the Linux lists) do not depend on how the recorder grouped
     * them.
     */
    @Property(tries = 200)
    void aRunIsTheSameAsItsReferencesOneByOne(@ForAll("policies") String policy, @ForAll("shortRuns") long[] runs,
                                              @ForAll @IntRange(min = 1, max = 8) int frames) {
        long[] spelled = Arrays.stream(runs).flatMap(r -> LongStream.range(0, PageRun.count(r))
                .map(i -> PageRun.pack(PageRun.page(r), 1, PageRun.isWrite(r)))).toArray();
        String spec = policy + ":frames=" + frames;
        assertThat(run(create(spec), spelled)).isEqualTo(run(create(spec), runs));
    }

    /** The measured phase forgets write-backs as it forgets faults, and keeps the dirty bits. */
    @Property(tries = 200)
    void writeBacksBeforeAndAfterTheMeasuredPhaseAddUp(@ForAll("policies") String policy,
                                                       @ForAll("shortRuns") long[] runs,
                                                       @ForAll @IntRange(min = 0, max = 200) int split,
                                                       @ForAll @IntRange(min = 1, max = 8) int frames) {
        String spec = policy + ":frames=" + frames;
        int warmUp = Math.min(split, runs.length);
        PagingOutcome.Faults whole = (PagingOutcome.Faults) run(create(spec), runs);
        PagingSimulator simulator = create(spec);
        simulator.accept(Arrays.copyOf(runs, warmUp), warmUp);
        PagingOutcome.Faults before = (PagingOutcome.Faults) simulator.outcome();
        simulator.startMeasuring();
        long[] rest = Arrays.copyOfRange(runs, warmUp, runs.length);
        PagingOutcome.Faults after = (PagingOutcome.Faults) run(simulator, rest);
        assertThat(before.faults() + after.faults()).isEqualTo(whole.faults());
        assertThat(writeBacks(before) + writeBacks(after)).isEqualTo(writeBacks(whole));
        assertThat(after.measures().keySet().iterator().next()).isEqualTo(PagingOutcome.WRITE_BACKS);
    }

    private static long writeBacks(PagingOutcome.Faults outcome) {
        return outcome.measures().get(PagingOutcome.WRITE_BACKS).longValue();
    }
}
