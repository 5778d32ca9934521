package io.heaplab.core.plugins;

import java.nio.file.Path;

/**
 * Where a provider comes from: heaplab itself, or a plugin jar.
 *
 * @param jar the plugin jar, or null for a built-in
 */
public record Origin(Path jar) {

    /** A provider that ships with heaplab. */
    public static final Origin BUILT_IN = new Origin(null);

    public boolean isPlugin() {
        return jar != null;
    }

    /**
     * The name the jar's class loader carries, null for a built-in; stack frames report it
     * ({@link StackTraceElement#getClassLoaderName}), which is how a failure deep in a run is traced to its jar.
     */
    public String loaderName() {
        return isPlugin() ? "heaplab-plugin " + jar : null;
    }

    /** "built-in", or the jar's path. */
    @Override
    public String toString() {
        return isPlugin() ? jar.toString() : "built-in";
    }
}
