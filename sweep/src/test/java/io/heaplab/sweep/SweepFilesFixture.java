package io.heaplab.sweep;

import io.heaplab.core.plugins.Plugins;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Sweep files written for a test, and read with the built-in plugins. */
final class SweepFilesFixture {

    static final Plugins PLUGINS = Plugins.load();

    private SweepFilesFixture() {
    }

    static Path write(Path dir, String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Sweep read(Path dir, String name, String text) {
        return SweepReader.read(write(dir, name, text), PLUGINS);
    }
}
