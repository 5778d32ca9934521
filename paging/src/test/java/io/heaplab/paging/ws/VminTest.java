package io.heaplab.paging.ws;

import static io.heaplab.paging.ws.WorkingSetTest.SMALL;
import static io.heaplab.paging.ws.WorkingSetTest.spaceTime;
import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.testkit.VariableMemoryContract;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The contract, and cases worked by hand on {@link WorkingSetTest#SMALL} (times 1..8: w0 r1 r0 r2 r1 r3 r0 w1). In
 * the comments {@code p@L g} is the reference to {@code p} at time {@code L} whose next one comes {@code g} later
 * ({@code -} for none): VMIN keeps the page for {@code g} times if {@code g <= tau}, else for 1.
 */
class VminTest extends VariableMemoryContract {

    @Override
    protected PagingSimulator createWithWindow(long window) {
        return new Vmin(window);
    }

    /** VMIN removes every page after its last reference, so every written page is written back once. */
    @Override
    protected long writeBacksWithAWindowLongerThanTheTrace(long[] runs) {
        return writtenPages(runs);
    }

    @Override
    protected boolean measuresAddUp() {
        return false;
    }

    static PagingOutcome.Faults vmin(long tau, long... runs) {
        return (PagingOutcome.Faults) run(new Vmin(tau), runs);
    }

    @Test
    void theSmallStringWithAWindowOfTwo() {
        // tau 2: 0@1 2 -> 2; 1@2 3 -> 1; 0@3 4 -> 1; 2@4 - -> 1; 1@5 3 -> 1; 3@6 - -> 1; 0@7 - -> 1; 1@8 - -> 1
        //  space-time 9, mean 9/8 = 1.125 (the working set: 15)
        //  faults where a backward gap exceeds 2, as the working set: t1 t2 t4 t5 t6 t7 t8 = 7
        //  0, dirty since t1, leaves after t3 (its next gap is 4): write-back 1; 1, written at t8, leaves after
        //  its last reference: write-back 2 (the working set keeps it to the end and writes it not)
        PagingOutcome.Faults outcome = vmin(2, SMALL);
        assertThat(outcome.faults()).isEqualTo(7);
        assertThat(spaceTime(outcome)).isEqualTo(9);
        assertThat(outcome.measures().get("meanResident")).isEqualTo(1.125);
        assertThat(outcome.measures().get("writeBacks")).isEqualTo(2L);
    }

    @Test
    void theSmallStringWithAWindowOfThree() {
        // tau 3: 0@1 2 -> 2; 1@2 3 -> 3; 0@3 4 -> 1; 2@4 -> 1; 1@5 3 -> 3; 3@6, 0@7, 1@8 -> 1 each
        //  space-time 13, mean 1.625 (the working set: 20); faults t1 t2 t4 t6 t7 = 5; write-backs 2 as above
        PagingOutcome.Faults outcome = vmin(3, SMALL);
        assertThat(outcome.faults()).isEqualTo(5);
        assertThat(spaceTime(outcome)).isEqualTo(13);
        assertThat(outcome.measures().get("meanResident")).isEqualTo(1.625);
        assertThat(outcome.measures().get("writeBacks")).isEqualTo(2L);
    }

    @Test
    void aMeasuredPhaseCountsOnlyTheMeasuredTimes() {
        // tau 3, split after t4 (measured times 5..8):
        //  1@2 3: kept at 2..4, none of it measured; 0@3 4: gone after 3; 2@4 -: gone after 4, clean
        //  1@5 3 -> 3; 3@6, 0@7, 1@8 -> 1 each: space-time 6, mean 1.5
        //  faults: t6 (3, first), t7 (0, gap 4) = 2; t5 and t8 have gaps of 3
        //  0 left dirty at time 4, before the phase: not counted; 1 leaves dirty after t8: 1 write-back
        PagingSimulator vmin = new Vmin(3);
        vmin.accept(SMALL, 4);
        vmin.startMeasuring();
        vmin.accept(Arrays.copyOfRange(SMALL, 4, 8), 4);
        vmin.finish();
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) vmin.outcome();
        assertThat(outcome.faults()).isEqualTo(2);
        assertThat(spaceTime(outcome)).isEqualTo(6);
        assertThat(outcome.measures().get("writeBacks")).isEqualTo(1L);
    }

    @Test
    void aLongRunHoldsOnlyThePagesNeededAfterIt() {
        // tau 12: t1 w0, t2 w1, t3..t12 a run of 10 references to 2, t13 r0, t14 r2.
        //  0@1 12 -> 12 (kept through the run); 1@2 - -> 1 (gone after t2, dirty: write-back);
        //  the run: 10, its last reference 2@12 2 -> 2; 0@13 - -> 1 (dirty: write-back); 2@14 - -> 1
        //  space-time 12 + 1 + 9 + 2 + 1 + 1 = 26; faults 3 (first references); write-backs 2
        PagingOutcome.Faults outcome = vmin(12, write(0, 1), write(1, 1), read(2, 10), read(0, 1), read(2, 1));
        assertThat(outcome.faults()).isEqualTo(3);
        assertThat(spaceTime(outcome)).isEqualTo(26);
        assertThat(outcome.measures().get("writeBacks")).isEqualTo(2L);
    }

    @Test
    void rejectsABadWindowAndReferencesAfterTheEnd() {
        assertThatThrownBy(() -> new Vmin(0)).hasMessage("theta: 0 (expected: >= 1)");
        Vmin vmin = new Vmin(2);
        vmin.finish();
        assertThatThrownBy(() -> vmin.accept(SMALL, 1)).isInstanceOf(IllegalStateException.class);
    }
}
