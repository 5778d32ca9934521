package io.heaplab.cli;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on standard output while a long sweep runs (nothing else prints then), drawn only when standard
 * output is an interactive terminal: redirected to a file, a pipe or a CI log, heaplab stays quiet.
 */
final class Progress implements AutoCloseable {

    private final ProgressBar bar;
    private final java.util.concurrent.atomic.AtomicInteger failed = new java.util.concurrent.atomic.AtomicInteger();

    private Progress(ProgressBar bar) {
        this.bar = bar;
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
        if (bar != null) {
            bar.step();
        }
    }

    /** One step done that failed: the bar counts those beside its estimate of the time left. */
    void stepFailed() {
        int failures = failed.incrementAndGet();
        if (bar != null) {
            bar.setExtraMessage(failures + " failed");
            bar.step();
        }
    }

    /** Takes the bar off the terminal's current line, whatever happened. */
    @Override
    public void close() {
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
