package io.heaplab.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.plugins.Plugins;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every {@link SweepEngine} promises, whatever runs its points: each point's row handed back exactly once, and
 * the table the same byte for byte as one thread's. An engine's test extends this and says how to make one.
 */
public abstract class SweepEngineContract {

    private static final String SWEEP = """
            workload:
              random-blocks:
                live: [40, 80]
                steps: 1500
            allocator: [stack, mru, first-fit]
            policy:
              lru:
                frames: [4, 16]
            pageSize: 512
            """;

    @TempDir
    protected Path dir;

    /** A new engine of the kind under test. */
    protected abstract SweepEngine engine();

    private Sweep sweep() throws Exception {
        return SweepReader.read(Files.writeString(dir.resolve("contract.yaml"), SWEEP), Plugins.load());
    }

    @Test
    void handsBackEachPointsRowExactlyOnce() throws Exception {
        Sweep sweep = sweep();
        List<Row> rows = Collections.synchronizedList(new ArrayList<>());
        engine().run(sweep, sweep.points(), PointWork.of(sweep, List.of()), rows::add);
        assertThat(rows).extracting(Row::index).containsExactlyInAnyOrderElementsOf(
                sweep.points().stream().map(Point::index).toList());
        assertThat(rows).noneMatch(Row::failed);
    }

    @Test
    void runsOnlyThePointsItIsGiven() throws Exception {
        Sweep sweep = sweep();
        List<Point> some = sweep.points().subList(3, 7);
        List<Row> rows = Collections.synchronizedList(new ArrayList<>());
        engine().run(sweep, some, PointWork.of(sweep, List.of()), rows::add);
        assertThat(rows).extracting(Row::index).containsExactlyInAnyOrder(3, 4, 5, 6);
    }

    @Test
    void givesTheTableOneThreadGives() throws Exception {
        Sweep sweep = sweep();
        PointWork work = PointWork.of(sweep, List.of());
        SweepRun.run(sweep, dir.resolve("one"), List.of(), SweepRun.Shard.ALL, new LocalEngine(1), work,
                SweepRun.Listener.SILENT);
        SweepRun.run(sweep, dir.resolve("engine"), List.of(), SweepRun.Shard.ALL, engine(), work,
                SweepRun.Listener.SILENT);
        for (String file : List.of(SweepTable.CSV, SweepTable.JSONL)) {
            assertThat(Files.readString(dir.resolve("engine").resolve(file)))
                    .isEqualTo(Files.readString(dir.resolve("one").resolve(file)));
        }
    }

    @Test
    void aRowThatCannotBeTakenEndsTheRunWithItsFailure() throws Exception {
        Sweep sweep = sweep();
        assertThatThrownBy(() -> engine().run(sweep, sweep.points(), PointWork.of(sweep, List.of()), row -> {
            throw new java.io.IOException("disk full");
        })).hasMessage("disk full");
    }
}
