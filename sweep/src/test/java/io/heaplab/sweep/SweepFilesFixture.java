package io.heaplab.sweep;

import io.heaplab.core.plugins.Plugins;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Sweep files written for a test, and read with the built-in plugins. */
final class SweepFilesFixture {

    static final Plugins PLUGINS = Plugins.load();
    /** A sweep of every kind of axis: plugin options as a list and a range, a plain value, a range of seeds. */
    static final String GRID = """
            workload:
              random-blocks:
                live: [100, 200]
                steps: 1000
            allocator: [stack, mru]
            policy:
              lru:
                frames: 8..32*2
            pageSize: 512
            seed: 1..2
            """;

    /** {@link #GRID} in TOML. */
    static final String GRID_TOML = """
            allocator = ["stack", "mru"]
            pageSize = 512
            seed = "1..2"

            [workload.random-blocks]
            live = [100, 200]
            steps = 1000

            [policy.lru]
            frames = "8..32*2"
            """;
    /** {@link #GRID} in JSON. */
    static final String GRID_JSON = """
            {"workload": {"random-blocks": {"live": [100, 200], "steps": 1000}},
             "allocator": ["stack", "mru"], "policy": {"lru": {"frames": "8..32*2"}},
             "pageSize": 512, "seed": "1..2"}
            """;

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
