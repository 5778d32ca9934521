package io.heaplab.studies.kit;

import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;

/**
 * The values given for a study's parameters, read as the types the study expects; a value that does not read
 * fails with a {@link ParameterException} naming the parameter.
 */
public final class Arguments {

    private final SequencedMap<String, String> values;

    private Arguments(SequencedMap<String, String> values) {
        this.values = values;
    }

    /**
     * The given {@code values} over the defaults of {@code parameters}; a value for a parameter not among them fails.
     */
    public static Arguments of(List<Parameter> parameters, Map<String, String> values) {
        SequencedMap<String, String> all = new LinkedHashMap<>();
        parameters.forEach(p -> all.put(p.name(), p.defaultValue()));
        values.forEach((name, value) -> {
            if (!all.containsKey(name)) {
                throw new IllegalArgumentException("unknown parameter '" + name + "' (expected: one of "
                        + String.join(", ", all.keySet()) + ")");
            }
            all.put(name, value);
        });
        return new Arguments(all);
    }

    /** The value of {@code name} as given, or its default. */
    public String text(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("unknown parameter '" + name + "' (expected: one of "
                    + String.join(", ", values.keySet()) + ")");
        }
        return value;
    }

    /** The value of {@code name} as an integer. */
    public int integer(String name) {
        String value = text(name);
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new ParameterException(name, "'" + value + "' (expected: an integer)");
        }
    }

    /** The value of {@code name} as a plugin spec ({@code first-fit:order=lifo}), in its canonical form. */
    public String spec(String name) {
        String value = text(name);
        try {
            return Spec.parse(value).toString();
        } catch (SpecException e) {
            throw new ParameterException(name, "'" + value + "' is not a spec: " + e.getMessage());
        }
    }

    /** The value of {@code name} as a comma-separated list of plugin specs, each in its canonical form. */
    public List<String> specs(String name) {
        String value = text(name);
        try {
            return Spec.parseList(value).stream().map(Spec::toString).toList();
        } catch (SpecException e) {
            throw new ParameterException(name, "'" + value + "' is not a list of specs: " + e.getMessage());
        }
    }

    /** The value of {@code name} as a comma-separated list of integers. */
    public List<Integer> integers(String name) {
        String value = text(name);
        List<Integer> list = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            try {
                list.add(Integer.parseInt(part.strip()));
            } catch (NumberFormatException e) {
                throw new ParameterException(name, "'" + value + "' (expected: integers separated by commas)");
            }
        }
        return list;
    }
}
