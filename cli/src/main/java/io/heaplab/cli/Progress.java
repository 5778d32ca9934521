package io.heaplab.cli;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on standard output while a long sweep runs (nothing else prints then), drawn only when standard
 * output is an interactive terminal; redirected to a file, a pipe or a CI log, heaplab stays quiet, or, started
 * {@link #startWithHeartbeat with a heartbeat}, writes a line of how far it has come every 30 seconds.
 */
final class Progress implements AutoCloseable {

    /** A system property: the heartbeat's interval in milliseconds, for tests (30 seconds otherwise). */
    static final String HEARTBEAT_PROPERTY = "heaplab.progress.heartbeatMillis";

    private final ProgressBar bar;
    private final java.util.concurrent.atomic.AtomicInteger failed = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
    private java.util.concurrent.ScheduledExecutorService heartbeat;
    /** Set when the work is done: a heartbeat already under way then prints nothing after the results. */
    private volatile boolean closed;

    private Progress(ProgressBar bar) {
        this.bar = bar;
    }

    /**
     * A bar counting {@code total} steps of {@code task} on a terminal; off one, a line on {@code err} every 30
     * seconds saying how many are done, so a long command in a log or a pipe is never silent.
     */
    static Progress startWithHeartbeat(String task, int total, java.io.PrintWriter err) {
        Progress progress = start(task, total);
        if (progress.bar == null) {
            long millis = Long.getLong(HEARTBEAT_PROPERTY, 30_000);
            long started = System.nanoTime();
            progress.heartbeat = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread thread = new Thread(r, "heaplab-heartbeat");
                thread.setDaemon(true);
                return thread;
            });
            progress.heartbeat.scheduleAtFixedRate(() -> {
                if (!progress.closed) {
                    err.printf(java.util.Locale.ROOT, "heaplab: %s: %d of %d done after %d s%n", task,
                            progress.done.get(), total, (System.nanoTime() - started) / 1_000_000_000L);
                    err.flush();
                }
            }, millis, millis, java.util.concurrent.TimeUnit.MILLISECONDS);
        }
        return progress;
    }

    /** A bar counting {@code total} steps of {@code task}, or a silent one when not on a terminal. */
    static Progress start(String task, int total) {
        if (!onTerminal()) {
            return new Progress(null);
        }
        return new Progress(new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.out))
                .setUpdateIntervalMillis(200).continuousUpdate().build());
    }

    /** One step done; safe to call from any thread. */
    void step() {
        done.incrementAndGet();
        if (bar != null) {
            bar.step();
        }
    }

    /** One step done that failed: the bar counts those beside its estimate of the time left. */
    void stepFailed() {
        done.incrementAndGet();
        int failures = failed.incrementAndGet();
        if (bar != null) {
            bar.setExtraMessage(failures + " failed");
            bar.step();
        }
    }

    /** Takes the bar off the terminal's current line, whatever happened. */
    @Override
    public void close() {
        closed = true;
        if (heartbeat != null) {
            heartbeat.shutdownNow();
            try {
                heartbeat.awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (bar != null) {
            bar.close();
        }
    }

    /**
     * Java 22's {@code Console.isTerminal} (standard input and output both a terminal): since Java 22 a console
     * object exists even when output is redirected.
     */
    private static boolean onTerminal() {
        java.io.Console console = System.console();
        return console != null && console.isTerminal();
    }
}
