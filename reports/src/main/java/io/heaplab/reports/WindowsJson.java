package io.heaplab.reports;

import io.heaplab.core.run.FaultWindows;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The miss ratio over time as result files hold it ({@link FaultWindows}): a {@code windows} object with the
 * window {@code length} and {@code ends}, each fixed-memory policy's {@code faults} and {@code missRatio} by window,
 * each one-pass curve's under {@code curves} by size then window, and the policies {@code notWindowed}.
 */
public final class WindowsJson {

    private WindowsJson() {
    }

    /** Puts {@code windows} into {@code parent} as its {@code windows} object. */
    public static void put(ObjectNode parent, FaultWindows windows) {
        ObjectNode node = parent.putObject("windows");
        node.put("length", windows.length());
        addAll(node.putArray("ends"), windows.ends());
        ObjectNode faults = node.putObject("faults");
        ObjectNode ratios = node.putObject("missRatio");
        windows.faults().forEach((policy, counts) -> {
            addAll(faults.putArray(policy), counts);
            addAll(ratios.putArray(policy), windows.missRatio(policy));
        });
        if (!windows.curves().isEmpty()) {
            ObjectNode curves = node.putObject("curves");
            windows.curves().forEach((policy, curve) -> {
                ObjectNode of = curves.putObject(policy);
                addAll(of.putArray("sizes"), curve.sizes());
                ArrayNode byWindow = of.putArray("faults");
                ArrayNode ratio = of.putArray("missRatio");
                int sizes = curve.sizes().length;
                for (int k = 0; k < sizes; k++) {
                    addAll(byWindow.addArray(), curve.faultsAt(k));
                    addAll(ratio.addArray(), windows.missRatio(policy, k));
                }
            });
        }
        ArrayNode left = node.putArray("notWindowed");
        windows.notWindowed().forEach(left::add);
    }

    private static void addAll(ArrayNode array, long[] values) {
        for (long value : values) {
            array.add(value);
        }
    }

    private static void addAll(ArrayNode array, double[] values) {
        for (double value : values) {
            array.add(value);
        }
    }
}
