package io.heaplab.paging.opt;

import static io.heaplab.testkit.PageTraces.distinctPages;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.paging.lru.ExactLru;
import io.heaplab.testkit.FixedMemoryContract;
import io.heaplab.testkit.PageTraces;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class OptTest extends FixedMemoryContract {

    /** The textbook string (Silberschatz &amp; Galvin). */
    static final int[] CLASSIC = {7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1};

    @Override
    protected PagingSimulator create(int frames) {
        return new Opt(frames);
    }

    @Override
    protected boolean looksAhead() {
        return true;
    }

    static PagingOutcome.Faults opt(int frames, long[] runs) {
        return (PagingOutcome.Faults) run(new Opt(frames), runs);
    }

    /** The classic string with writes at runs 3 (page 2), 6 (page 0), 7 (page 4) and 11 (page 3). */
    static long[] classicWithWrites() {
        long[] runs = reads(CLASSIC);
        for (int i : new int[] {3, 6, 7, 11}) {
            runs[i] = PageRun.pack(CLASSIC[i], 1, true);
        }
        return runs;
    }

    @Test
    void theClassicStringFaultsNineTimesInThreeFrames() {
        // 3 frames; at each fault in a full memory, the next use of each resident page (run index, - = never):
        //  0:7* 1:0* 2:1*                       [7 0 1]
        //  3:2*  7@17 0@4  1@13  -> evict 7     [2 0 1]   4:0 hit
        //  5:3*  2@8  0@6  1@13  -> evict 1     [2 0 3]   6:0 hit
        //  7:4*  2@8  0@10 3@9   -> evict 0     [2 4 3]   8:2 9:3 hit
        // 10:0*  2@12 4@-  3@11  -> evict 4     [2 0 3]  11:3 12:2 hit
        // 13:1*  2@14 0@15 3@-   -> evict 3     [2 0 1]  14:2 15:0 16:1 hit
        // 17:7*  2@-  0@18 1@19  -> evict 2     [7 0 1]  18:0 19:1 hit
        // faults: 7 0 1 2 3 4 0 1 7 = 9 (LRU: 12)
        assertThat(opt(3, reads(CLASSIC)).faults()).isEqualTo(9);
        // 4 frames: 0:7* 1:0* 2:1* 3:2* [7 0 1 2]; 5:3* 7@17 0@6 1@13 2@8 -> evict 7; 7:4* 0@10 1@13 2@8 3@9
        // -> evict 1; 13:1* 0@15 2@14 3@- 4@- -> evict 3 (the lower of two never used again); 17:7* 0@18 1@19
        // 2@- 4@- -> evict 2. Faults 7 0 1 2 3 4 1 7 = 8
        assertThat(opt(4, reads(CLASSIC)).faults()).isEqualTo(8);
    }

    @Test
    void theClassicStringWithWritesWritesBackFourPagesInThreeFrames() {
        // Same choices as above (writes do not change MIN's victims). Victims and their dirt:
        //  7 at 3 (clean), 1 at 5 (clean), 0 at 7 (written at 6: 1), 4 at 10 (written at 7: 2),
        //  3 at 13 (written at 11: 3), 2 at 17 (written at 3 and resident since: 4).
        // At the end 7, 0 (reloaded clean at 10) and 1 are resident and clean.
        assertThat(opt(3, classicWithWrites()))
                .isEqualTo(new PagingOutcome.Faults(9, Map.of(PagingOutcome.WRITE_BACKS, 4L)));
    }

    @Test
    void thePageUsedFarthestAheadGoesAndAmongPagesNeverUsedAgainTheLowest() {
        // W5 W3 R9 R5 in 2 frames: at 9 the next uses are 5@3 and 3@never, so 3 goes, dirty: 1 write-back
        long[] runs = {PageRun.pack(5, 1, true), PageRun.pack(3, 1, true), PageRun.pack(9, 1, false),
                PageRun.pack(5, 1, false)};
        assertThat(opt(2, runs)).isEqualTo(new PagingOutcome.Faults(3, Map.of(PagingOutcome.WRITE_BACKS, 1L)));
        // W5 R3 R9: neither is used again; the lower, 3 (clean), goes, not 5 (dirty): no write-back
        long[] tie = {PageRun.pack(5, 1, true), PageRun.pack(3, 1, false), PageRun.pack(9, 1, false)};
        assertThat(opt(2, tie)).isEqualTo(new PagingOutcome.Faults(3, Map.of(PagingOutcome.WRITE_BACKS, 0L)));
    }

    @Test
    void beforeFinishingItReportsNothing() {
        Opt opt = new Opt(2);
        opt.accept(reads(CLASSIC), CLASSIC.length);
        assertThat(opt.outcome()).isEqualTo(new PagingOutcome.Faults(0, Map.of(PagingOutcome.WRITE_BACKS, 0L)));
        opt.finish();
        assertThat(((PagingOutcome.Faults) opt.outcome()).faults()).isPositive();
    }

    @Test
    void rejectsNoFramesAndNegativePages() {
        assertThatThrownBy(() -> new Opt(0)).hasMessage("frames: 0 (expected: >= 1)");
        assertThatThrownBy(() -> new Opt(1).accept(reads(-3), 1)).hasMessage("page: -3 (expected: >= 0)");
    }

    @Test
    void sparsePagesAndManyMoreFramesThanPages() {
        assertThat(opt(1_000_000, reads(5_000_000, 3, 5_000_000, 70_000, 3)).faults()).isEqualTo(3);
        // 2 frames: at 70000 the page 5000000 is never used again and goes; 3 hits (LRU would evict 3: 4 faults)
        assertThat(opt(2, reads(5_000_000, 3, 5_000_000, 70_000, 3)).faults()).isEqualTo(3);
    }

    @Provide
    Arbitrary<long[]> smallTraces() {
        return PageTraces.traces(20, 400);
    }

    /**
     * MIN is a stack algorithm (Mattson et al. 1970): after every run, what f frames hold, f + 1 frames hold too.
     * Fewer faults with more frames would follow, but is weaker.
     */
    @Property(tries = 100)
    void residentSetsNestAfterEveryRun(@ForAll("smallTraces") long[] runs) {
        RunBuffer trace = new RunBuffer();
        trace.append(runs, runs.length);
        int[] next = trace.nextUses();
        for (int frames = 1; frames <= distinctPages(runs); frames++) {
            OptMemory small = new OptMemory(frames, trace, next);
            OptMemory large = new OptMemory(frames + 1, trace, next);
            while (small.hasNext()) {
                small.step();
                large.step();
                for (int page = 0; page < trace.pages(); page++) {
                    if (small.isResident(page)) {
                        assertThat(large.isResident(page))
                                .as("page %d after run %d: in %d frames but not %d", page, small.position() - 1,
                                        frames, frames + 1)
                                .isTrue();
                    }
                }
            }
            small.verify();
            large.verify();
        }
    }

    @Property(tries = 100)
    void neverFaultsMoreThanLru(@ForAll("smallTraces") long[] runs, @ForAll @IntRange(min = 1, max = 12) int frames) {
        long lru = ((PagingOutcome.Faults) run(new ExactLru(frames), runs)).faults();
        assertThat(opt(frames, runs).faults()).isLessThanOrEqualTo(lru);
    }
}
