package io.heaplab.paging.opt;

import static io.heaplab.paging.opt.OptTest.CLASSIC;
import static io.heaplab.paging.opt.OptTest.classicWithWrites;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.paging.stack.CurveCheck;
import io.heaplab.testkit.FixedMemoryContract;
import io.heaplab.testkit.PageTraces;
import java.util.stream.LongStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class OptStackTest extends FixedMemoryContract {

    /** The curve holds every size at once; the contract reads it at the size it asks about. */
    @Override
    protected PagingSimulator create(int frames) {
        return new OptStack();
    }

    @Override
    protected boolean looksAhead() {
        return true;
    }

    static PagingOutcome.Curve curve(long[] runs) {
        return (PagingOutcome.Curve) run(new OptStack(), runs);
    }

    @Test
    void theClassicStringGivesTheOptCurve() {
        // 3 and 4 frames are worked out in OptTest (9 and 8). 1 frame: no page twice in a row, 20. 6 frames: the
        // 6 first references. 5 frames: [7 0 1 2 3] full at 5; 4* at 7 evicts 7@17 (0@10 1@13 2@8 3@9); 7* at 17
        // evicts 2, the lowest of 2 3 4 never used again: 7. 2 frames (next uses, - = never):
        //  0:7* 1:0* 2:1* (7@17 0@4: 7 out) 3:2* (0@4 1@13: 1) 5:3* (0@6 2@8: 2) 7:4* (0@10 3@9: 0)
        //  8:2* (3@9 4@-: 4) 10:0* (3@11 2@12: 2) 12:2* (3@- 0@15: 3) 13:1* (0@15 2@14: 0) 15:0* (2@- 1@16: 2)
        //  17:7* (1@19 0@18: 1) 19:1* (0@- 7@-: 0)  = 13
        PagingOutcome.Curve curve = curve(reads(CLASSIC));
        assertThat(curve.faults()).containsExactly(20, 13, 9, 8, 7, 6);
        assertThat(curve.writeBacks()).containsOnly(0);
        assertThat(curve.references()).isEqualTo(CLASSIC.length);
        CurveCheck.assertMatchesPerSize(reads(CLASSIC), 0, OptStack::new, Opt::new);
    }

    @Test
    void theClassicStringWithWritesWritesBackFourPagesInThreeFrames() {
        // OptTest works out the 4 write-backs of 3 frames; the stack makes the same choices at every size
        PagingOutcome.Curve curve = curve(classicWithWrites());
        assertThat(curve.faultsAt(3)).isEqualTo(9);
        assertThat(curve.writeBacks()[2]).isEqualTo(4);
        CurveCheck.assertMatchesPerSize(classicWithWrites(), 0, OptStack::new, Opt::new);
        CurveCheck.assertMatchesPerSize(classicWithWrites(), 9, OptStack::new, Opt::new);
    }

    @Test
    void beforeFinishingTheCurveIsEmpty() {
        OptStack stack = new OptStack();
        stack.accept(reads(CLASSIC), CLASSIC.length);
        assertThat(((PagingOutcome.Curve) stack.outcome()).points()).isZero();
    }

    @Provide
    Arbitrary<long[]> sizedTraces() {
        return Arbitraries.of(2, 9, 30).flatMap(maxPage -> PageTraces.traces(maxPage, 400));
    }

    /** The self-check: one pass gives, at every size, MIN's faults and write-backs at that size. */
    @Property(tries = 100)
    void agreesWithOptAtEverySize(@ForAll("sizedTraces") long[] runs) {
        CurveCheck.assertMatchesPerSize(runs, 0, OptStack::new, Opt::new);
    }

    @Property(tries = 100)
    void agreesWithOptAtEverySizeAfterAWarmUp(@ForAll("sizedTraces") long[] runs,
                                              @ForAll @IntRange(min = 0, max = 400) int split) {
        CurveCheck.assertMatchesPerSize(runs, Math.min(split, runs.length), OptStack::new, Opt::new);
    }

    @Property(tries = 100)
    void measuringFromTheEndCountsNothing(@ForAll("sizedTraces") long[] runs) {
        // measuring from after the last run counts nothing, at any size
        PagingOutcome.Curve curve = (PagingOutcome.Curve) CurveCheck.measure(new OptStack(), runs, runs.length);
        assertThat(LongStream.of(curve.faults()).sum()).isZero();
        assertThat(LongStream.of(curve.writeBacks()).sum()).isZero();
        assertThat(curve.references()).isZero();
    }
}
