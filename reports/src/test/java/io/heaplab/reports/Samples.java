package io.heaplab.reports;

import io.heaplab.core.diagnostics.Diagnostics;
import io.heaplab.core.diagnostics.Histogram;
import io.heaplab.core.heap.Accounting;
import io.heaplab.core.run.ByteMisses;
import io.heaplab.core.run.FaultWindows;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.Fragmentation;
import io.heaplab.core.spi.SpaceMeasures;
import io.heaplab.core.spi.Timeline;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;

/** Two hand-made runs with every kind of paging outcome. */
final class Samples {

    private Samples() {
    }

    /** A short trace replayed through a frames curve, a window curve and one fixed size. */
    static ReferenceStream stream() {
        SequencedMap<String, Object> origin = new LinkedHashMap<>();
        origin.put("trace", "ls.lackey");
        origin.put("format", "lackey");
        origin.put("pageSize", 4096);
        return new ReferenceStream(origin, 40, 4, 31, 3);
    }

    /**
     * A sized trace of 10 requests replayed after a warm-up of 5: FIFO in 2 frames, with its bytes, and an LRU
     * curve, which counts its faults only at the end.
     */
    static ReferenceStream warmedStream() {
        SequencedMap<String, Object> origin = new LinkedHashMap<>();
        origin.put("trace", "w.oracleGeneral");
        origin.put("format", "oracle-general");
        origin.put("pageSize", 0);
        return new ReferenceStream(origin, 10, 5, 10, 4, 5);
    }

    static SequencedMap<String, PagingOutcome> sizedReplay() {
        SequencedMap<String, PagingOutcome> paging = new LinkedHashMap<>();
        Map<String, Number> measures = new LinkedHashMap<>();
        measures.put(PagingOutcome.WRITE_BACKS, 0L);
        measures.put(ByteMisses.BYTES_REQUESTED, 800L);
        measures.put(ByteMisses.BYTES_MISSED, 200L);
        measures.put(ByteMisses.BYTE_MISS_RATIO, 0.25);
        paging.put("fifo:frames=2", new PagingOutcome.Faults(2, measures));
        paging.put("lru:frames=all", PagingOutcome.Curve.ofFrames(new long[] {5, 2, 1, 1},
                new long[4], new double[] {1.0, 2.0, 2.8, 2.8}, 5));
        return paging;
    }

    /** FIFO's faults in windows of 4 references, the last of 2: 3 cold misses, then 1, then 1. */
    static FaultWindows windows() {
        SequencedMap<String, long[]> faults = new LinkedHashMap<>();
        faults.put("fifo:frames=2", new long[] {3, 1, 1});
        return new FaultWindows(4, new long[] {4, 8, 10}, faults, new java.util.LinkedHashMap<>(), List.of("lru:frames=all"));
    }

    static SequencedMap<String, PagingOutcome.Curve> curves() {
        SequencedMap<String, PagingOutcome.Curve> curves = new LinkedHashMap<>();
        curves.put("lru:frames=all", PagingOutcome.Curve.ofFrames(new long[] {12, 5, 0},
                new long[] {3, 1, 0}, new double[] {1.0, 1.875, 2.5}, 36));
        curves.put("ws:theta=all", new PagingOutcome.Curve(PagingOutcome.Curve.Axis.WINDOW, new long[] {1, 2, 136},
                new long[] {20, 9, 3}, new long[] {4, 2, 0}, new double[] {1.0, 1.25, 2.75}, 36));
        return curves;
    }

    static SequencedMap<String, PagingOutcome> replayed() {
        SequencedMap<String, PagingOutcome> paging = new LinkedHashMap<>(curves());
        Map<String, Number> measures = new LinkedHashMap<>();
        measures.put(PagingOutcome.WRITE_BACKS, 2L);
        paging.put("fifo:frames=2", new PagingOutcome.Faults(7, measures));
        return paging;
    }

    /** Two runs, the second with its diagnostics, its allocator's disposals paged and first touches left out. */
    static List<RunResult> runs() {
        return List.of(run("stack", 40, 9, 2, Accounting.WORKLOAD, null),
                run("nofree", 52, 13, 0, new Accounting(Accounting.AllocatorReferences.DISPOSE, false), diagnostics()));
    }

    private static Diagnostics diagnostics() {
        SequencedMap<String, Long> insert = new LinkedHashMap<>();
        insert.put("lru:frames=2", 5L);
        insert.put("wsclock:frames=2,theta=10", 6L);
        SequencedMap<String, Long> rest = new LinkedHashMap<>();
        rest.put("lru:frames=2", 8L);
        rest.put("wsclock:frames=2,theta=10", 8L);
        return new Diagnostics(20, 4, 12, 9, 1, new Histogram(new long[] {0, 8, 3, 1}, 12, 19), 15,
                new Histogram(new long[] {2, 3, 4, 6}, 15, 40),
                List.of(new Diagnostics.Phase("rest", 0, 30, rest), new Diagnostics.Phase("insert", 20, 22, insert)));
    }

    private static RunResult run(String allocator, long references, long faults, long writeBacks,
                                 Accounting accounting, Diagnostics diagnostics) {
        SequencedMap<String, PagingOutcome> paging = new LinkedHashMap<>();
        paging.put("lru:frames=2", new PagingOutcome.Faults(faults));
        paging.put("lru:frames=all", PagingOutcome.Curve.ofFrames(new long[] {faults + 3, faults, 4},
                new long[] {writeBacks + 1, writeBacks, 0}, new double[] {1.0, 1.75, 2.5}, references));
        Map<String, Number> measures = new LinkedHashMap<>();
        measures.put("writeBacks", writeBacks);
        measures.put("meanPointerTravel", 1.5);
        paging.put("wsclock:frames=2,theta=10", new PagingOutcome.Faults(faults + 1, measures));
        return new RunResult("random-blocks:live=4", allocator, 64, 7, references, 0, 11, 5, 4, 4, 20, 20, 0, 4, 64,
                new SpaceMeasures(references / 2, 96, 0.125, 0.25), Fragmentation.NONE, Timeline.EMPTY, paging, accounting, diagnostics, 123_456_789L);
    }
}
