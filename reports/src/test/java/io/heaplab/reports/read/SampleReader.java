package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.heaplab.reports.Environment;
import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Series;
import io.heaplab.reports.model.Table;
import io.heaplab.reports.schema.Expect;
import java.util.ArrayList;
import java.util.List;

/**
 * A reader of the made-up experiment "sample", registered for the tests only, so the lookup of readers by the
 * experiment name a file carries is tested without any real study on the class path.
 */
public final class SampleReader implements ExperimentReader {

    @Override
    public String experiment() {
        return "sample";
    }

    @Override
    public String kind() {
        return "sample experiment";
    }

    /** Its parameters, rows of a name and maybe a measured summary, and a curve of at least one point. */
    @Override
    public Expect schema() {
        return ResultSchemas.experiment(Expect.object()
                .required("parameters", Expect.object().required("pageSize", Expect.count())
                        .required("seeds", Expect.arrayOf(Expect.whole())))
                .required("rows", Expect.arrayOf(Expect.object().required("name", Expect.text())
                        .optional("measured", ResultSchemas.summary())))
                .required("curve", Expect.arrayOf(Expect.number()).nonEmpty()));
    }

    @Override
    public Section section(JsonNode document) {
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode row : document.get("rows")) {
            rows.add(List.of(row.get("name").asText(), Nodes.summary(row.path("measured"), 2)));
        }
        double[] y = Nodes.doubles(document.get("curve"));
        Figure curve = Figure.lines("curve", "A sample curve", Axis.linear("x"), Axis.fitting("y", y),
                List.of(Series.line("sample", Nodes.oneTo(y.length), y)), List.of());
        return new Section("A sample study", document.path("source").asText(), Nodes.texts(document.path("parameters")),
                Environment.of(document), ClaimNotes.of(document.path("claims")),
                List.of(new Table("Sample table", List.of("name", "measured"), rows)), List.of(curve));
    }
}
