package io.heaplab.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The shipped real programs as tasks: read back whole, drawn the same way for a seed, and run as a system. */
class ShippedPrototypesTest {

    private static final Prototypes SHIPPED = Prototypes.shipped();

    @Test
    void eightProgramsOfFiveMillionReferencesEachWithTheirIoRates() {
        assertThat(SHIPPED.prototypes()).hasSize(8).allSatisfy(p -> {
            assertThat(p.string().references()).isEqualTo(5_000_000);
            assertThat(p.string().pages()).isBetween(50, 1_000);
            assertThat(p.meanIoInterval()).isGreaterThan(100_000);
        });
        // their working sets at theta 500k are about twice the frames a task had in Carr's memories
        assertThat(SHIPPED.framesScale()).isEqualTo(2.0);
        assertThat(SHIPPED.frames(200)).isEqualTo(400);
        assertThat(SHIPPED.frames(175)).isEqualTo(350);
    }

    @Test
    void theSteadyStateIsTheSameProgramsTheirNextFiveMillionReferencesOnFewerPages() {
        Prototypes steady = Prototypes.steady();
        assertThat(steady.prototypes()).extracting(Prototype::name)
                .containsExactlyElementsOf(SHIPPED.prototypes().stream().map(Prototype::name).toList());
        assertThat(steady.prototypes()).allSatisfy(p -> assertThat(p.string().references()).isEqualTo(5_000_000));
        // past their start-up they touch fewer pages: the compulsory faults of a task shrink towards Carr's
        int first = SHIPPED.prototypes().stream().mapToInt(p -> p.string().pages()).sum();
        int next = steady.prototypes().stream().mapToInt(p -> p.string().pages()).sum();
        assertThat(next).isLessThan(first * 2 / 3);
        // a common I/O rate replaces each program's own
        assertThat(steady.withIoInterval(10_000).prototypes())
                .allSatisfy(p -> assertThat(p.meanIoInterval()).isEqualTo(10_000));
        assertThat(steady.withFramesScale(2.5).frames(200)).isEqualTo(500);
    }

    @Test
    void theWorkloadIsTheSameSequenceForASeedAndDrawsFromEveryProgram() {
        List<Prototype> fifty = SHIPPED.workload(50, 1);
        assertThat(fifty).hasSize(50).isEqualTo(SHIPPED.workload(50, 1)).isNotEqualTo(SHIPPED.workload(50, 2));
        assertThat(fifty.stream().map(Prototype::name).distinct().count()).isGreaterThan(5);
    }

    @Test
    void sixTasksOnConfigurationAUnderEachPolicyCompleteAndLtrtHelpsPureWs() {
        List<Prototype> six = SHIPPED.workload(6, 1);
        double pure = 0;
        double ltrt = 0;
        for (Object[] policy : new Object[][] {{MemoryPolicy.WS, false}, {MemoryPolicy.WS, true},
                {MemoryPolicy.WSCLOCK, true}}) {
            SystemConfig paper = SystemConfig.table1('A', (MemoryPolicy) policy[0], (Boolean) policy[1], 200_000);
            SystemConfig config = paper.withFrames(SHIPPED.frames(paper.frames()));
            SystemResult result = MultiprogrammedSystem.run(config, six, 1);
            assertThat(result.references()).isEqualTo(30_000_000);
            assertThat(result.utilization()).isBetween(0.01, 1.0);
            assertThat(result.meanMpl()).isGreaterThan(1);
            if (policy[0] == MemoryPolicy.WSCLOCK) {
                assertThat(result.wsScans()).isZero();
                assertThat(result.pointerTravel()).isPositive();
            } else if ((Boolean) policy[1]) {
                ltrt = result.utilization();
            } else {
                pure = result.utilization();
            }
        }
        assertThat(ltrt).as("LT/RT raises pure WS's utilization").isGreaterThan(pure);
    }
}
