package io.heaplab.core.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The plugins of one kind found by {@link ServiceLoader}, by name.
 *
 * @param <P> the provider interface
 */
public final class Registry<P extends Plugin> {

    private final String kind;
    private final Map<String, P> byName;

    private Registry(String kind, Map<String, P> byName) {
        this.kind = kind;
        this.byName = Collections.unmodifiableMap(byName);
    }

    /**
     * Loads every {@code type} provider visible to {@code loader}; two with one name fail with a message naming
     * both classes.
     */
    public static <P extends Plugin> Registry<P> load(Class<P> type, String kind, ClassLoader loader) {
        List<P> found = new ArrayList<>();
        try {
            ServiceLoader.load(type, loader).forEach(found::add);
        } catch (ServiceConfigurationError e) {
            throw new SpecException("cannot load a " + kind + " plugin: " + e.getMessage());
        }
        return of(kind, found);
    }

    /** A registry of the given providers, checked for names as {@link #load} does. */
    public static <P extends Plugin> Registry<P> of(String kind, List<P> providers) {
        Map<String, P> byName = new TreeMap<>();
        for (P p : providers) {
            Spec.parse(p.name()); // a provider's name must itself be a valid spec name
            P twin = byName.putIfAbsent(p.name(), p);
            if (twin != null) {
                throw new SpecException("duplicate " + kind + " name '" + p.name() + "': "
                        + twin.getClass().getName() + " and " + p.getClass().getName());
            }
        }
        return new Registry<>(kind, byName);
    }

    /** The provider named {@code name}, or a {@link SpecException} that lists the valid names. */
    public P find(String name) {
        P p = byName.get(name);
        if (p == null) {
            throw new SpecException("unknown " + kind + " '" + name + "' (expected one of: "
                    + String.join(", ", byName.keySet()) + ")");
        }
        return p;
    }

    /** Every provider, sorted by name. */
    public List<P> all() {
        return List.copyOf(byName.values());
    }

    /** What this registry holds: "allocator", "policy", "workload". */
    public String kind() {
        return kind;
    }
}
