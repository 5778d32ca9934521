package io.heaplab.studies;

import io.heaplab.core.spi.SpecException;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** The studies on heaplab's class path, by name. */
public final class Studies {

    private final TreeMap<String, Study> byName;

    private Studies(TreeMap<String, Study> byName) {
        this.byName = byName;
    }

    /** Every study registered through {@code META-INF/services}; two with one name fail naming both. */
    public static Studies load() {
        TreeMap<String, Study> byName = new TreeMap<>();
        for (Study study : ServiceLoader.load(Study.class, Study.class.getClassLoader())) {
            Study twin = byName.putIfAbsent(study.name(), study);
            if (twin != null) {
                throw new IllegalStateException("two studies named '" + study.name() + "': "
                        + twin.getClass().getName() + " and " + study.getClass().getName() + " (expected: one)");
            }
        }
        return new Studies(byName);
    }

    /** Every study, by name. */
    public List<Study> all() {
        return List.copyOf(byName.values());
    }

    /** Their names, in order. */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /** The study named {@code name}; an unknown name fails naming the known ones. */
    public Study find(String name) {
        Study study = byName.get(name);
        if (study == null) {
            throw new SpecException("unknown study '" + name + "' (expected: one of " + String.join(", ", names())
                    + ")");
        }
        return study;
    }
}
