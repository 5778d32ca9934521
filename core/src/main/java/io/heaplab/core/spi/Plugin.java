package io.heaplab.core.spi;

import java.util.List;

/** Common face of every plugin: a unique short name, a one-line description and typed options. */
public interface Plugin {

    /** The short name used in specs, like {@code stack} or {@code lru}: lower case, unique within its kind. */
    String name();

    /** One line that tells a researcher what this plugin is and where it comes from. */
    String description();

    /** The options this plugin accepts in its spec string; none by default. */
    default List<Option> options() {
        return List.of();
    }
}
