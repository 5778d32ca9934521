package io.heaplab.core.plugins;

/**
 * What a plugin's calls to {@code System.exit}, {@code Runtime.exit} and {@code Runtime.halt} become: its class
 * loader rewrites them to these methods, which throw {@link PluginExitError} instead of ending heaplab, so the run
 * that made the call fails with the plugin named and every other result is still written.
 */
public final class PluginExit {

    private PluginExit() {
    }

    /** In place of {@code System.exit(status)}. */
    public static void exit(int status) {
        throw new PluginExitError("System.exit(" + status + ")");
    }

    /** In place of {@code runtime.exit(status)}. */
    public static void exit(Runtime runtime, int status) {
        throw new PluginExitError("Runtime.exit(" + status + ")");
    }

    /** In place of {@code runtime.halt(status)}. */
    public static void halt(Runtime runtime, int status) {
        throw new PluginExitError("Runtime.halt(" + status + ")");
    }

    /**
     * A plugin tried to end the process. An {@link Error}, so a plugin's own {@code catch (Exception e)} does not
     * swallow it on the way out.
     */
    public static final class PluginExitError extends Error {
        private static final long serialVersionUID = 1L;

        PluginExitError(String call) {
            super("called " + call + " (expected: a plugin returns or throws; ending heaplab is not its to do)");
        }
    }
}
