package io.heaplab.studies;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.reports.read.ResultFileException;
import io.heaplab.reports.read.ResultFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A study's result file whose {@code experiment} names another study is checked against that study's schema, and
 * refused naming the first value that is not what the named study writes.
 */
class RelabelledResultFileTest {

    @TempDir
    Path dir;

    private Path relabelled(String study, String as) throws IOException {
        String text = Files.readString(Sections.file("golden/" + study + ".json"));
        return Files.writeString(dir.resolve(study + ".json"), text.replace("\"experiment\" : \"" + study + "\"",
                "\"experiment\" : \"" + as + "\""));
    }

    @Test
    void purdomsResultsLabelledBrentLackBrentsPageSize() throws IOException {
        Path file = relabelled("purdom", "brent");
        assertThatThrownBy(() -> ResultFiles.read(file)).isInstanceOf(ResultFileException.class)
                .hasMessage(file + ": $.parameters.pageSize: missing (expected: a count, a whole number >= 0)");
    }

    @Test
    void brentsResultsLabelledPurdomLackPurdomsTranscription() throws IOException {
        Path file = relabelled("brent", "purdom");
        assertThatThrownBy(() -> ResultFiles.read(file)).isInstanceOf(ResultFileException.class)
                .hasMessage(file + ": $.transcription: missing (expected: a string)");
    }

    @Test
    void fitsResultsLabelledCarrLackCarrsTasks() throws IOException {
        Path file = relabelled("fits", "carr");
        assertThatThrownBy(() -> ResultFiles.read(file)).isInstanceOf(ResultFileException.class)
                .hasMessage(file + ": $.parameters.tasks: missing (expected: a count, a whole number >= 0)");
    }
}
