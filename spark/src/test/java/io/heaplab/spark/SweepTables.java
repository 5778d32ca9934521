package io.heaplab.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.cli.Main;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.sweep.SweepTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/** The heaplab command run in this JVM, and a sweep's table as the engines are compared on it, byte for byte. */
final class SweepTables {

    static final Plugins PLUGINS = Plugins.load();

    private SweepTables() {
    }

    /**
     * A sweep of random-blocks workloads of each {@code live} count and {@code steps} steps, under three allocators and
     * LRU in 4 and 16 frames, for two seeds: {@code 12 * live.length} points.
     */
    static String sweep(String live, int steps) {
        return """
                workload:
                  random-blocks:
                    live: [%s]
                    steps: %d
                allocator: [stack, mru, first-fit]
                policy:
                  lru:
                    frames: [4, 16]
                pageSize: 512
                seed: 1..2
                """.formatted(live, steps);
    }

    /** Both files of the table a sweep wrote into {@code out}, CSV then JSON lines. */
    static String table(Path out) throws IOException {
        return Files.readString(out.resolve(SweepTable.CSV)) + Files.readString(out.resolve(SweepTable.JSONL));
    }

    /** Runs the heaplab command with {@code args}; it must succeed. Returns what it printed. */
    static String heaplab(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(PLUGINS, new PrintWriter(out), new PrintWriter(err), args);
        assertThat(code).as(err.toString()).isZero();
        return out.toString();
    }
}
