package io.heaplab.reports.read;

import static io.heaplab.reports.read.ResultFilesTest.input;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A result file is checked against its kind's schema before anything is drawn, and the first value out of place
 * is named on one line: the file, the value's path, what was found and what was expected.
 */
class ResultFileValidationTest {

    @TempDir
    Path dir;

    /** The test input {@code name} with {@code from} replaced by {@code to} once, written as {@code name}. */
    private Path spoilt(String name, String from, String to) throws IOException {
        String text = Files.readString(input(name));
        assertThat(text).contains(from);
        return Files.writeString(dir.resolve(name), text.replaceFirst(java.util.regex.Pattern.quote(from),
                java.util.regex.Matcher.quoteReplacement(to)));
    }

    private static void assertRefused(Path file, String problem) {
        assertThatThrownBy(() -> ResultFiles.read(file)).isInstanceOf(ResultFileException.class)
                .hasMessage(file + ": " + problem);
    }

    @Test
    void aRunFileWithoutRunsIsRefused() throws IOException {
        Path file = Files.writeString(dir.resolve("r.json"), "{\"schema\": 2, \"tool\": \"heaplab\", \"runs\": []}");
        assertRefused(file, "$.runs: [] (expected: a non-empty array)");
    }

    @Test
    void aStringWhereACountBelongsIsRefused() throws IOException {
        assertRefused(spoilt("run.json", "\"references\" : 40", "\"references\" : \"abc\""),
                "$.runs[0].references: \"abc\" (expected: a count, a whole number >= 0)");
        // Jackson's word for a double without a value is no count either
        assertRefused(spoilt("run.json", "\"references\" : 40", "\"references\" : \"NaN\""),
                "$.runs[0].references: \"NaN\" (expected: a count, a whole number >= 0)");
    }

    @Test
    void aNegativeCountIsRefusedByItsPolicysPath() throws IOException {
        assertRefused(spoilt("replay.json", "\"fifo:frames=2\" : 7", "\"fifo:frames=2\" : -7"),
                "$.faults[\"fifo:frames=2\"]: -7 (expected: a count, a whole number >= 0)");
    }

    @Test
    void aMissingRequiredFieldIsNamed() throws IOException {
        assertRefused(spoilt("run.json", "\"measuredFrom\" : 0,", ""),
                "$.runs[0].measuredFrom: missing (expected: a count, a whole number >= 0)");
    }

    @Test
    void anArrayElementOfTheWrongTypeIsNamedByItsIndex() throws IOException {
        assertRefused(spoilt("curves.json", "\"sizes\" : [ 1, 2, 3 ]", "\"sizes\" : [ 1, \"2\", 3 ]"),
                "$.streams[0].curves[0].sizes[1]: \"2\" (expected: a whole number >= 1)");
    }

    @Test
    void aRatioAboveOneIsRefused() throws IOException {
        assertRefused(spoilt("curves.json", "0.1388888888888889", "1.5"),
                "$.streams[0].curves[0].missRatio[1]: 1.5 (expected: a ratio, a number from 0 to 1)");
    }

    @Test
    void aCurvesArraysMustBeAsLongAsItsSizes() throws IOException {
        assertRefused(spoilt("curves.json", "\"faults\" : [ 12, 5, 0 ]", "\"faults\" : [ 12, 5 ]"),
                "$.streams[0].curves[0].faults: [12,5] (expected: an array of 3, as many as sizes)");
    }

    @Test
    void aFileRelabelledAsAnExperimentIsCheckedAgainstThatExperimentsSchema() throws IOException {
        // a replay claiming to be the sample experiment's: its source is an object where the sample has a string
        assertRefused(spoilt("replay.json", "\"tool\" : \"heaplab\",", "\"tool\" : \"heaplab\", \"experiment\" : \"sample\","),
                "$.source: {\"trace\":\"ls.lackey\",\"format\":\"lackey\",\"... (expected: a string)");
    }

    @Test
    void theFieldsThatSayWhatAFileIsAreNamedByTheirPathsToo() throws IOException {
        assertRefused(Files.writeString(dir.resolve("k.json"), "{\"schema\": 2, \"tool\": \"heaplab\", \"kind\": \"chart\"}"),
                "$.kind: \"chart\" (expected: \"report\")");
        assertRefused(spoilt("sample.json", "\"experiment\" : \"sample\"", "\"experiment\" : 7"),
                "$.experiment: 7 (expected: the name of an experiment, one of sample)");
        assertRefused(spoilt("sample.json", "\"schema\" : 2", "\"schema\" : \"2\""),
                "$.schema: \"2\" (expected: 2)");
    }

    @Test
    void aMeasureWithoutAValueMayBeNaNWhereHeaplabWritesIt() throws IOException {
        Path nan = spoilt("run.json", "\"meanPointerTravel\" : 1.5", "\"meanPointerTravel\" : \"NaN\"");
        assertThat(ResultFiles.read(nan)).hasSize(1);
    }

    @Test
    void fieldsOfANewerHeaplabAreLetThrough() throws IOException {
        Path newer = spoilt("run.json", "\"seed\" : 7,", "\"seed\" : 7, \"energyJoules\" : { \"cpu\" : 1.5 },");
        assertThat(ResultFiles.read(newer)).hasSize(1);
    }

    @Test
    void everyFileIsCheckedBeforeAnyIsMergedOrDrawnAndNamedByItsOwnPaths() throws IOException {
        Path seed7 = Files.copy(input("run.json"), dir.resolve("seed7.json"));
        String seed8Text = Files.readString(seed7).replace("\"seed\" : 7", "\"seed\" : 8");
        int second = seed8Text.lastIndexOf("\"frees\" : 20");
        Path seed8 = Files.writeString(dir.resolve("seed8.json"), seed8Text.substring(0, second)
                + "\"frees\" : 20.5" + seed8Text.substring(second + "\"frees\" : 20".length()));
        // merged, it would be the fourth run: the message names the second run of the file that holds it
        assertThatThrownBy(() -> ResultFiles.readAll(List.of(seed7, seed8))).isInstanceOf(ResultFileException.class)
                .hasMessage(seed8 + ": $.runs[1].frees: 20.5 (expected: a count, a whole number >= 0)");
    }
}
