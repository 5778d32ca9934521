package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.trace.ReferenceTally;
import io.heaplab.traces.ReplayResult;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.TraceReplay;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The prototype programs shipped for the multiprogrammed system (scripts/prototypes/capture.sh made them; see
 * docs/prototypes.md): every trace reads back to what its provenance entry in prototypes.json says.
 */
class PrototypeTracesTest {

    static final Path DIR = DocsCommandsTest.ROOT.resolve("system/src/main/resources/io/heaplab/system/prototypes");
    /** The same programs' steady state: the next 5,000,000 references (the balanced regime's tasks). */
    static final Path STEADY = DIR.resolve("steady");

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode provenance(Path dir) throws IOException {
        return JSON.readTree(dir.resolve("prototypes.json").toFile());
    }

    @Test
    void everyTraceHasOneProvenanceEntryAndTheSetIsOfCarrsKinds() throws IOException {
        everyTraceHasOneProvenanceEntry(DIR);
        everyTraceHasOneProvenanceEntry(STEADY);
        // the steady state is the window after the first: the same commands, 5,000,000 references further on
        assertThat(provenance(STEADY).get("skip").asLong()).isEqualTo(provenance(DIR).get("limit").asLong());
        List<String> commands = new ArrayList<>();
        provenance(DIR).get("prototypes").forEach(p -> commands.add(p.get("command").asText()));
        List<String> steady = new ArrayList<>();
        provenance(STEADY).get("prototypes").forEach(p -> steady.add(p.get("command").asText()));
        assertThat(steady).isEqualTo(commands);
    }

    private static void everyTraceHasOneProvenanceEntry(Path dir) throws IOException {
        JsonNode root = provenance(dir);
        List<String> named = new ArrayList<>();
        root.get("prototypes").forEach(p -> named.add(p.get("trace").asText()));
        List<String> files;
        try (Stream<Path> listed = Files.list(dir)) {
            files = listed.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".hlt")).toList();
        }
        assertThat(named).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(files).hasSize(8);
        List<String> kinds = new ArrayList<>();
        root.get("prototypes").forEach(p -> kinds.add(p.get("kind").asText()));
        assertThat(kinds).contains("Fortran compiler", "Pascal compiler", "text formatter", "sorting utility");
        assertThat(root.get("framesScale").asDouble()).isBetween(1.0, 4.0);
    }

    @TestFactory
    Stream<DynamicTest> everyTraceReadsBackToItsProvenance() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : List.of(DIR, STEADY)) {
            long window = provenance(dir).get("limit").asLong();
            for (JsonNode entry : provenance(dir).get("prototypes")) {
                tests.add(DynamicTest.dynamicTest(DIR.relativize(dir) + " " + entry.get("name").asText(),
                        () -> check(dir, entry, window)));
            }
        }
        return tests.stream();
    }

    private static void check(Path dir, JsonNode entry, long limit) throws IOException {
        Path trace = dir.resolve(entry.get("trace").asText());
        assertThat(TraceFormat.detect(trace)).isEqualTo(TraceFormat.BINARY);
        ReferenceTally tally = new ReferenceTally();
        try (TraceReader reader = TraceFiles.open(trace, TraceFormat.BINARY, null)) {
            assertThat(reader.pageSize()).isEqualTo(entry.get("pageSize").asInt()).isEqualTo(4096);
            reader.replay(tally);
        }
        assertThat(tally.references()).isEqualTo(entry.get("references").asLong()).isEqualTo(limit);
        assertThat(tally.distinctPages()).isEqualTo(entry.get("distinctPages").asInt());
        assertThat(tally.runs()).isEqualTo(entry.get("runs").asLong());
        assertThat((double) tally.writeRuns() / tally.runs()).isCloseTo(entry.get("writeRunShare").asDouble(),
                within(0.0001));
        if (entry.get("ioRequests").asLong() > 0) {
            assertThat(entry.get("meanReferencesBetweenIo").asLong())
                    .isEqualTo(Math.round((double) tally.references() / entry.get("ioRequests").asLong()));
        }

        ReplayResult replay = TraceReplay.of(trace).policies("ws:theta=all", "lru:frames=all").run();
        PagingOutcome.Curve ws = replay.curve("ws:theta=all");
        for (JsonNode point : entry.get("workingSet")) {
            int at = ws.indexAt(point.get("theta").asLong());
            assertThat(ws.sizes()[at]).isEqualTo(point.get("theta").asLong());
            assertThat(ws.meanResident()[at]).as("mean working set at theta %s", point.get("theta"))
                    .isCloseTo(point.get("meanWorkingSet").asDouble(), within(0.05));
            assertThat(ws.faults()[at]).isEqualTo(point.get("faults").asLong());
        }
        PagingOutcome.Curve lru = replay.curve("lru:frames=all");
        entry.get("lruFaults").properties().forEach(frames ->
                assertThat(lru.faultsAt(Long.parseLong(frames.getKey()))).isEqualTo(frames.getValue().asLong()));
    }
}
