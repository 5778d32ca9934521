package io.heaplab.sweep;

import java.nio.file.Path;
import java.util.List;

/**
 * Runs a sweep into its table: the points the table lacks, on an engine, each row appended as it comes, the table
 * sorted at the end. A point already in the table (resumed, or merged from a job array's shards) is not run again.
 */
public final class SweepRun {

    private SweepRun() {
    }

    /** Which points of the sweep a run takes: all, or every K-th from the I-th (one task of a job array). */
    public record Shard(int index, int count) {

        public static final Shard ALL = new Shard(0, 1);

        public Shard {
            if (count < 1 || index < 0 || index >= count) {
                throw new io.heaplab.core.spi.SpecException("shard " + index + "/" + count
                        + " (expected: I/K with 0 <= I < K)");
            }
        }

        boolean takes(Point point) {
            return point.index() % count == index;
        }
    }

    /** Hears how a sweep goes, for a progress bar. */
    public interface Listener {

        /** Hears nothing: a sweep run as a library call. */
        Listener SILENT = new Listener() {
            @Override
            public void started(int pending, int done) {
            }

            @Override
            public void finished(Row row) {
            }
        };

        /** Before the first point runs: how many will, and how many rows the table already had. */
        void started(int pending, int done);

        /** As each point's row is added, from any thread. */
        void finished(Row row);
    }

    /**
     * What a sweep did.
     *
     * @param points  the points of the run's shard
     * @param resumed rows the table already had
     * @param ran     points run now
     * @param failed  rows of the shard that hold a failure, old and new
     */
    public record Summary(int points, int resumed, int ran, int failed) {
    }

    /**
     * Runs the points of {@code shard} that the table in {@code dir} lacks once {@code earlier} tables' rows are
     * taken, on {@code engine}, and writes the table sorted.
     */
    public static Summary run(Sweep sweep, Path dir, List<Path> earlier, Shard shard, SweepEngine engine,
                              PointTask work, Listener listener) throws Exception {
        return run(sweep, dir, earlier, false, shard, engine, work, listener);
    }

    /**
     * Runs the sweep as {@link #run(Sweep, Path, List, Shard, SweepEngine, PointTask, Listener)} does; with {@code
     * retryFailed}, the points whose rows in {@code earlier} tables failed run again.
     */
    public static Summary run(Sweep sweep, Path dir, List<Path> earlier, boolean retryFailed, Shard shard,
                              SweepEngine engine, PointTask work, Listener listener) throws Exception {
        try (SweepTable table = SweepTable.open(sweep, dir, earlier, retryFailed)) {
            int done = (int) table.rows().stream().filter(r -> shard.takes(sweep.points().get(r.index()))).count();
            List<Point> pending = table.pending().stream().filter(shard::takes).toList();
            listener.started(pending.size(), done);
            if (!pending.isEmpty()) {
                engine.run(sweep, pending, work, row -> {
                    table.add(row);
                    listener.finished(row);
                });
            }
            table.finish();
            int points = (int) sweep.points().stream().filter(shard::takes).count();
            int failed = (int) table.rows().stream()
                    .filter(r -> r.failed() && shard.takes(sweep.points().get(r.index()))).count();
            return new Summary(points, done, pending.size(), failed);
        }
    }
}
