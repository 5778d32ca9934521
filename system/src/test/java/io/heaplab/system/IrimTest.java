package io.heaplab.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Carr's inter-reference interval model: the compaction worked by hand, and simulations of IRIM strings. */
class IrimTest {

    private static List<String> events(TaskString string) {
        Irim irim = string.irimForm();
        List<String> all = new ArrayList<>();
        for (int i = 0; i < irim.times().length; i++) {
            int e = irim.events()[i];
            all.add(irim.times()[i] + " " + new String[] {"start", "write", "end"}[Irim.kind(e)] + " p"
                    + Irim.page(e));
        }
        return all;
    }

    @Test
    void aPeriodLastsWhileItsPageIsReferencedAtLeastOnceEveryOmega() {
        // omega 3: page 0 at 0, 1, 3 (gaps under 3) then at 8 after 4 without: two periods; page 1 at 2 and 7
        TaskString string = TaskString.ofPages(0, 0, 1, 0, 2, 2, 2, 1, 0);
        assertThat(events(string.irim(3))).containsExactly("0 start p0", "2 start p1", "3 end p1", "4 end p0",
                "4 start p2", "7 end p2", "7 start p1", "8 end p1", "8 start p0", "9 end p0");
    }

    @Test
    void aWriteIsAnEventWhenItIsTheFirstOfItsPeriodOrComesOmegaAfterTheLast() {
        // page 0 written at 0, 1 (too soon to matter) and 4 (3 after the last write, omega 3)
        TaskString string = TaskString.ofPages(-1, -1, 0, 0, -1);
        assertThat(events(string.irim(3))).containsExactly("0 start p0", "0 write p0", "4 write p0", "5 end p0");
    }

    @Test
    void omegaMustBePositive() {
        assertThatThrownBy(() -> TaskString.ofPages(0).irim(0)).hasMessageContaining("omega 0");
    }

    @Test
    void theShippedProgramsCompactByHundredsAtCarrsOmega() {
        for (Prototype p : Prototypes.shipped().prototypes()) {
            TaskString irim = p.string().irim(5_000);
            assertThat(irim.references()).isEqualTo(p.string().references());
            assertThat(irim.pages()).isEqualTo(p.string().pages());
            // the paper: about 600 times shorter than the reference string
            assertThat(p.string().references() / (double) irim.steps()).as(p.name()).isGreaterThan(100);
        }
    }

    @Provide
    Arbitrary<List<Integer>> strings() {
        return Arbitraries.integers().between(-6, 5).list().ofMinSize(1).ofMaxSize(60);
    }

    private static Prototype prototype(List<Integer> pages) {
        return new Prototype("random", TaskString.ofPages(pages.stream().mapToInt(Integer::intValue).toArray()),
                Double.POSITIVE_INFINITY);
    }

    @Property(tries = 200)
    void aloneWithRoomForEveryPageUnderPureWsTheIrimStringRunsExactlyAsItsReferences(
            @ForAll("strings") List<Integer> pages, @ForAll @IntRange(min = 1, max = 10) int omega,
            @ForAll @IntRange(min = 0, max = 20) int extra) {
        Prototype exact = prototype(pages);
        Prototype irim = new Prototype("irim", exact.string().irim(omega), Double.POSITIVE_INFINITY);
        // theta at least omega: a page of an open period is in W either way; every fault is a page's first use
        SystemConfig config = new SystemConfig(exact.string().pages(), 5, 5, 1, MemoryPolicy.WS, false,
                omega + extra, 20, 1, 0, 7, 1_000_000, 0, 0, Deactivation.LAST_ACTIVATED, true);
        SystemResult a = MultiprogrammedSystem.verified(config, List.of(exact), 1, SystemTrace.NONE);
        SystemResult b = MultiprogrammedSystem.verified(config, List.of(irim), 1, SystemTrace.NONE);
        assertThat(b.time()).isEqualTo(a.time());
        assertThat(b.faults()).isEqualTo(a.faults());
        assertThat(b.references()).isEqualTo(a.references());
    }

    @Provide
    Arbitrary<SystemConfig> configs() {
        return new MultiprogrammedSystemPropertiesTest().configs();
    }

    @Property(tries = 1000)
    void irimStringsCompleteInEverySystemWithTheInvariantsHoldingThroughout(
            @ForAll("strings") List<Integer> a, @ForAll("strings") List<Integer> b,
            @ForAll @IntRange(min = 1, max = 10) int omega, @ForAll("configs") SystemConfig config,
            @ForAll @IntRange(min = 0, max = 100) int seed) {
        List<Prototype> workload = List.of(
                new Prototype("a", prototype(a).string().irim(omega), 100),
                new Prototype("b", prototype(b).string().irim(omega), Double.POSITIVE_INFINITY));
        SystemResult result = MultiprogrammedSystem.verified(config, workload, seed, SystemTrace.NONE);
        assertThat(result.tasks()).isEqualTo(2);
        assertThat(result.references()).isEqualTo(a.size() + b.size());
        assertThat(result.utilization()).isPositive().isLessThanOrEqualTo(1.0);
        assertThat(MultiprogrammedSystem.run(config, workload, seed)).isEqualTo(result);
    }
}
