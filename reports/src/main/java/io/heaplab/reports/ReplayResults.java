package io.heaplab.reports;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.core.files.AtomicFiles;
import io.heaplab.core.run.FaultWindows;
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
        return toTree(stream, paging, null);
    }

    /**
     * The document with the policies' miss ratio over time, {@code windows} ({@link WindowsJson}), after the rest;
     * none when null.
     */
    public static ObjectNode toTree(ReferenceStream stream, SequencedMap<String, PagingOutcome> paging,
                                    FaultWindows windows) {
        ObjectNode root = JsonResults.document();
        stream.putInto(root);
        JsonResults.putPaging(root, paging);
        if (windows != null) {
            WindowsJson.put(root, windows);
        }
        return root;
    }

    /** Writes the document to {@code file} atomically. */
    public static void write(Path file, ReferenceStream stream, SequencedMap<String, PagingOutcome> paging)
            throws IOException {
        write(file, stream, paging, null);
    }

    /** Writes the document, with the miss ratio over time unless {@code windows} is null, atomically. */
    public static void write(Path file, ReferenceStream stream, SequencedMap<String, PagingOutcome> paging,
                             FaultWindows windows) throws IOException {
        AtomicFiles.write(file, JsonResults.render(toTree(stream, paging, windows)));
    }
}
