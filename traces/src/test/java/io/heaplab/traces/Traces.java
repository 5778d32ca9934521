package io.heaplab.traces;

import io.heaplab.core.trace.PageRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes and reads whole traces for tests. */
public final class Traces {

    private Traces() {
    }

    /** A trace: its runs and, for each startMeasuring(), how many runs came before it. */
    public record Trace(long[] runs, List<Integer> markers) {
        public long references() {
            long sum = 0;
            for (long run : runs) {
                sum += PageRun.count(run);
            }
            return sum;
        }
    }

    /** Feeds the runs to a new writer in batches of {@code batchSize} (markers split batches), then commits. */
    public static TraceWriter write(Path file, TraceFormat format, int pageSize, boolean compress, Trace trace,
            int batchSize) throws IOException {
        try (TraceWriter writer = TraceFiles.create(file, format, pageSize, compress)) {
            feed(writer, trace, batchSize);
            writer.finish();
            writer.commit();
            return writer;
        }
    }

    public static void feed(TraceWriter writer, Trace trace, int batchSize) {
        long[] buffer = new long[batchSize];
        int marker = 0;
        int from = 0;
        long[] runs = trace.runs();
        while (true) {
            int stop = marker < trace.markers().size() ? trace.markers().get(marker) : runs.length;
            while (from < stop) {
                int length = Math.min(batchSize, stop - from);
                System.arraycopy(runs, from, buffer, 0, length);
                writer.accept(buffer, length);
                java.util.Arrays.fill(buffer, -1L);
                from += length;
            }
            if (marker == trace.markers().size()) {
                return;
            }
            writer.startMeasuring();
            marker++;
        }
    }

    public static Trace read(Path file, TraceFormat format, ReadOptions options) throws IOException {
        try (TraceReader reader = TraceFiles.open(file, format, options)) {
            RecordingSink sink = new RecordingSink();
            long references = reader.replay(sink);
            if (references != sink.references()) {
                throw new AssertionError("replay returned " + references + " but delivered " + sink.references());
            }
            return new Trace(sink.runs(), sink.markers());
        }
    }

    public static Trace read(Path file) throws IOException {
        return read(file, null, null);
    }

    /**
     * What a reader that merges single references gives back: consecutive runs of one page merged (write = OR),
     * split at MAX_COUNT, never across a marker; the markers move to the merged positions.
     */
    public static Trace merged(Trace trace) {
        List<Long> out = new ArrayList<>();
        List<Integer> markers = new ArrayList<>();
        int marker = 0;
        int openPage = -1;
        long openCount = 0;
        boolean openWrite = false;
        long[] runs = trace.runs();
        for (int i = 0; i <= runs.length; i++) {
            while (marker < trace.markers().size() && trace.markers().get(marker) == i) {
                if (openCount > 0) {
                    out.add(PageRun.pack(openPage, (int) openCount, openWrite));
                    openCount = 0;
                    openPage = -1;
                }
                markers.add(out.size());
                marker++;
            }
            if (i == runs.length) {
                break;
            }
            int page = PageRun.page(runs[i]);
            boolean write = PageRun.isWrite(runs[i]);
            for (long k = 0; k < PageRun.count(runs[i]); k++) {
                if (page == openPage && openCount < PageRun.MAX_COUNT) {
                    openCount++;
                    openWrite |= write;
                } else {
                    if (openCount > 0) {
                        out.add(PageRun.pack(openPage, (int) openCount, openWrite));
                    }
                    openPage = page;
                    openCount = 1;
                    openWrite = write;
                }
            }
        }
        if (openCount > 0) {
            out.add(PageRun.pack(openPage, (int) openCount, openWrite));
        }
        return new Trace(out.stream().mapToLong(Long::longValue).toArray(), markers);
    }

    public static String describe(long run) {
        return PageRun.page(run) + "x" + PageRun.count(run) + (PageRun.isWrite(run) ? "W" : "R");
    }
}
