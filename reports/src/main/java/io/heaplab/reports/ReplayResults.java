package io.heaplab.reports;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.core.files.AtomicFiles;
import io.heaplab.core.spi.PagingOutcome;
import java.io.IOException;
import java.nio.file.Path;
import java.util.SequencedMap;

/** The JSON result file of {@code heaplab trace replay}: the trace replayed and each policy's outcome. */
public final class ReplayResults {

    private ReplayResults() {
    }

    /** The document, as a tree: the head, the stream, then faults and measures keyed by policy spec. */
    public static ObjectNode toTree(ReferenceStream stream, SequencedMap<String, PagingOutcome> paging) {
        ObjectNode root = JsonResults.document();
        stream.putInto(root);
        JsonResults.putPaging(root, paging);
        return root;
    }

    /** Writes the document to {@code file} atomically. */
    public static void write(Path file, ReferenceStream stream, SequencedMap<String, PagingOutcome> paging)
            throws IOException {
        AtomicFiles.write(file, JsonResults.render(toTree(stream, paging)));
    }
}
