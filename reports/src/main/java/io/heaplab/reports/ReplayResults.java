package io.heaplab.reports;

import com.fasterxml.jackson.databind.node.ArrayNode;
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
     * The document with the policies' miss ratio over time, {@code windows}, after the rest; none when null:
     * {@code windows.length}, {@code ends}, then {@code faults} and {@code missRatio} by policy, and the policies
     * {@code notWindowed}.
     */
    public static ObjectNode toTree(ReferenceStream stream, SequencedMap<String, PagingOutcome> paging,
                                    FaultWindows windows) {
        ObjectNode root = JsonResults.document();
        stream.putInto(root);
        JsonResults.putPaging(root, paging);
        if (windows != null) {
            ObjectNode node = root.putObject("windows");
            node.put("length", windows.length());
            ArrayNode ends = node.putArray("ends");
            for (long end : windows.ends()) {
                ends.add(end);
            }
            ObjectNode faults = node.putObject("faults");
            ObjectNode ratios = node.putObject("missRatio");
            windows.faults().forEach((policy, counts) -> {
                ArrayNode array = faults.putArray(policy);
                for (long count : counts) {
                    array.add(count);
                }
                ArrayNode ratio = ratios.putArray(policy);
                for (double r : windows.missRatio(policy)) {
                    ratio.add(r);
                }
            });
            ArrayNode left = node.putArray("notWindowed");
            windows.notWindowed().forEach(left::add);
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
