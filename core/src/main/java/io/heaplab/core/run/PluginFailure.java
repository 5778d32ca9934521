package io.heaplab.core.run;

/**
 * A run stopped by a plugin's fault: its allocator handed out a block outside the heap or over a live one, or
 * its code threw. The message names the jar and the provider; the run's other results are not affected.
 */
public final class PluginFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public PluginFailure(String message) {
        super(message);
    }

    public PluginFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
