package io.heaplab.traces.malloc;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Waiting for a program heaplab started (a C compiler, a captured command, the native replayer): an interrupt stops
 * the program, forcibly if it does not stop within five seconds, and fails in one line; and should heaplab itself be
 * stopped (Ctrl-C, {@code kill}), a shutdown hook stops every program still running, and what each started, so none
 * is left orphaned.
 */
public final class ChildProcess {

    /** The programs started and not yet ended, which the shutdown hook stops. */
    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("heaplab children").unstarted(
                ChildProcess::stopAll));
    }

    private ChildProcess() {
    }

    /** Starts {@code builder}'s program and registers it at once, so a stop of heaplab stops it too. */
    public static Process start(ProcessBuilder builder) throws IOException {
        Process process = builder.start();
        RUNNING.add(process);
        process.onExit().thenRun(() -> RUNNING.remove(process));
        return process;
    }

    private static void stopAll() {
        for (Process process : RUNNING) {
            // its descendants first: a shell the command ran keeps its own children otherwise
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
        }
        for (Process process : RUNNING) {
            try {
                if (!process.waitFor(2, TimeUnit.SECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                return; // the process is ending: what could be told to stop, was
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
