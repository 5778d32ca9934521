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
    /** A system property: how often the bar is redrawn, in milliseconds, for tests (every 200 otherwise). */
    static final String BAR_PROPERTY = "heaplab.progress.barMillis";

    private final ProgressBar bar;
    /** The steps there are to do, or -1 where a replay cannot know them ahead: then the bar counts up. */
    private final long total;
    /** What a step is, for the heartbeat's line of a count with no total ("references"). */
    private final String unit;
    private final java.util.concurrent.atomic.AtomicInteger failed = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicLong done = new java.util.concurrent.atomic.AtomicLong();
    private java.util.concurrent.ScheduledExecutorService heartbeat;
    /** Set when the work is done: a heartbeat already under way then prints nothing after the results. */
    private volatile boolean closed;

    private Progress(ProgressBar bar, long total, String unit) {
        this.bar = bar;
        this.total = total;
        this.unit = unit;
    }

    /**
     * A bar counting {@code total} steps of {@code task} on a terminal; off one, a line on {@code err} every 30
     * seconds saying how many are done, so a long command in a log or a pipe is never silent.
     */
    static Progress startWithHeartbeat(String task, long total, java.io.PrintWriter err) {
        return withHeartbeat(start(task, total), task, err);
    }

    /**
     * A count of {@code unit} ("references") whose total is not known ahead, a replay's: on a terminal a bar that
     * counts up as {@link #stepTo} reports; off one, a line on {@code err} every 30 seconds with the count so far.
     */
    static Progress counting(String task, String unit, java.io.PrintWriter err) {
        Progress progress = onTerminal() ? new Progress(new ProgressBarBuilder().setTaskName(task).setInitialMax(-1)
                .setUnit(" " + unit, 1).setStyle(ProgressBarStyle.ASCII)
                .setConsumer(new ConsoleProgressBarConsumer(System.out)).setUpdateIntervalMillis(barMillis())
                .continuousUpdate().build(), -1, unit) : new Progress(null, -1, unit);
        return withHeartbeat(progress, task, err);
    }

    /** {@code progress}, with a line every 30 seconds on {@code err} when it has no bar to draw. */
    private static Progress withHeartbeat(Progress progress, String task, java.io.PrintWriter err) {
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
                    err.printf(java.util.Locale.ROOT, "heaplab: %s: %s after %d s%n", task, progress.sofar(),
                            (System.nanoTime() - started) / 1_000_000_000L);
                    err.flush();
                }
            }, millis, millis, java.util.concurrent.TimeUnit.MILLISECONDS);
        }
        return progress;
    }

    /** A bar counting {@code total} steps of {@code task}, or a silent one when not on a terminal. */
    static Progress start(String task, long total) {
        if (!onTerminal()) {
            return new Progress(null, total, "steps");
        }
        return new Progress(new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.out))
                .setUpdateIntervalMillis(barMillis()).continuousUpdate().build(), total, "steps");
    }

    private static int barMillis() {
        return Integer.getInteger(BAR_PROPERTY, 200);
    }

    /** How far it has come, as the heartbeat says it: steps of a total, or a count of its unit. */
    private String sofar() {
        return total >= 0 ? String.format(java.util.Locale.ROOT, "%d of %d done", done.get(), total)
                : String.format(java.util.Locale.ROOT, "%,d %s so far", done.get(), unit);
    }

    /** {@code count} steps done in all, the count a replay reports; safe to call from any thread. */
    void stepTo(long count) {
        done.set(count);
        if (bar != null) {
            bar.stepTo(count);
        }
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
