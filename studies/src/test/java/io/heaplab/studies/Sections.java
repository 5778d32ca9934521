package io.heaplab.studies;

import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Series;
import io.heaplab.reports.read.ResultFiles;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;

/** Reading a study's sample result files into report sections, and finding their figures and series by name. */
public final class Sections {

    private Sections() {
    }

    /** The one section of the test resource {@code inputs/NAME}. */
    public static Section of(String name) throws IOException {
        return ResultFiles.read(file("inputs/" + name)).getFirst();
    }

    /** The test resource {@code resource} ({@code golden/brent.json}) as a file. */
    public static Path file(String resource) {
        try {
            return Path.of(Sections.class.getClassLoader().getResource(resource).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Figure figure(Section section, String id) {
        return section.figures().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow(
                () -> new AssertionError(id + " not among " + section.figures().stream().map(Figure::id).toList()));
    }

    public static Series series(Figure figure, String name) {
        return figure.series().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow(
                () -> new AssertionError(name + " not among " + figure.series().stream().map(Series::name).toList()));
    }
}
