package io.heaplab.system;

/**
 * A computer and its operating system's policies (Carr &amp; Hennessy, Table 1 and "Model Policies"); every time is
 * in references, the processor executing one per unit of time.
 *
 * @param frames            M, page frames of main memory
 * @param auxMin            the shortest paging-device access
 * @param auxMax            the longest; accesses are uniform between the two
 * @param pagingDevices     paging devices working at once, each with the one paging queue
 * @param policy            replacement and commitment rule
 * @param ltrt              whether the LT/RT control limits loading tasks (and orders reads of running tasks first)
 * @param theta             the working-set window
 * @param tau               a task is loading until it has run this long since activation, or made an I/O request
 * @param loadingLimit      L, the most tasks loading at once under LT/RT
 * @param k0                frames the WS load control keeps uncommitted
 * @param quantum           the round-robin quantum among active tasks
 * @param timeSlice         how long an activation may run before the task goes back to the ready queue
 * @param ioMin             the shortest task I/O (on devices apart from paging)
 * @param ioMax             the longest; task I/Os are uniform between the two
 * @param deactivation      the victim when memory is overcommitted
 * @param readsBeforeWrites whether page reads go before page writes on the paging queue (else first come first
 *                          served)
 * @param deferSlices       under LT/RT, whether a time-slice deactivation waits while L tasks are loading: the
 *                          refinement the paper proposes and says it did not incorporate in its study
 */
public record SystemConfig(int frames, long auxMin, long auxMax, int pagingDevices, MemoryPolicy policy,
                           boolean ltrt, long theta, long tau, int loadingLimit, int k0, long quantum,
                           long timeSlice, long ioMin, long ioMax, Deactivation deactivation,
                           boolean readsBeforeWrites, boolean deferSlices) {

    /** The paper's tau: performance improves up to 15,000 references and hardly changes beyond. */
    public static final long TAU = 15_000;
    /** Not given by the paper: a short quantum, a fraction of a paging access, to approximate processor sharing. */
    public static final long QUANTUM = 10_000;
    /** Not given by the paper: a time-slice of a tenth of a 5,000,000-reference program. */
    public static final long TIME_SLICE = 500_000;
    /** Not given by the paper: a task I/O of 5 to 10 ms at 4,000,000 references per second. */
    public static final long IO_MIN = 20_000;
    public static final long IO_MAX = 40_000;
    /**
     * Beyond the paper, for load control by feedback (global CLOCK): Denning's 50% rule keeps the paging devices
     * busy about half the time. Tasks are activated while the busy fraction is below {@code TARGET - BAND} and
     * deactivated at a fault while it is above {@code TARGET + BAND}.
     */
    public static final double PAGING_TARGET = 0.5;
    public static final double PAGING_BAND = 0.1;
    /**
     * The busy fraction is a moving average over this many mean paging accesses, and the feedback control waits as
     * long between decisions, so one decision shows its effect before the next.
     */
    public static final int FEEDBACK_ACCESSES = 10;

    public SystemConfig {
        positive("frames", frames);
        positive("auxMin", auxMin);
        if (auxMax < auxMin) {
            throw new IllegalArgumentException("auxMax " + auxMax + " (expected: at least auxMin, " + auxMin + ")");
        }
        positive("pagingDevices", pagingDevices);
        positive("theta", theta);
        if (tau < 0) {
            throw new IllegalArgumentException("tau " + tau + " (expected: 0 or more references)");
        }
        positive("loadingLimit", loadingLimit);
        if (k0 < 0 || k0 >= frames) {
            throw new IllegalArgumentException("k0 " + k0 + " (expected: 0 to " + (frames - 1) + " frames)");
        }
        positive("quantum", quantum);
        positive("timeSlice", timeSlice);
        if (ioMin < 0 || ioMax < ioMin) {
            throw new IllegalArgumentException("task I/O " + ioMin + ".." + ioMax
                    + " (expected: 0 <= ioMin <= ioMax references)");
        }
    }

    /** A system whose time-slice deactivations under LT/RT wait while L tasks are loading, as heaplab ran it first. */
    public SystemConfig(int frames, long auxMin, long auxMax, int pagingDevices, MemoryPolicy policy, boolean ltrt,
                        long theta, long tau, int loadingLimit, int k0, long quantum, long timeSlice, long ioMin,
                        long ioMax, Deactivation deactivation, boolean readsBeforeWrites) {
        this(frames, auxMin, auxMax, pagingDevices, policy, ltrt, theta, tau, loadingLimit, k0, quantum, timeSlice,
                ioMin, ioMax, deactivation, readsBeforeWrites, true);
    }

    private static void positive(String name, long value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " " + value + " (expected: at least 1)");
        }
    }

    /**
     * Configuration A, B or C of the paper's Table 1 (200, 250, 350 frames; accesses of 20-40, 30-50, 50-80
     * thousand references), one paging device, under {@code policy}, with LT/RT as asked and the paper's tau, L = 1,
     * K0 = 0, reads before writes and the last task activated deactivated.
     */
    public static SystemConfig table1(char configuration, MemoryPolicy policy, boolean ltrt, long theta) {
        return switch (configuration) {
            case 'A' -> paper(200, 20_000, 40_000, policy, ltrt, theta);
            case 'B' -> paper(250, 30_000, 50_000, policy, ltrt, theta);
            case 'C' -> paper(350, 50_000, 80_000, policy, ltrt, theta);
            default -> throw new IllegalArgumentException("configuration '" + configuration
                    + "' (expected: A, B or C)");
        };
    }

    private static SystemConfig paper(int frames, long auxMin, long auxMax, MemoryPolicy policy, boolean ltrt,
                                      long theta) {
        return new SystemConfig(frames, auxMin, auxMax, 1, policy, ltrt, theta, TAU, 1, 0, QUANTUM, TIME_SLICE,
                IO_MIN, IO_MAX, Deactivation.LAST_ACTIVATED, true);
    }

    /** The feedback load control's averaging time and the least time between its decisions. */
    public double feedbackWindow() {
        return FEEDBACK_ACCESSES * (auxMin + auxMax) / 2.0;
    }

    /** This configuration with {@code frames} frames: Carr's memory scaled to today's programs, say. */
    public SystemConfig withFrames(int frames) {
        return new SystemConfig(frames, auxMin, auxMax, pagingDevices, policy, ltrt, theta, tau, loadingLimit, k0,
                quantum, timeSlice, ioMin, ioMax, deactivation, readsBeforeWrites, deferSlices);
    }

    /** This configuration with paging-device accesses of {@code min} to {@code max} references. */
    public SystemConfig withPagingAccess(long min, long max) {
        return new SystemConfig(frames, min, max, pagingDevices, policy, ltrt, theta, tau, loadingLimit, k0, quantum,
                timeSlice, ioMin, ioMax, deactivation, readsBeforeWrites, deferSlices);
    }

    /** This configuration with {@code devices} paging devices and at most {@code loading} tasks loading. */
    public SystemConfig withPaging(int devices, int loading) {
        return new SystemConfig(frames, auxMin, auxMax, devices, policy, ltrt, theta, tau, loading, k0, quantum,
                timeSlice, ioMin, ioMax, deactivation, readsBeforeWrites, deferSlices);
    }

    /** This configuration with another scheduler: quantum and time-slice. */
    public SystemConfig withScheduling(long quantum, long timeSlice) {
        return new SystemConfig(frames, auxMin, auxMax, pagingDevices, policy, ltrt, theta, tau, loadingLimit, k0,
                quantum, timeSlice, ioMin, ioMax, deactivation, readsBeforeWrites, deferSlices);
    }

    /** This configuration deactivating {@code victim} under overcommitment. */
    public SystemConfig withDeactivation(Deactivation victim) {
        return new SystemConfig(frames, auxMin, auxMax, pagingDevices, policy, ltrt, theta, tau, loadingLimit, k0,
                quantum, timeSlice, ioMin, ioMax, victim, readsBeforeWrites, deferSlices);
    }

    /**
     * This configuration with time-slice deactivations deferred while L tasks load under LT/RT ({@code true}), or
     * made when the slice ends, as in the paper's study ({@code false}).
     */
    public SystemConfig withDeferredSlices(boolean defer) {
        return new SystemConfig(frames, auxMin, auxMax, pagingDevices, policy, ltrt, theta, tau, loadingLimit, k0,
                quantum, timeSlice, ioMin, ioMax, deactivation, readsBeforeWrites, defer);
    }
}
