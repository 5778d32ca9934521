package io.heaplab.core.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes result files so a reader sees the old file or the whole new one, never half of it; through a symbolic
 * link to the file it names, and into a device or FIFO directly ({@link OutputFile}).
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /**
     * Writes {@code bytes} to a temporary file beside {@code target}, then renames it over {@code target}; a
     * failure (a full disk) names {@code target}.
     */
    public static void write(Path target, byte[] bytes) throws IOException {
        try {
            replace(OutputFile.resolve(target), bytes);
        } catch (IOException e) {
            throw OutputFile.failure(target, e);
        }
    }

    private static void replace(Path absolute, byte[] bytes) throws IOException {
        if (OutputFile.isSpecial(absolute)) {
            Files.write(absolute, bytes, StandardOpenOption.WRITE);
            return;
        }
        Path dir = absolute.getParent();
        Files.createDirectories(dir);
        // not createTempFile: its owner-only permissions would survive the rename
        Path temp = OutputFile.hiddenBeside(absolute, "tmp");
        Leftovers.add(temp);
        try {
            Files.write(temp, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            OutputFile.rename(temp, absolute);
        } finally {
            Files.deleteIfExists(temp);
            Leftovers.remove(temp);
        }
    }
}
