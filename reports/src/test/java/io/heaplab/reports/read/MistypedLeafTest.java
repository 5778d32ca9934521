package io.heaplab.reports.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Every result file of this module's test resources (a run, a replay, curves, a report, JMH's JSON, the sample
 * experiment; written by heaplab or made like it) is read, and the same file with any one value replaced by one
 * of another type is refused, naming that value's path or an ancestor's.
 */
class MistypedLeafTest {

    /** The JSON files under {@code inputs/} and {@code golden/}. */
    static List<Path> validFiles() {
        List<Path> files = new ArrayList<>();
        for (String dir : List.of("inputs", "golden")) {
            try (Stream<Path> list = Files.list(Path.of(MistypedLeafTest.class.getClassLoader().getResource(dir)
                    .toURI()))) {
                list.filter(p -> p.toString().endsWith(".json")).sorted().forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        return files;
    }

    @Test
    void everyFileIsReadAsItIs() throws IOException {
        assertThat(validFiles()).extracting(p -> p.getFileName().toString()).contains("run.json", "replay.json",
                "curves.json", "jmh.json", "sample.json", "report.json", "run-results.json");
        for (Path file : validFiles()) {
            assertThat(ResultFiles.read(file)).as(file.toString()).isNotEmpty();
        }
    }

    /** A valid file with one leaf replaced by a value of another type. */
    record Mistyped(Path file, Leaves.Place leaf, JsonNode value) {
        @Override
        public String toString() {
            return file.getFileName() + " with " + leaf.path() + " = " + value;
        }
    }

    @Provide
    Arbitrary<Mistyped> mistyped() {
        List<Mistyped> all = new ArrayList<>();
        for (Path file : validFiles()) {
            JsonNode document = Leaves.read(file);
            for (Leaves.Place leaf : Leaves.leaves(document)) {
                // the one field that makes the file heaplab's: without it the file is refused as no heaplab file
                if (!leaf.path().equals("$.tool")) {
                    Leaves.wrongFor(Leaves.at(document, leaf)).forEach(v -> all.add(new Mistyped(file, leaf, v)));
                }
            }
        }
        return Arbitraries.of(all);
    }

    @Property(tries = 500)
    void aFileWithOneValueOfTheWrongTypeIsRefusedAtThatValue(@ForAll("mistyped") Mistyped mistyped) {
        JsonNode spoilt = Leaves.replaced(Leaves.read(mistyped.file), mistyped.leaf, mistyped.value);
        Path file = Leaves.write(spoilt, mistyped.file.getFileName().toString());
        Throwable refused = catchThrowable(() -> ResultFiles.read(file));
        assertThat(refused).isInstanceOf(ResultFileException.class);
        assertThat(mistyped.leaf.isNamedIn(refused.getMessage(), file)).as(refused.getMessage()).isTrue();
    }
}
