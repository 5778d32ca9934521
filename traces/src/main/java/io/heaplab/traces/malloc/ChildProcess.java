package io.heaplab.traces.malloc;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Waiting for a program heaplab started (a C compiler, a captured command, the native replayer): an interrupt stops
 * the program, forcibly if it does not stop within five seconds, and fails in one line.
 */
public final class ChildProcess {

    private ChildProcess() {
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
