package io.heaplab.system;

/** Hears every event of a simulation, for tests that check a tiny system event by event. */
interface SystemTrace {

    /** Hears nothing. */
    SystemTrace NONE = (time, what, task, page) -> { };

    /** At {@code time}, {@code what} happened to {@code task} (and its {@code page}, or -1). */
    void event(long time, String what, int task, int page);
}
