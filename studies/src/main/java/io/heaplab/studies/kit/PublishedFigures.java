package io.heaplab.studies.kit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Reads a paper's published tables, transcribed as JSON and kept beside its study as a class-path resource. */
public final class PublishedFigures {

    private PublishedFigures() {
    }

    /**
     * The transcription {@code resource}, relative to {@code study}'s package; it ships with heaplab, so failing to
     * read it is a broken build, not a user's error.
     */
    public static JsonNode load(Class<?> study, String resource) {
        try (InputStream in = study.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("resource " + resource + " is missing beside "
                        + study.getName() + " (expected: the transcription of the paper's tables)");
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }
}
