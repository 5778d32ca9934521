package io.heaplab.paging.s3fifo;

import static io.heaplab.paging.s3fifo.S3Fifo.Variant.LIBCACHESIM;
import static io.heaplab.paging.s3fifo.S3Fifo.Variant.PAPER;
import static io.heaplab.testkit.PageTraces.read;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static io.heaplab.testkit.PageTraces.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.testkit.FixedMemoryContract;
import io.heaplab.testkit.PageTraces;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The contract, and cases worked by hand. In the comments the queues are written oldest (tail) first, as
 * {@link S3Fifo#describe()} writes them: {@code S[page:frequency ...] M[...] G[ids]}. Most cases use 4 frames with
 * {@code small=0.5}: {@code S}'s share 2, {@code M}'s 2, and {@code G} holds 2 ids (paper) or 3 (libcachesim).
 */
class S3FifoTest extends FixedMemoryContract {

    @Override
    protected PagingSimulator create(int frames) {
        return new S3Fifo(frames);
    }

    /** Feeds {@code runs} and returns the queues as {@link S3Fifo#describe()} writes them. */
    static String state(S3Fifo s3, long... runs) {
        s3.accept(runs, runs.length);
        return s3.describe();
    }

    static long faults(S3Fifo s3, long... runs) {
        return ((PagingOutcome.Faults) run(s3, runs)).faults();
    }

    @Test
    void newPagesEnterSmallAndLeaveItForTheGhostWhoseHitsEnterMain() {
        S3Fifo s3 = new S3Fifo(4, 0.5, PAPER);
        //  0* 1* 2* 3*: memory not full, all to S, frequency 0
        assertThat(state(s3, reads(0, 1, 2, 3))).isEqualTo("S[0:0 1:0 2:0 3:0] M[] G[]");
        //  4*: full, |S| = 4 >= 2: S's tail 0, unused, evicted, its id to G
        assertThat(state(s3, reads(4))).isEqualTo("S[1:0 2:0 3:0 4:0] M[] G[0]");
        //  0*: 1 evicted to G; 0 was in G: it leaves G and enters M
        assertThat(state(s3, reads(0))).isEqualTo("S[2:0 3:0 4:0] M[0:0] G[1]");
        //  5*: 2 to G;  6*: 3 to G, which holds 2 ids: 1 forgotten
        assertThat(state(s3, reads(5, 6))).isEqualTo("S[4:0 5:0 6:0] M[0:0] G[2 3]");
        //  1*: 4 to G (2 forgotten); 1 was forgotten, so it starts again in S
        assertThat(state(s3, reads(1))).isEqualTo("S[5:0 6:0 1:0] M[0:0] G[3 4]");
        //  3*: 5 to G, pushing 3 out before the paper's INSERT looks for it: 3 goes to S
        assertThat(state(s3, reads(3))).isEqualTo("S[6:0 1:0 3:0] M[0:0] G[4 5]");
        // -> 10 faults
        assertThat(faults(new S3Fifo(4, 0.5, PAPER), reads(0, 1, 2, 3, 4, 0, 5, 6, 1, 3))).isEqualTo(10);
    }

    @Test
    void twoHitsPromoteFromSmallToMainWhichReinsertsUsedPagesAndCanEvictTwice() {
        S3Fifo s3 = new S3Fifo(4, 0.5, PAPER);
        //  0* 1* 2* 3*; 0 twice, 1 once
        assertThat(state(s3, reads(0, 1, 2, 3, 0, 0, 1))).isEqualTo("S[0:2 1:1 2:0 3:0] M[] G[]");
        //  4*: 0 has frequency 2 > 1: to M, frequency cleared, the scan goes on; 1 (frequency 1) evicted to G
        assertThat(state(s3, reads(4))).isEqualTo("S[2:0 3:0 4:0] M[0:0] G[1]");
        //  a run of 4 on 0 caps it at 3; 2 and 3 twice each
        assertThat(state(s3, read(0, 4), read(2, 2), read(3, 2))).isEqualTo("S[2:2 3:2 4:0] M[0:3] G[1]");
        //  5*: 2 to M (|M| = 2); 3 to M, |M| = 3 > 2: M evicts at once: 0 (3) reinserted at M's head as 2,
        //      2 (0) evicted; S goes on: 4 to G. Two frames freed: 5 takes one
        assertThat(state(s3, reads(5))).isEqualTo("S[5:0] M[3:0 0:2] G[1 4]");
        //  6*: a free frame: no eviction
        assertThat(state(s3, reads(6))).isEqualTo("S[5:0 6:0] M[3:0 0:2] G[1 4]");
        //  7*: 5 to G (1 forgotten);  8*: 6 to G (4 forgotten)
        assertThat(state(s3, reads(7, 8))).isEqualTo("S[7:0 8:0] M[3:0 0:2] G[5 6]");
        //  6*: 7 to G (5 forgotten), 6 found in G: to M; a hit on 6
        assertThat(state(s3, reads(6, 6))).isEqualTo("S[8:0] M[3:0 0:2 6:1] G[7]");
        //  9*: |S| = 1 < 2: M evicts its tail 3 (unused)
        assertThat(state(s3, reads(9))).isEqualTo("S[8:0 9:0] M[0:2 6:1] G[7]");
        //  7*: |S| = 2: 8 to G, 7 found in G: to M
        assertThat(state(s3, reads(7))).isEqualTo("S[9:0] M[0:2 6:1 7:0] G[8]");
        //  10*: |S| < 2: M: 0 (2) reinserted as 1, 6 (1) reinserted as 0, 7 (0) evicted
        assertThat(state(s3, reads(10))).isEqualTo("S[9:0 10:0] M[0:1 6:0] G[8]");
    }

    @Test
    void libCacheSimEvictsOnePagePerFaultLettingMainOverflowItsShare() {
        S3Fifo s3 = new S3Fifo(4, 0.5, LIBCACHESIM);
        //  as the paper until 5; G holds floor(0.9 * 4) = 3 ids
        state(s3, reads(0, 1, 2, 3, 0, 0, 1, 4));
        assertThat(state(s3, read(0, 4), read(2, 2), read(3, 2))).isEqualTo("S[2:2 3:2 4:0] M[0:3] G[1]");
        //  5*: |M| = 1 <= 2: from S: 2 and 3 to M, M left at 3 > 2; 4 to G; one frame freed
        assertThat(state(s3, reads(5))).isEqualTo("S[5:0] M[0:3 2:0 3:0] G[1 4]");
        //  6*: |M| = 3 > 2: from M: 0 (3) reinserted as 2, 2 (0) evicted
        assertThat(state(s3, reads(6))).isEqualTo("S[5:0 6:0] M[3:0 0:2] G[1 4]");
        //  1*: 1 taken off G first; |M| = 2: from S: 5 to G; 1 to M
        assertThat(state(s3, reads(1))).isEqualTo("S[6:0] M[3:0 0:2 1:0] G[4 5]");
        //  7*: |M| = 3 > 2: 3 evicted
        assertThat(state(s3, reads(7))).isEqualTo("S[6:0 7:0] M[0:2 1:0] G[4 5]");
        //  8*: 6 to G;  9*: 7 to G, which holds 3: 4 forgotten
        assertThat(state(s3, reads(8, 9))).isEqualTo("S[8:0 9:0] M[0:2 1:0] G[5 6 7]");
        //  4*: forgotten: to S, 8 to G (5 forgotten)
        assertThat(state(s3, reads(4))).isEqualTo("S[9:0 4:0] M[0:2 1:0] G[6 7 8]");
    }

    @ParameterizedTest
    @CsvSource({
        "100,  0.1, paper,       10, 90",
        "100,  0.1, libcachesim, 10, 90",
        "15,   0.1, paper,       2,  13",
        "15,   0.1, libcachesim, 1,  13",
        "70,   0.1, paper,       7,  63",
        "70,   0.1, libcachesim, 7,  63",
        "10,   0.25, paper,      3,  7",
        "10,   0.25, libcachesim, 2, 9",
        "10,   0.25, caffeine,   2,  9",
        "15,   0.1, paper,       2,  13",
        "15,   0.1, caffeine,    1,  13",
        "25,   0.1, paper,       3,  22",
        "25,   0.1, caffeine,    2,  22",
        "1,    0.1, paper,       1,  0",
        "1,    0.1, libcachesim, 1,  0",
        "5,    0,   paper,       1,  4",
    })
    void sharesAndGhostCapacity(int frames, double small, String variant, int smallShare, int ghost) {
        S3Fifo s3 = new S3Fifo(frames, small, S3Fifo.Variant.of(variant));
        assertThat(s3.smallShare()).isEqualTo(smallShare);
        assertThat(s3.ghostCapacity()).isEqualTo(ghost);
    }

    @Test
    void dirtyPagesAreWrittenBackWhenTheyLeaveSmallOrMain() {
        // 2 frames, small=0.5, paper: S's share 1, M's 1, G holds 1 id; d marks a dirty page
        //  W0* R1*                      S[0:0d 1:0]
        //  R2*: 0 evicted to G, dirty: write-back 1          S[1:0 2:0] G[0]
        //  W0*: 1 to G (0 forgotten); 0 to S                S[2:0 0:0d] G[1]
        //  R0 x2                        S[2:0 0:2d]
        //  R3*: 2 to G                  S[0:2d 3:0] G[2]
        //  R4*: 0 to M; 3 to G          S[4:0] M[0:0d] G[3]
        //  R5*: 4 to G; R5 x2           S[5:2] M[0:0d] G[4]
        //  R6*: 5 to M, |M| = 2 > 1: M evicts 0, dirty: write-back 2; S empty      S[6:0] M[5:0] G[4]
        // -> 8 faults, 2 write-backs
        S3Fifo s3 = new S3Fifo(2, 0.5, PAPER);
        long[] runs = {write(0, 1), read(1, 1), read(2, 1), write(0, 1), read(0, 2), read(3, 1), read(4, 1),
            read(5, 1), read(5, 2), read(6, 1)};
        assertThat(state(s3, runs)).isEqualTo("S[6:0] M[5:0] G[4]");
        assertThat(run(new S3Fifo(2, 0.5, PAPER), runs))
                .isEqualTo(new PagingOutcome.Faults(8, Map.of(PagingOutcome.WRITE_BACKS, 2L)));
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> new S3Fifo(0)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new S3Fifo(4, 1.5, PAPER)).hasMessage("small: 1.5 (expected: 0 to 1)");
        assertThatThrownBy(() -> S3Fifo.Variant.of("lcs")).hasMessage("variant: lcs (expected: paper, libcachesim or caffeine)");
        assertThatThrownBy(() -> new S3Fifo(1).accept(reads(-1), 1)).hasMessage("page: -1 (expected: >= 0)");
    }

    @Provide
    Arbitrary<long[]> shortTraces() {
        return PageTraces.traces(14, 150);
    }

    @Provide
    Arbitrary<Double> smalls() {
        return Arbitraries.of(0.0, 0.1, 0.25, 0.5, 0.75, 1.0);
    }

    @Property(tries = 400)
    void sameFaultsAndWriteBacksAsANaiveListModel(@ForAll("shortTraces") long[] runs,
                                                   @ForAll @IntRange(min = 1, max = 9) int frames,
                                                   @ForAll("smalls") double small,
                                                   @ForAll S3Fifo.Variant variant) {
        PagingOutcome.Faults outcome = (PagingOutcome.Faults) run(new S3Fifo(frames, small, variant), runs);
        long[] expected = new NaiveS3Fifo(frames, small, variant == LIBCACHESIM, variant != PAPER).run(runs);
        assertThat(outcome.faults()).isEqualTo(expected[0]);
        assertThat(outcome.measures().get(PagingOutcome.WRITE_BACKS).longValue()).isEqualTo(expected[1]);
    }
}
