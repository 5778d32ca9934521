package io.heaplab.reports.read;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Reading the pieces every result document shares: number arrays, parameter objects, mean ± sd summaries. */
public final class Nodes {

    private Nodes() {
    }

    /** A JSON array of numbers as doubles; a null element (an infinite lifetime, say) reads as infinity. */
    public static double[] doubles(JsonNode array) {
        double[] values = new double[array.size()];
        for (int i = 0; i < values.length; i++) {
            JsonNode v = array.get(i);
            values[i] = v.isNull() ? Double.POSITIVE_INFINITY : v.asDouble();
        }
        return values;
    }

    /** 1, 2, ..., n: the frame counts of a curve stored without its sizes. */
    public static double[] oneTo(int n) {
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = i + 1;
        }
        return values;
    }

    /** An object's fields as text in their order; arrays become comma-separated lists, objects k=v lists. */
    public static Map<String, String> texts(JsonNode object) {
        Map<String, String> texts = new LinkedHashMap<>();
        object.properties().forEach(e -> texts.put(e.getKey(), text(e.getValue())));
        return texts;
    }

    private static String text(JsonNode value) {
        if (value.isArray()) {
            StringBuilder list = new StringBuilder();
            value.forEach(v -> list.append(list.isEmpty() ? "" : ", ").append(text(v)));
            return list.toString();
        }
        if (value.isObject()) {
            StringBuilder list = new StringBuilder();
            value.properties().forEach(e -> list.append(list.isEmpty() ? "" : ", ").append(e.getKey()).append('=')
                    .append(text(e.getValue())));
            return list.toString();
        }
        return value.asText();
    }

    /**
     * A number for a table cell: {@code digits} decimals, so a column reads with one precision, and thousands
     * separators; "-" when it is missing.
     */
    public static String cell(double value, int digits) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return grouped(value, digits);
    }

    /** A {@code {mean, sd}} summary as "mean ± sd", just the mean when the sd is zero, "-" when it is missing. */
    public static String summary(JsonNode summary, int digits) {
        if (summary.isMissingNode() || summary.isNull()) {
            return "-";
        }
        double sd = summary.path("sd").asDouble();
        String mean = cell(summary.path("mean").asDouble(), digits);
        return sd == 0 ? mean : mean + " ± " + cell(sd, digits);
    }

    /** A number field, or NaN when it is missing. */
    public static double number(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || !v.isNumber() ? Double.NaN : v.asDouble();
    }

    /** {@code value} with {@code decimals} places and thousands separators (1,234,567), the same on every machine. */
    public static String grouped(double value, int decimals) {
        return String.format(java.util.Locale.ROOT, "%,." + decimals + "f", value);
    }
}
