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
 * one group runs in the calling thread and the others in workers, and the batch is returned (and so may be
 * reused) only when every group is done with it. Each sink still sees every batch, in order, from one thread at a
 * time, so its results are the same as under {@link FanOut}: a trace is decoded once and its memory sizes are
 * simulated side by side.
 */
public final class ParallelFanOut implements ReferenceSink, AutoCloseable {

    private final List<FanOut> groups = new ArrayList<>();
    private final ExecutorService workers;

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
        workers = n > 1 ? Executors.newFixedThreadPool(n - 1, runnable -> {
            Thread thread = new Thread(runnable, "heaplab-fan-out");
            thread.setDaemon(true);
            return thread;
        }) : null;
    }

    @Override
    public void accept(long[] runs, int length) {
        all(group -> group.accept(runs, length));
    }

    @Override
    public void startMeasuring() {
        all(FanOut::startMeasuring);
    }

    @Override
    public void finish() {
        all(FanOut::finish);
    }

    /** Runs {@code step} on every group, the first here and the rest on the workers, and waits for them all. */
    private void all(java.util.function.Consumer<FanOut> step) {
        if (workers == null) {
            step.accept(groups.getFirst());
            return;
        }
        List<Future<?>> pending = new ArrayList<>(groups.size() - 1);
        for (int g = 1; g < groups.size(); g++) {
            FanOut group = groups.get(g);
            pending.add(workers.submit((Callable<Void>) () -> {
                step.accept(group);
                return null;
            }));
        }
        RuntimeException first = null;
        try {
            step.accept(groups.getFirst());
        } catch (RuntimeException e) {
            first = e;
        }
        for (Future<?> future : pending) {
            try {
                future.get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Error error) {
                    throw error;
                }
                if (first == null) {
                    first = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while simulating", e);
            }
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
