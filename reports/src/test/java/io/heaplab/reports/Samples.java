package io.heaplab.reports;

import io.heaplab.core.diagnostics.Diagnostics;
import io.heaplab.core.diagnostics.Histogram;
import io.heaplab.core.heap.Accounting;
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
