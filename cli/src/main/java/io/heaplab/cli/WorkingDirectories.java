package io.heaplab.cli;

import io.heaplab.core.spi.SpecException;
import io.heaplab.traces.malloc.MallocCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The directories a command that compiles and runs programs works in, checked before it starts: the cache of
 * compiled libraries and the temporary directory, so a file in the cache's place or a missing temporary directory
 * is a usage error naming the setting, not a failure halfway.
 */
final class WorkingDirectories {

    private WorkingDirectories() {
    }

    /** The cache directory {@code environment} names, refused when something else stands there. */
    static Path cache(Map<String, String> environment) {
        Path cache = MallocCapture.defaultCache(environment);
        if (Files.exists(cache) && !Files.isDirectory(cache)) {
            throw new SpecException("the cache " + cache + " is not a directory (expected: a directory for the"
                    + " libraries heaplab compiles: HEAPLAB_CACHE, else $XDG_CACHE_HOME/heaplab, else"
                    + " ~/.cache/heaplab)");
        }
        return cache;
    }

    /** Refuses a temporary directory ({@code java.io.tmpdir}) that is not one. */
    static void checkTemporary() {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        if (!Files.isDirectory(tmp)) {
            throw new SpecException("the temporary directory " + tmp + " " + (Files.exists(tmp) ? "is not a directory"
                    : "does not exist") + " (expected: an existing directory: TMPDIR, or -Djava.io.tmpdir in"
                    + " HEAPLAB_JAVA_OPTS)");
        }
    }
}
