package io.heaplab.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** The default engine: every core of this machine, a point per thread at a time. */
public final class LocalEngine implements SweepEngine {

    private final int threads;

    public LocalEngine(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads: " + threads + " (expected: 1 or more)");
        }
        this.threads = threads;
    }

    @Override
    public void run(Sweep sweep, List<Point> points, PointTask work, RowSink done) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, points.size())));
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Point point : points) {
                futures.add(pool.submit(() -> {
                    done.accept(work.run(point));
                    return null;
                }));
            }
            for (Future<?> future : futures) {
                try {
                    future.get();
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof Exception cause) {
                        throw cause;
                    }
                    throw (Error) e.getCause();
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Finds the local engine by name. */
    public static final class Provider implements SweepEngineProvider {
        @Override
        public String name() {
            return "local";
        }

        @Override
        public SweepEngine create(EngineSettings settings) {
            return new LocalEngine(settings.threads());
        }
    }
}
