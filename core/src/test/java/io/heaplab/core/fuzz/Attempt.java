package io.heaplab.core.fuzz;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One guarded call of a parser on a fuzzed input: what it returned or threw (any {@link Throwable}, an
 * {@link OutOfMemoryError} too) and the bytes it allocated on the heap. The call runs on a worker thread and is given
 * up after {@link #TIMEOUT}, so a parser that loops fails its try instead of blocking the build. The worker is reused
 * from call to call (a new thread per try would cost as much as the parse), and replaced when one is given up.
 * Shared with the fuzz tests of other modules through core's test jar.
 *
 * @param value     what the call returned, or null when it threw
 * @param thrown    what it threw, or null
 * @param allocated bytes the call allocated on the heap, garbage included
 */
public record Attempt(Object value, Throwable thrown, long allocated) {

    /** Far beyond what parsing a spec or reading a small file takes: only a loop that does not end comes near it. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static ExecutorService worker = worker();

    /** Runs {@code call} on the worker; fails with an {@link AssertionError} when it runs past {@link #TIMEOUT}. */
    public static synchronized Attempt of(Callable<?> call) {
        Future<Attempt> future = worker.submit(() -> {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            try {
                Object value = call.call();
                return new Attempt(value, null, THREADS.getCurrentThreadAllocatedBytes() - before);
            } catch (Throwable e) {
                return new Attempt(null, e, THREADS.getCurrentThreadAllocatedBytes() - before);
            }
        });
        try {
            return future.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            // the looping call keeps its thread, a daemon, busy: later tries get a new one
            future.cancel(true);
            worker.shutdownNow();
            worker = worker();
            throw new AssertionError("no result within " + TIMEOUT.toSeconds() + " s: a parser loops", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for a parser", e);
        } catch (ExecutionException e) {
            throw new AssertionError("the attempt itself failed", e.getCause());
        }
    }

    private static ExecutorService worker() {
        return Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "fuzz-attempt");
            thread.setDaemon(true);
            return thread;
        });
    }
}
