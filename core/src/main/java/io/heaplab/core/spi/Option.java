package io.heaplab.core.spi;

import java.util.Objects;

/**
 * One typed option of a plugin, as in {@code frames=250}.
 *
 * @param name         the key in the spec string
 * @param type         what values it takes
 * @param defaultValue the value used when the spec omits it, or null when the option is required
 * @param description  one line for {@code heaplab list}
 */
public record Option(String name, OptionType type, String defaultValue, String description) {

    public Option {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(description, "description");
        if (defaultValue != null && type.parse(defaultValue) == null) {
            throw new IllegalArgumentException(
                    "option " + name + ": default '" + defaultValue + "' (expected: " + type.expected() + ")");
        }
    }

    /** An option that must be given. */
    public static Option required(String name, OptionType type, String description) {
        return new Option(name, type, null, description);
    }

    /** An option with a default. */
    public static Option of(String name, OptionType type, String defaultValue, String description) {
        return new Option(name, type, Objects.requireNonNull(defaultValue, "defaultValue"), description);
    }

    public boolean isRequired() {
        return defaultValue == null;
    }
}
