package io.heaplab.reports.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.reports.model.Section;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The contract every {@link ExperimentReader} keeps: a reader's test extends this class and gives the reader and
 * files of its experiment as heaplab writes them. The reader must be registered under its experiment's name, read
 * every such file, and check the fields its experiment writes: a file cut to the head every experiment shares, a
 * file of its experiment labelled as another's, and a file with one value of the wrong type are each refused with
 * a one-line message naming the first value out of place by its path.
 */
public abstract class ExperimentReaderContract {

    /** The fields every experiment's file has: the document's head, the failed strategies, the claims. */
    private static final Set<String> HEAD = Set.of("schema", "tool", "environment", "command", "experiment",
            "source", "failed", "claims");

    /** The reader under test. */
    protected abstract ExperimentReader reader();

    /** Files of the reader's experiment as heaplab writes them (golden files, samples), each valid. */
    protected abstract List<Path> samples();

    @Test
    void isRegisteredUnderItsExperimentName() {
        ExperimentReader reader = reader();
        assertThat(reader.experiment()).isNotBlank();
        assertThat(reader.kind()).isNotBlank();
        assertThat(ServiceLoader.load(ExperimentReader.class).stream().map(ServiceLoader.Provider::type))
                .contains(reader.getClass());
    }

    @Test
    void everySampleIsOfItsExperimentAndReadsIntoOneSection() throws IOException {
        assertThat(samples()).isNotEmpty();
        for (Path sample : samples()) {
            assertThat(Leaves.read(sample).path("experiment").asText()).as(sample.toString())
                    .isEqualTo(reader().experiment());
            List<Section> sections = ResultFiles.read(sample);
            assertThat(sections).as(sample.toString()).hasSize(1);
        }
    }

    @Test
    void aSampleCutToTheSharedHeadIsRefusedNamingAFieldOfItsOwn() {
        for (Path sample : samples()) {
            ObjectNode head = (ObjectNode) Leaves.read(sample).deepCopy();
            List<String> own = new ArrayList<>();
            head.fieldNames().forEachRemaining(name -> {
                if (!HEAD.contains(name)) {
                    own.add(name);
                }
            });
            head.remove(own);
            Path cut = Leaves.write(head, sample.getFileName().toString());
            assertThatThrownBy(() -> ResultFiles.read(cut)).as(sample.toString())
                    .isInstanceOf(ResultFileException.class)
                    .satisfies(e -> assertThat(own).anyMatch(field -> e.getMessage()
                            .startsWith(cut + ": $." + field + ": missing (expected: ")));
        }
    }

    @Test
    void aSampleLabelledAsAnotherExperimentIsRefusedByThatExperimentsSchema() {
        for (ExperimentReader other : ServiceLoader.load(ExperimentReader.class)) {
            if (other.experiment().equals(reader().experiment())) {
                continue;
            }
            for (Path sample : samples()) {
                ObjectNode relabelled = (ObjectNode) Leaves.read(sample).deepCopy();
                relabelled.put("experiment", other.experiment());
                Path file = Leaves.write(relabelled, sample.getFileName().toString());
                assertThatThrownBy(() -> ResultFiles.read(file)).as(sample + " as " + other.experiment())
                        .isInstanceOf(ResultFileException.class).message().startsWith(file + ": $")
                        .contains(" (expected: ").doesNotContain("\n");
            }
        }
    }

    /** A sample with one leaf replaced by a value of another type. */
    record Mistyped(Path sample, Leaves.Place leaf, JsonNode value) {
        @Override
        public String toString() {
            return sample.getFileName() + " with " + leaf.path() + " = " + value;
        }
    }

    @Provide
    Arbitrary<Mistyped> mistyped() {
        List<Mistyped> all = new ArrayList<>();
        for (Path sample : samples()) {
            JsonNode document = Leaves.read(sample);
            for (Leaves.Place leaf : Leaves.leaves(document)) {
                // the one field that makes the file heaplab's: without it the file is refused as no heaplab file
                if (!leaf.path().equals("$.tool")) {
                    Leaves.wrongFor(Leaves.at(document, leaf)).forEach(v -> all.add(new Mistyped(sample, leaf, v)));
                }
            }
        }
        return Arbitraries.of(all);
    }

    @Property(tries = 200)
    void aSampleWithOneValueOfTheWrongTypeIsRefusedAtThatValue(@ForAll("mistyped") Mistyped mistyped) {
        JsonNode spoiled = Leaves.replaced(Leaves.read(mistyped.sample), mistyped.leaf, mistyped.value);
        Path file = Leaves.write(spoiled, mistyped.sample.getFileName().toString());
        Throwable refused = catchThrowable(() -> ResultFiles.read(file));
        assertThat(refused).isInstanceOf(ResultFileException.class);
        assertThat(mistyped.leaf.isNamedIn(refused.getMessage(), file)).as(refused.getMessage()).isTrue();
    }

    /** A sample without one of its fields. */
    record Cut(Path sample, Leaves.Place field) {
        @Override
        public String toString() {
            return sample.getFileName() + " without " + field.path();
        }
    }

    @Provide
    Arbitrary<Cut> cut() {
        List<Cut> all = new ArrayList<>();
        for (Path sample : samples()) {
            Leaves.fields(Leaves.read(sample)).forEach(field -> all.add(new Cut(sample, field)));
        }
        return Arbitraries.of(all);
    }

    /**
     * A file without one field is either still drawn (the field was optional) or refused with a one-line message
     * naming the file; when that message names a value out of place, it is the field or one of its ancestors.
     */
    @Property(tries = 200)
    void aSampleWithoutOneFieldIsDrawnOrRefusedThere(@ForAll("cut") Cut cut) {
        Path file = Leaves.write(Leaves.removed(Leaves.read(cut.sample), cut.field),
                cut.sample.getFileName().toString());
        Throwable refused = catchThrowable(() -> ResultFiles.read(file));
        if (refused != null) {
            assertThat(refused).isInstanceOf(ResultFileException.class);
            assertThat(refused.getMessage()).startsWith(file + ": ").doesNotContain("\n");
            if (refused.getMessage().startsWith(file + ": $")) {
                assertThat(cut.field.isNamedIn(refused.getMessage(), file)).as(refused.getMessage()).isTrue();
            }
        }
    }
}
