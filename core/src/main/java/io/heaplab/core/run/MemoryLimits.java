package io.heaplab.core.run;

import io.heaplab.core.spi.SpecException;
import java.io.Serial;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * What a run may take of this machine's memory: the off-heap bytes its simulated heap may grow to (by default half
 * the machine's memory), and the JVM's own heap, which tables sized by a workload's options must fit,
 * checked before the run starts rather than found out of memory minutes into it.
 */
public final class MemoryLimits {

    /** The machine's memory in bytes, as the JVM sees it (a container's limit inside one). */
    public static final long MACHINE = machine();
    /**
     * The default bound on a simulated heap: half the machine's memory, the other half left to the JVM's own heap
     * (a quarter by default) and the rest of the machine.
     */
    public static final long DEFAULT_OFF_HEAP = MACHINE / 2;

    private static volatile long offHeap = DEFAULT_OFF_HEAP;

    private MemoryLimits() {
    }

    /** The most bytes a run's simulated heap may grow to. */
    public static long offHeap() {
        return offHeap;
    }

    /**
     * Sets {@code offHeap}, the bound on every simulated heap made from now on; a bound that is not positive fails
     * with a {@link Refused} naming it.
     */
    public static void setOffHeap(long bytes) {
        if (bytes <= 0) {
            throw Refused.value(Limit.OFF_HEAP, bytes + " (expected: a positive number of bytes)");
        }
        offHeap = bytes;
    }

    /**
     * Fails with a one-line {@link Refused} when {@code bytes}, what {@code what} (a workload and its option:
     * "random-blocks: live=2147483647") needs of the JVM's heap, is more than the JVM may take.
     */
    public static void checkJavaHeap(String what, long bytes) {
        long max = Runtime.getRuntime().maxMemory();
        if (bytes > max) {
            throw Refused.need(Limit.JAVA_HEAP, String.format(Locale.ROOT, "%s needs %s of tables, more than the %s"
                    + " the JVM may take (expected: a smaller value, or a larger ", what, bytes(bytes), bytes(max)));
        }
    }

    /**
     * Fails with a one-line {@link Refused} when {@code bytes}, what {@code what} needs of a simulated heap at least
     * (its live blocks), is more than {@link #offHeap()} lets it take.
     */
    public static void checkOffHeap(String what, long bytes) {
        if (bytes > offHeap) {
            throw Refused.need(Limit.OFF_HEAP, String.format(Locale.ROOT, "%s keeps %s live, more than the %s a run's"
                    + " heap may take (expected: a smaller value, or a larger ", what, bytes(bytes), bytes(offHeap)));
        }
    }

    /** A limit, named as a library user sets it; a command sets it its own way, and names it so ({@link Refused}). */
    public enum Limit {
        /** The bound on a run's simulated heap, {@link #setOffHeap}. */
        OFF_HEAP("offHeap"),
        /** The JVM's own heap, fixed when the JVM starts. */
        JAVA_HEAP("-Xmx");

        private final String parameter;

        Limit(String parameter) {
            this.parameter = parameter;
        }

        /** "offHeap", "-Xmx". */
        public String parameter() {
            return parameter;
        }
    }

    /**
     * A bound or a need the limits refuse, in one line naming the {@link Limit} by its parameter; a front end that
     * sets the limit from an option of its own says that option instead ({@link #naming}).
     */
    public static final class Refused extends SpecException {

        @Serial
        private static final long serialVersionUID = 1L;

        private final Limit limit;
        private final String before;
        private final String after;
        /** Whether the limit is the culprit ("offHeap: 0 (...)") rather than the remedy ("... a larger offHeap)"). */
        private final boolean valued;

        private Refused(String before, Limit limit, boolean valued, String after) {
            super(before + limit.parameter() + (valued ? ": " : "") + after);
            this.limit = limit;
            this.before = before;
            this.after = after;
            this.valued = valued;
        }

        /** The limit given a value it cannot take: {@code problem} is the value and what was expected. */
        static Refused value(Limit limit, String problem) {
            return new Refused("", limit, true, problem);
        }

        /** A need past the limit, told by {@code problem}, which ends in the remedy: a larger limit. */
        static Refused need(Limit limit, String problem) {
            return new Refused(problem, limit, false, ")");
        }

        /** The limit refused. */
        public Limit limit() {
            return limit;
        }

        /**
         * The message with the limit called {@code option}, as a command names it: "--max-memory 0 (expected: a
         * positive number of bytes)".
         */
        public String naming(String option) {
            return before + option + (valued ? " " : "") + after;
        }
    }

    /** {@code bytes} for a reader: "17.2 GB", "512.0 MB", "4,096 bytes". */
    private static String bytes(long bytes) {
        if (bytes < 1_000_000) {
            return String.format(Locale.ROOT, "%,d bytes", bytes);
        }
        return bytes < 1_000_000_000L ? String.format(Locale.ROOT, "%.1f MB", bytes / 1e6)
                : String.format(Locale.ROOT, "%.1f GB", bytes / 1e9);
    }

    private static long machine() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            long total = os.getTotalMemorySize();
            if (total > 0) {
                return total;
            }
        }
        return Long.MAX_VALUE; // the platform does not say: no bound but the machine's own
    }
}
