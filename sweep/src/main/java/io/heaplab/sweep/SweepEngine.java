package io.heaplab.sweep;

import java.util.List;

/**
 * Where a sweep's points run: this machine's cores, a Spark cluster. An engine may run points in any order, on
 * any thread or machine, and more than once after a failure; it hands each point's row back once, and the table
 * comes out the same whatever it did.
 */
public interface SweepEngine {

    /**
     * Runs every point of {@code points} with {@code work} and hands each row to {@code done} as its point
     * finishes, from any thread; returns when all have.
     */
    void run(Sweep sweep, List<Point> points, PointTask work, RowSink done) throws Exception;

    /** Takes the rows an engine hands back. */
    @FunctionalInterface
    interface RowSink {
        void accept(Row row) throws Exception;
    }
}
