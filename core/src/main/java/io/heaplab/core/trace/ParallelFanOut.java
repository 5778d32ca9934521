package io.heaplab.core.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Hands every batch to several sinks at once, on up to {@code threads} cores: the sinks are dealt into groups,
 * each group runs on a worker of its own, and the caller goes on making the next batch meanwhile. A batch is
 * copied, phases and all, so the caller may reuse its arrays at once; the next batch is handed over when every
 * group is done with the last, so each sink still sees every batch, in order, from one thread at a time, and its
 * results are the same as under {@link FanOut}: a trace is decoded once while its memory sizes are simulated side
 * by side. A sink's failure reaches the caller at the next call. With one thread everything runs in the caller.
 */
public final class ParallelFanOut implements ReferenceSink, AutoCloseable {

    private final List<FanOut> groups = new ArrayList<>();
    private final ExecutorService workers;
    /** The batch the groups are working on, copied from the caller's, and its phases when it has them. */
    private long[] handed = new long[0];
    private int[] handedPhases = new int[0];
    /** The groups' work on the batch handed last, until it is waited for. */
    private final List<Future<?>> pending = new ArrayList<>();

    public ParallelFanOut(List<? extends ReferenceSink> sinks, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads: " + threads + " (expected: >= 1)");
        }
        int n = Math.max(1, Math.min(threads, sinks.size()));
        List<List<ReferenceSink>> dealt = new ArrayList<>();
        for (int g = 0; g < n; g++) {
            dealt.add(new ArrayList<>());
        }
        for (int i = 0; i < sinks.size(); i++) {
            dealt.get(i % n).add(sinks.get(i));
        }
        dealt.forEach(group -> groups.add(new FanOut(group)));
        workers = n > 1 ? Executors.newFixedThreadPool(n, runnable -> {
            Thread thread = new Thread(runnable, "heaplab-fan-out");
            thread.setDaemon(true);
            return thread;
        }) : null;
    }

    @Override
    public void accept(long[] runs, int length) {
        hand(runs, null, length);
    }

    @Override
    public void accept(long[] runs, int[] phases, int length) {
        hand(runs, phases, length);
    }

    /** Hands the batch, with {@code phases} unless null, to every group. */
    private void hand(long[] runs, int[] phases, int length) {
        if (workers == null) {
            give(groups.getFirst(), runs, phases, length);
            return;
        }
        await();
        if (handed.length < length) {
            handed = new long[length];
        }
        System.arraycopy(runs, 0, handed, 0, length);
        long[] batch = handed;
        int[] batchPhases = phases == null ? null : copyPhases(phases, length);
        for (FanOut group : groups) {
            pending.add(workers.submit((Callable<Void>) () -> {
                give(group, batch, batchPhases, length);
                return null;
            }));
        }
    }

    private int[] copyPhases(int[] phases, int length) {
        if (handedPhases.length < length) {
            handedPhases = new int[length];
        }
        System.arraycopy(phases, 0, handedPhases, 0, length);
        return handedPhases;
    }

    private static void give(FanOut group, long[] runs, int[] phases, int length) {
        if (phases == null) {
            group.accept(runs, length);
        } else {
            group.accept(runs, phases, length);
        }
    }

    @Override
    public void startMeasuring() {
        all(FanOut::startMeasuring);
    }

    @Override
    public void finish() {
        all(FanOut::finish);
    }

    /** Runs {@code step} on every group once the batch handed last is done, each on its worker, and waits. */
    private void all(java.util.function.Consumer<FanOut> step) {
        if (workers == null) {
            step.accept(groups.getFirst());
            return;
        }
        await();
        for (FanOut group : groups) {
            pending.add(workers.submit((Callable<Void>) () -> {
                step.accept(group);
                return null;
            }));
        }
        await();
    }

    /** Waits for every group's pending work; the first group's failure, in group order, is thrown. */
    private void await() {
        RuntimeException first = null;
        try {
            for (Future<?> future : pending) {
                try {
                    future.get();
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    if (first == null) {
                        first = e.getCause() instanceof RuntimeException r ? r
                                : new IllegalStateException(e.getCause());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while simulating", e);
                }
            }
        } finally {
            pending.clear();
        }
        if (first != null) {
            throw first;
        }
    }

    /** Stops the workers. */
    @Override
    public void close() {
        if (workers != null) {
            workers.shutdownNow();
        }
    }
}
