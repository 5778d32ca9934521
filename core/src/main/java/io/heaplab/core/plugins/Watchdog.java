package io.heaplab.core.plugins;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a plugin's code with a time limit, on a thread of its own: code that never returns (a loop, a wait, a
 * static initializer that blocks) fails with {@link Expired} when the limit passes, and heaplab goes on. Java can
 * no longer stop a thread, so the stuck one is interrupted, left as a daemon, and ends with the process.
 */
public final class Watchdog {

    /** The limit unless a command sets another: ten minutes, far beyond any plugin's loading or a test's run. */
    public static final long DEFAULT_SECONDS = 600;

    private static volatile long seconds = DEFAULT_SECONDS;

    private Watchdog() {
    }

    /** The limit, in seconds; 0 means none. */
    public static long seconds() {
        return seconds;
    }

    /** Sets the limit for plugin code run from now on; a command sets it from {@code --plugin-time-limit}. */
    public static void setSeconds(long limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("seconds: " + limit + " (expected: 0 for no limit, or more)");
        }
        seconds = limit;
    }

    /** Plugin code to run: a result, or one kind of checked exception (an {@code IOException} of a replay). */
    @FunctionalInterface
    public interface Work<T, X extends Exception> {
        T call() throws X;
    }

    /**
     * {@code work}'s result, computed on a new thread within the limit; what it throws is thrown here.
     *
     * @throws Expired when the limit passes first
     */
    @SuppressWarnings("unchecked") // work throws X or an unchecked throwable, nothing else
    public static <T, X extends Exception> T call(String threadName, Work<T, X> work) throws X {
        FutureTask<T> task = new FutureTask<>(work::call);
        Thread thread = Thread.ofPlatform().name(threadName).daemon().start(task);
        long limit = seconds;
        try {
            return limit == 0 ? task.get() : task.get(limit, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            thread.interrupt();
            throw new Expired(limit);
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case RuntimeException r -> throw r;
                case Error error -> throw error;
                default -> throw (X) e.getCause();
            }
        } catch (InterruptedException e) {
            thread.interrupt();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a plugin", e);
        }
    }

    /** The limit passed before the plugin's code returned. */
    public static final class Expired extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final long seconds;

        Expired(long seconds) {
            super("did not finish within " + seconds + " s", null, false, false);
            this.seconds = seconds;
        }

        /** "did not finish within 5 s (expected: ...)": the end of a message whose start names the plugin. */
        public String explained() {
            return "did not finish within " + seconds + " s (expected: plugin code that returns; --plugin-time-limit"
                    + " sets the limit, " + DEFAULT_SECONDS + " s by default)";
        }
    }
}
