package io.heaplab.reports.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.core.testing.GoldenFile;
import io.heaplab.reports.MachineIndependent;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ReportJsonTest {

    @Test
    void matchesTheGoldenFile() throws IOException {
        GoldenFile.assertMatches("report.json", MachineIndependent.text(ReportJson.toBytes(ReportSamples.report())));
    }

    @Test
    void readsBackWhatItWrote() throws IOException {
        byte[] written = ReportJson.toBytes(ReportSamples.report());
        Report read = ReportJson.fromTree(new ObjectMapper().readTree(written));
        assertThat(read.schema()).isEqualTo(Report.SCHEMA_VERSION);
        assertThat(read.sections().getFirst().figures().get(1).series().get(1).y()[0]).isNaN();
        assertThat(ReportJson.toBytes(read)).isEqualTo(written);
    }

    @Test
    void refusesANewerSchemaAndOtherDocuments() throws IOException {
        ObjectNode tree = (ObjectNode) ReportJson.toTree(ReportSamples.report());
        tree.put("schema", Report.SCHEMA_VERSION + 1);
        assertThatThrownBy(() -> ReportJson.fromTree(tree)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("report schema " + (Report.SCHEMA_VERSION + 1) + " (expected: 1 to "
                        + Report.SCHEMA_VERSION);
        tree.put("kind", "runs");
        assertThatThrownBy(() -> ReportJson.fromTree(tree)).hasMessageContaining("not a heaplab report");
    }

    @Test
    void writesAMissingValueAsNullAndReadsItBackAsNaN() throws IOException {
        ObjectNode tree = (ObjectNode) ReportJson.toTree(ReportSamples.report());
        assertThat(tree.at("/sections/0/figures/1/series/1/y/0").isNull()).isTrue();
        assertThat(ReportJson.fromTree(tree).sections().getFirst().figures().get(1).series().get(1).y()[0]).isNaN();
    }

    @Test
    void refusesAFigureIdThatCannotNameAFile() throws IOException {
        ObjectNode tree = (ObjectNode) ReportJson.toTree(ReportSamples.report());
        ((ObjectNode) tree.at("/sections/0/figures/0")).put("id", "../../escape");
        assertThatThrownBy(() -> ReportJson.fromTree(tree)).hasMessageContaining("figure id '../../escape'")
                .hasMessageContaining("(expected: lower-case letters, digits and '-'");
    }

    @Test
    void refusesAFigureWhoseBarsDoNotMatchItsCategories() throws IOException {
        ObjectNode tree = (ObjectNode) ReportJson.toTree(ReportSamples.report());
        ((ObjectNode) tree.at("/sections/0/figures/1")).putArray("categories").add("stack");
        assertThatThrownBy(() -> ReportJson.fromTree(tree)).hasMessageContaining("malformed report")
                .hasMessageContaining("one per category");
    }
}
