package io.heaplab.reports;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.heaplab.core.spi.PagingOutcome.Curve;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.SequencedMap;

/**
 * The files of {@code heaplab curve}: every curve point by point, as JSON and as CSV.
 *
 * <p>Each point has its size (frames or window), faults, miss ratio, write-backs, mean resident pages and
 * lifetime (references per fault; Denning's lifetime curve plots it against the mean resident size), so WS, VMIN
 * and LRU can be drawn side by side from either file. An infinite lifetime (no faults) is {@code null} in JSON and
 * empty in CSV.
 */
public final class CurveResults {

    /** The CSV header: one row per point of every curve. */
    public static final String CSV_HEADER = "policy,axis,size,faults,missRatio,writeBacks,meanResident,lifetime";

    private CurveResults() {
    }

    /** The JSON document, as a tree. */
    public static ObjectNode toTree(ReferenceStream stream, SequencedMap<String, Curve> curves) {
        ObjectNode root = JsonResults.document();
        stream.putInto(root);
        ArrayNode array = root.putArray("curves");
        curves.forEach((policy, curve) -> array.add(curveTree(policy, curve)));
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

    /** The CSV text: {@link #CSV_HEADER}, then a row per point, curves in the order given. */
    public static byte[] toCsv(SequencedMap<String, Curve> curves) {
        StringBuilder csv = new StringBuilder(CSV_HEADER).append('\n');
        curves.forEach((policy, curve) -> {
            for (Point p : points(curve)) {
                csv.append(Csv.field(policy)).append(',').append(curve.axis().label()).append(',').append(p.size)
                        .append(',').append(p.faults).append(',').append(p.missRatio).append(',')
                        .append(p.writeBacks).append(',').append(p.meanResident).append(',')
                        .append(Double.isInfinite(p.lifetime) ? "" : String.valueOf(p.lifetime)).append('\n');
            }
        });
        return csv.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Writes the JSON and CSV files atomically, each whole or not at all. */
    public static void write(Path json, Path csv, ReferenceStream stream, SequencedMap<String, Curve> curves)
            throws IOException {
        byte[] jsonBytes = JsonResults.render(toTree(stream, curves));
        byte[] csvBytes = toCsv(curves);
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
