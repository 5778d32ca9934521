package io.heaplab.core.plugins;

import io.heaplab.core.spi.Plugin;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The plugins of one kind, by name, each with its {@link Origin}.
 *
 * @param <P> the provider interface
 */
public final class Registry<P extends Plugin> {

    private final String kind;
    private final Map<String, P> byName;
    private final Map<String, Origin> origins;

    private Registry(String kind, Map<String, P> byName, Map<String, Origin> origins) {
        this.kind = kind;
        this.byName = Collections.unmodifiableMap(byName);
        this.origins = Collections.unmodifiableMap(origins);
    }

    /**
     * Loads every {@code type} provider visible to {@code loader}, all built in; two with one name fail with a
     * message naming both classes.
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

    /** A registry of the given built-in providers, checked for names as {@link #load} does. */
    public static <P extends Plugin> Registry<P> of(String kind, List<P> providers) {
        Registry<P> registry = new Registry<>(kind, new TreeMap<>(), new TreeMap<>());
        for (P p : providers) {
            registry = registry.plus(p, Origin.BUILT_IN);
        }
        return registry;
    }

    /**
     * This registry and {@code provider} from {@code origin}; a name that is not a valid spec name, or one this
     * registry already holds, fails with a message naming both providers and where each comes from.
     */
    public Registry<P> plus(P provider, Origin origin) {
        String name = provider.name();
        Spec.parse(name); // a provider's name must itself be a valid spec name
        P twin = byName.get(name);
        if (twin != null) {
            Origin twinOrigin = origins.get(name);
            throw new SpecException(kind + " name '" + name + "' of " + provider.getClass().getName()
                    + (origin.isPlugin() ? " (plugin " + origin + ")" : "") + " clashes with "
                    + (twinOrigin.isPlugin() ? twin.getClass().getName() + " from plugin " + twinOrigin
                            : "the built-in " + twin.getClass().getName())
                    + " (expected: a name of its own)");
        }
        Map<String, P> names = new TreeMap<>(byName);
        names.put(name, provider);
        Map<String, Origin> from = new TreeMap<>(origins);
        from.put(name, origin);
        return new Registry<>(kind, names, from);
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

    /** Where the provider named {@code name} comes from, found as {@link #find} does. */
    public Origin origin(String name) {
        find(name);
        return origins.get(name);
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
