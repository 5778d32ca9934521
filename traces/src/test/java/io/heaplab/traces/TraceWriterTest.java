package io.heaplab.traces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.Traces.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TraceWriterTest {

    static final long[] RUNS = {PageRun.pack(4, 2, true), PageRun.pack(9, 1, false)};

    @TempDir
    Path dir;

    private List<Path> files() throws IOException {
        try (Stream<Path> listing = Files.list(dir)) {
            return listing.toList();
        }
    }

    @ParameterizedTest
    @CsvSource({"BINARY, false", "BINARY, true", "TEXT, false"})
    void nothingIsVisibleAtTheTargetBeforeCommit(TraceFormat format, boolean compress) throws IOException {
        Path target = dir.resolve("trace");
        try (TraceWriter writer = TraceFiles.create(target, format, 4096, compress)) {
            writer.accept(RUNS, RUNS.length);
            writer.finish();  // a sink's finish() is no commit
            assertThat(target).doesNotExist();
            assertThat(files()).singleElement().satisfies(temporary ->
                    assertThat(temporary.getFileName().toString()).startsWith(".trace.").endsWith(".tmp"));
            writer.commit();
            assertThat(writer.references()).isEqualTo(3);
        }
        assertThat(files()).containsExactly(target);
        assertThat(Traces.read(target).runs()).containsExactly(RUNS);
    }

    @ParameterizedTest
    @CsvSource({"BINARY, false", "BINARY, true", "TEXT, false"})
    void closeWithoutCommitLeavesNothingBehind(TraceFormat format, boolean compress) throws IOException {
        Path target = dir.resolve("trace");
        try (TraceWriter writer = TraceFiles.create(target, format, 4096, compress)) {
            writer.accept(RUNS, RUNS.length);
        }
        assertThat(files()).isEmpty();
    }

    @Test
    void commitReplacesAnOlderFileWhole() throws IOException {
        Path target = dir.resolve("trace.hlt");
        Files.writeString(target, "the previous trace");
        try (TraceWriter writer = TraceFiles.create(target, TraceFormat.BINARY, 4096, true)) {
            writer.accept(RUNS, RUNS.length);
            assertThat(Files.readString(target)).isEqualTo("the previous trace");
            writer.commit();
        }
        assertThat(files()).containsExactly(target);
        assertThat(Traces.read(target).runs()).containsExactly(RUNS);
    }

    @Test
    void aCommittedWriterTakesNoMore() throws IOException {
        try (TraceWriter writer = TraceFiles.create(dir.resolve("t.hlt"), TraceFormat.BINARY, 0, false)) {
            writer.commit();
            assertThatThrownBy(() -> writer.accept(RUNS, 1)).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(writer::commit).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void aReaderReplaysOnce() throws IOException {
        Path file = dir.resolve("t.hlt");
        Traces.write(file, TraceFormat.BINARY, 4096, false, new Trace(RUNS, List.of()), 2);
        try (TraceReader reader = TraceFiles.open(file, TraceFormat.BINARY, null)) {
            assertThat(reader.replay(new RecordingSink())).isEqualTo(3);
            assertThatThrownBy(() -> reader.replay(new RecordingSink())).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void impossibleRunsAreRefused() throws IOException {
        try (TraceWriter writer = TraceFiles.create(dir.resolve("t.hlt"), TraceFormat.BINARY, 4096, false)) {
            assertThatThrownBy(() -> writer.accept(new long[] {PageRun.pack(-1, 1, false)}, 1))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("page -1");
            assertThatThrownBy(() -> writer.accept(new long[] {PageRun.pack(1, 0, false)}, 1))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("count 0");
        }
    }

    @Test
    void creatingChecksItsArguments() {
        Path target = dir.resolve("t");
        assertThatThrownBy(() -> TraceFiles.create(target, TraceFormat.LACKEY, 4096, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lackey traces are read, not written");
        assertThatThrownBy(() -> TraceFiles.create(target, TraceFormat.TEXT, 4096, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("text trace is written plain");
        assertThatThrownBy(() -> TraceFiles.create(target, TraceFormat.BINARY, 100, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("pageSize: 100 (expected: a power of 2, or 0 for unknown)");
        assertThatThrownBy(() -> new ReadOptions(3000, false)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("pageSize: 3000 (expected: a power of 2)");
        assertThat(ReadOptions.defaults()).isEqualTo(new ReadOptions(4096, false));
        assertThat(target).doesNotExist();
    }
}
