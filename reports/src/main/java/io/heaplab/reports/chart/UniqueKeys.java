package io.heaplab.reports.chart;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Dataset keys made unique, since JFreeChart datasets reject or silently merge entries with equal keys. */
final class UniqueKeys {

    private UniqueKeys() {
    }

    /** {@code names} in order, each repeat of a name suffixed with " #2", " #3"... up to the first unused key. */
    static List<String> of(List<String> names) {
        // every name as given is reserved first, so a suffixed repeat never takes a key a later name holds
        Set<String> taken = new HashSet<>(names);
        Set<String> seen = new HashSet<>();
        List<String> keys = new ArrayList<>(names.size());
        for (String name : names) {
            if (seen.add(name)) {
                keys.add(name);
                continue;
            }
            int n = 2;
            while (!taken.add(name + " #" + n)) {
                n++;
            }
            keys.add(name + " #" + n);
        }
        return keys;
    }
}
