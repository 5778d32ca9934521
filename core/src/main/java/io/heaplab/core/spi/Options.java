package io.heaplab.core.spi;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** The options of one spec, checked against a plugin's declared {@link Option}s and parsed to their types. */
public final class Options {

    private final String owner;
    private final Map<String, Object> values;

    private Options(String owner, Map<String, Object> values) {
        this.owner = owner;
        this.values = values;
    }

    /**
     * Checks {@code spec} against what {@code plugin} declares: unknown keys, missing required options, values of
     * the wrong type and values outside an option's choices or range fail with a one-line {@link SpecException}
     * naming the culprit, like {@code tlsf: sli=9 (expected: 1..5)}.
     */
    public static Options bind(Plugin plugin, Spec spec) {
        Map<String, Option> declared = new LinkedHashMap<>();
        plugin.options().forEach(o -> declared.put(o.name(), o));
        for (String key : spec.options().keySet()) {
            if (!declared.containsKey(key)) {
                throw new SpecException(plugin.name() + ": unknown option '" + key + "' ("
                        + (declared.isEmpty() ? plugin.name() + " takes no options"
                        : "expected one of: " + String.join(", ", declared.keySet())) + ")");
            }
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Option option : declared.values()) {
            String raw = spec.options().getOrDefault(option.name(), option.defaultValue());
            if (raw == null) {
                throw new SpecException(plugin.name() + ": option '" + option.name() + "' is required (expected: "
                        + option.expected() + ", " + option.description() + ")");
            }
            Object value = option.parse(raw);
            if (value == null) {
                throw new SpecException(plugin.name() + ": " + option.name() + "=" + raw + " (expected: "
                        + option.expected() + (raw.contains(",") ? ", one value: lists name a policy's sizes" : "")
                        + ")");
            }
            values.put(option.name(), value);
        }
        return new Options(plugin.name(), values);
    }

    public int getInt(String name) {
        return (Integer) get(name);
    }

    public long getLong(String name) {
        return ((Number) get(name)).longValue();
    }

    public double getDouble(String name) {
        return (Double) get(name);
    }

    public boolean getBoolean(String name) {
        return (Boolean) get(name);
    }

    public String getString(String name) {
        return get(name).toString();
    }

    /** True when an {@link OptionType#POSITIVE_INT_OR_ALL} or {@link OptionType#POSITIVE_LONG_OR_ALL} says all. */
    public boolean isAll(String name) {
        return OptionType.ALL.equals(get(name));
    }

    private Object get(String name) {
        Object value = values.get(name);
        if (value == null) {
            throw new IllegalStateException(owner + " has no option '" + name + "'");
        }
        return value;
    }

    @Override
    public String toString() {
        return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(",", owner + ":", ""));
    }
}
