package io.heaplab.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.trace.PageRun;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Invariants of the whole system on small random workloads under every policy: no frame is owned twice, under pure
 * WS a task that has run theta since activation has W = RW (Carr &amp; Hennessy's claim, checked after every step),
 * the virtual time executed is the sum of the tasks' lengths, utilization never exceeds 1, and a seed gives one
 * result.
 */
class MultiprogrammedSystemPropertiesTest {

    @Provide
    Arbitrary<List<Prototype>> workloads() {
        Arbitrary<Prototype> prototype = Arbitraries.integers().between(-8, 7).list().ofMinSize(1).ofMaxSize(40)
                .flatMap(pages -> Arbitraries.of(200.0, 1_000.0, Double.POSITIVE_INFINITY).map(io -> {
                    long[] runs = new long[pages.size()];
                    for (int i = 0; i < runs.length; i++) {
                        int p = pages.get(i);
                        runs[i] = PageRun.pack(p < 0 ? -p - 1 : p, 1 + (i * 7) % 5, p < 0);
                    }
                    return new Prototype("random", TaskString.of(runs), io);
                }));
        return prototype.list().ofMinSize(1).ofMaxSize(5);
    }

    @Provide
    Arbitrary<SystemConfig> configs() {
        return Combinators.combine(Arbitraries.integers().between(1, 12), Arbitraries.of(MemoryPolicy.values()),
                Arbitraries.of(true, false), Arbitraries.longs().between(1, 60), Arbitraries.longs().between(1, 15),
                Arbitraries.longs().between(1, 12), Arbitraries.of(Deactivation.values()),
                Arbitraries.integers().between(1, 2)).as((frames, policy, ltrt, theta, aux, quantum, victim, devices) ->
                new SystemConfig(frames, aux, aux + 5, devices, policy, ltrt, theta, 20, devices, 0, quantum,
                        quantum * 4, 3, 9, victim, true));
    }

    @Property(tries = 1000)
    void everyTaskCompletesOnceWithItsWholeStringAndTheInvariantsHoldThroughout(
            @ForAll("workloads") List<Prototype> workload, @ForAll("configs") SystemConfig config,
            @ForAll @IntRange(min = 0, max = 1000) int seed) {
        SystemResult result = MultiprogrammedSystem.verified(config, workload, seed, SystemTrace.NONE);
        long length = workload.stream().mapToLong(p -> p.string().references()).sum();
        assertThat(result.tasks()).isEqualTo(workload.size());
        assertThat(result.references()).isEqualTo(length);
        assertThat(result.utilization()).isPositive().isLessThanOrEqualTo(1.0);
        assertThat(result.pagingBusy()).isBetween(0.0, 1.0);
        assertThat(result.meanMpl()).isBetween(0.0, (double) workload.size());
        assertThat(result.faults()).isGreaterThanOrEqualTo(1);
        assertThat(result.freeFrames()).isBetween(Math.min(1L, result.replacements()), result.replacements());
        assertThat(MultiprogrammedSystem.run(config, workload, seed)).isEqualTo(result);
    }

    @Property(tries = 100)
    void withoutTaskIoAndWithRoomForEveryPageEachPageIsReadOnce(@ForAll("workloads") List<Prototype> workload,
                                                               @ForAll @IntRange(min = 0, max = 1000) int seed) {
        List<Prototype> quiet = new ArrayList<>();
        workload.forEach(p -> quiet.add(new Prototype(p.name(), p.string(), Double.POSITIVE_INFINITY)));
        int pages = quiet.stream().mapToInt(p -> p.string().pages()).sum();
        for (MemoryPolicy policy : MemoryPolicy.values()) {
            SystemConfig config = new SystemConfig(pages, 5, 10, 1, policy, false, 1_000_000, 20, 1, 0, 7,
                    1_000_000, 0, 0, Deactivation.LAST_ACTIVATED, true);
            SystemResult result = MultiprogrammedSystem.verified(config, quiet, seed, SystemTrace.NONE);
            assertThat(result.faults()).as(policy.toString()).isEqualTo(pages);
            assertThat(result.freeFrames()).as(policy.toString()).isEqualTo(pages); // memory never fills
            if (policy.commits()) { // feedback reacts to paging, which starting tasks do, not to memory
                assertThat(result.deactivations()).isZero();
            }
            assertThat(result.writes()).isZero();
        }
    }
}
