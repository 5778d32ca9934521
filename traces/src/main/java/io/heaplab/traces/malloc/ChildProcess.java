package io.heaplab.traces.malloc;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Waiting for a program heaplab started (a C compiler, a captured command, the native replayer): an interrupt stops
 * the program, forcibly if it does not stop within five seconds, and fails in one line; and should heaplab itself be
 * stopped (Ctrl-C, {@code kill}), a shutdown hook stops every program still running, and what each started, so none
 * is left orphaned.
 */
public final class ChildProcess {

    static {
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("heaplab children").unstarted(
                ChildProcess::stopAll));
    }

    private ChildProcess() {
    }

    /** Starts {@code builder}'s program, which a stop of heaplab then stops too. */
    public static Process start(ProcessBuilder builder) throws IOException {
        return builder.start(); // this class's shutdown hook is in place before the program exists
    }

    private static void stopAll() {
        // every process below this one, a program's own children too, and one whose start() has not yet returned
        // (it may run already when the stop comes)
        List<ProcessHandle> below = ProcessHandle.current().descendants().toList();
        below.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        for (ProcessHandle process : below) {
            try {
                while (process.isAlive() && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
            } catch (InterruptedException e) {
                return; // the process is ending: what could be told to stop, was
            }
            if (process.isAlive()) {
                process.destroyForcibly();
            }
        }
    }

    /**
     * {@code process}'s exit status once it ends; if the waiting thread is interrupted, the process is stopped, the
     * interrupt kept, and {@code interrupted}'s exception thrown.
     */
    public static int await(Process process, Supplier<? extends RuntimeException> interrupted) {
        try {
            return process.waitFor();
        } catch (InterruptedException e) {
            process.destroy();
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException again) {
                // interrupted once more: the process was told to stop; the interrupt is kept below
            }
            Thread.currentThread().interrupt();
            throw interrupted.get();
        }
    }
}
