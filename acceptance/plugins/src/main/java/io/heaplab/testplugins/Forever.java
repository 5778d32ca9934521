package io.heaplab.testplugins;

/** How the hanging plugins hang: asleep, ignoring interrupts, so only the end of the process ends the wait. */
final class Forever {

    private Forever() {
    }

    static void waitForever() {
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                // a stuck plugin does not listen
            }
        }
    }
}
