package io.heaplab.core.run;

/**
 * One run of a sweep: its result, or why it failed; a failed run costs the sweep that row only.
 *
 * @param spec    the run
 * @param result  what it measured, or null when it failed
 * @param failure the one-line reason it failed, or null
 */
public record RunOutcome(RunSpec spec, RunResult result, String failure) {

    public RunOutcome {
        if ((result == null) == (failure == null)) {
            throw new IllegalArgumentException("a run outcome is a result or a failure (expected: exactly one)");
        }
    }

    public boolean failed() {
        return failure != null;
    }
}
