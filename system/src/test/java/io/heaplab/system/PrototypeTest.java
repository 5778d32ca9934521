package io.heaplab.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A user's trace file as a task prototype: read whole, named after the file, and refused when it is not a trace. */
class PrototypeTest {

    @TempDir
    Path dir;

    @Test
    void aRecordedTraceBecomesAPrototypeNamedAfterItsFile() throws Exception {
        Path file = dir.resolve("pqsim-mru.trace");
        try (TraceWriter writer = TraceFiles.create(file, TraceFormat.BINARY, 4096, true)) {
            long[] runs = {PageRun.pack(7, 3, false), PageRun.pack(9, 1, true), PageRun.pack(7, 2, false)};
            writer.accept(runs, runs.length);
            writer.commit();
        }
        Prototype prototype = Prototype.read(file, 1_000);
        assertThat(prototype.name()).isEqualTo("pqsim-mru");
        assertThat(prototype.meanIoInterval()).isEqualTo(1_000);
        assertThat(prototype.string().references()).isEqualTo(6);
        assertThat(prototype.string().pages()).isEqualTo(2);
        assertThat(prototype.string()).isEqualTo(TaskString.of(new long[] {PageRun.pack(0, 3, false),
                PageRun.pack(1, 1, true), PageRun.pack(0, 2, false)}));
    }

    @Test
    void aLackeyLogIsReadInFourKibPagesItsDataReferencesAsTraceReplayReadsThem() throws Exception {
        Path file = dir.resolve("ls.lackey");
        Files.writeString(file, "I  04000000,3\n L 04001000,8\n S 04002008,8\nI  04000003,2\n L 04001010,4\n");
        Prototype prototype = Prototype.read(file, Double.POSITIVE_INFINITY);
        assertThat(prototype.string()).isEqualTo(TaskString.ofPages(0, -2, 0));
    }

    @Test
    void aMissingFileOrOneThatIsNotATraceIsRefusedByName() throws Exception {
        assertThatThrownBy(() -> Prototype.read(dir.resolve("none.trace"), 1))
                .isInstanceOf(NoSuchFileException.class).hasMessageContaining("none.trace");
        Path garbage = dir.resolve("garbage.trace");
        Files.write(garbage, new byte[] {'H', 'L', 'T', 'R', 9, 9, 9, 9, 1, 2, 3});
        assertThatThrownBy(() -> Prototype.read(garbage, 1)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("garbage.trace");
        Path empty = dir.resolve("empty.txt");
        Files.writeString(empty, "");
        assertThatThrownBy(() -> Prototype.read(empty, 1)).hasMessageContaining("empty.txt");
    }

    @Test
    void theMeanWorkingSetIsDenningsTimeAverageWorkedByHand() {
        // references 0 1 0 2 at times 0..3; W(t, theta) is the pages referenced in (t - theta, t]
        TaskString string = TaskString.ofPages(0, 1, 0, 2);
        assertThat(string.meanWorkingSet(1)).isEqualTo(1.0); // only the page just referenced
        assertThat(string.meanWorkingSet(2)).isEqualTo(7 / 4.0); // {0} {0,1} {1,0} {0,2}
        assertThat(string.meanWorkingSet(3)).isEqualTo(8 / 4.0); // {0} {0,1} {0,1} {1,0,2}
        assertThat(string.meanWorkingSet(1_000)).isEqualTo(8 / 4.0); // never more than the pages seen so far
        // a run of references to one page counts once: a page in a long run is one page of W
        assertThat(TaskString.ofPages(5, 5, 5, 5).meanWorkingSet(2)).isEqualTo(1.0);
        assertThatThrownBy(() -> string.meanWorkingSet(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("theta 0 (expected: at least 1 reference)");
    }
}
