package io.heaplab.reports;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.core.files.AtomicFiles;
import io.heaplab.core.run.FaultWindows;
import io.heaplab.core.spi.PagingOutcome.Curve;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.SequencedMap;

/**
 * The files of {@code heaplab curve}: every curve of every stream point by point, as JSON and as a tidy CSV.
 *
 * <p>Each point has its size (frames or window), faults, miss ratio, write-backs, mean resident pages and
 * lifetime (references per fault; Denning's lifetime curve plots it against the mean resident size), so WS, VMIN
 * and LRU can be drawn side by side from either file. An infinite lifetime (no faults) is {@code null} in JSON and
 * empty in CSV.
 */
public final class CurveResults {

    private CurveResults() {
    }

    /** The JSON document of one stream's curves, as a tree. */
    public static ObjectNode toTree(ReferenceStream stream, SequencedMap<String, Curve> curves) {
        return toTree(List.of(stream), List.of(curves), null);
    }

    /**
     * The JSON document, as a tree: the head, then {@code streams}, one per stream of references (a trace, or each
     * allocator's run), each with its {@code source}, counts and {@code curves}, and its curves' miss ratio over
     * time, {@code windows} ({@link WindowsJson}), where {@code windows} (or its element for the stream) is not
     * null.
     */
    public static ObjectNode toTree(List<ReferenceStream> streams, List<SequencedMap<String, Curve>> curves,
                                    List<FaultWindows> windows) {
        ObjectNode root = JsonResults.document();
        ArrayNode array = root.putArray("streams");
        for (int s = 0; s < streams.size(); s++) {
            ObjectNode node = array.addObject();
            streams.get(s).putInto(node);
            ArrayNode of = node.putArray("curves");
            curves.get(s).forEach((policy, curve) -> of.add(curveTree(policy, curve)));
            if (windows != null && windows.get(s) != null) {
                WindowsJson.put(node, windows.get(s));
            }
        }
        return root;
    }

    /**
     * One curve as every heaplab document holds it: its policy, axis and measured references, then point by point
     * its size, faults, miss ratio, write-backs, mean resident pages and lifetime ({@code null} when infinite).
     */
    public static ObjectNode curveTree(String policy, Curve curve) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("policy", policy);
        node.put("axis", curve.axis().label());
        node.put("references", curve.references());
        ArrayNode sizes = node.putArray("sizes");
        ArrayNode faults = node.putArray("faults");
        ArrayNode missRatio = node.putArray("missRatio");
        ArrayNode writeBacks = node.putArray("writeBacks");
        ArrayNode meanResident = node.putArray("meanResident");
        ArrayNode lifetime = node.putArray("lifetime");
        for (Point p : points(curve)) {
            sizes.add(p.size);
            faults.add(p.faults);
            missRatio.add(p.missRatio);
            writeBacks.add(p.writeBacks);
            meanResident.add(p.meanResident);
            if (Double.isInfinite(p.lifetime)) {
                lifetime.addNull();
            } else {
                lifetime.add(p.lifetime);
            }
        }
        return node;
    }

    /**
     * Writes the JSON document, with the miss ratio over time where {@code windows} has it (null for none), and the
     * tidy CSV table ({@link TidyCsv}) atomically, each whole or not at all.
     */
    public static void write(Path json, Path csv, List<ReferenceStream> streams,
                             List<SequencedMap<String, Curve>> curves, List<FaultWindows> windows) throws IOException {
        byte[] jsonBytes = JsonResults.render(toTree(streams, curves, windows));
        byte[] csvBytes = TidyCsv.toCsv(streams, curves);
        AtomicFiles.write(json, jsonBytes);
        AtomicFiles.write(csv, csvBytes);
    }

    private record Point(long size, long faults, double missRatio, long writeBacks, double meanResident,
                         double lifetime) {
    }

    private static Point[] points(Curve curve) {
        long[] sizes = curve.sizes();
        long[] faults = curve.faults();
        double[] missRatio = curve.missRatio();
        long[] writeBacks = curve.writeBacks();
        double[] meanResident = curve.meanResident();
        double[] lifetime = curve.lifetime();
        Point[] points = new Point[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            points[i] = new Point(sizes[i], faults[i], missRatio[i], writeBacks[i], meanResident[i], lifetime[i]);
        }
        return points;
    }
}
