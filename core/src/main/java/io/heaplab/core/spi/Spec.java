package io.heaplab.core.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.SequencedMap;
import java.util.regex.Pattern;

/**
 * A plugin named with its raw options, parsed from text like {@code wsclock:frames=250,theta=700000}. An item
 * without {@code =} continues the value before it, so {@code lru:frames=25,50,100} has one option holding a list
 * (which {@link io.heaplab.core.run.PolicySizes} expands).
 *
 * <p>The options keep the order they were written in, so {@link #toString()} gives back a canonical form
 * of what the user typed; results are keyed by it.
 */
public record Spec(String name, SequencedMap<String, String> options) {

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]*");

    public Spec {
        options = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(options));
    }

    /** Parses {@code text}; a malformed one fails with a one-line {@link SpecException}. */
    public static Spec parse(String text) {
        if (text == null || text.isBlank()) {
            throw new SpecException("empty spec (expected: NAME or NAME:key=value,...)");
        }
        String trimmed = text.strip();
        int colon = trimmed.indexOf(':');
        String name = colon < 0 ? trimmed : trimmed.substring(0, colon);
        if (!NAME.matcher(name).matches()) {
            throw new SpecException("'" + trimmed + "': bad name '" + name
                    + "' (expected: lower-case letters, digits, '.', '_' or '-')");
        }
        SequencedMap<String, String> options = new LinkedHashMap<>();
        if (colon >= 0) {
            String last = null;
            for (String pair : trimmed.substring(colon + 1).split(",", -1)) {
                int eq = pair.indexOf('=');
                if (eq < 0 && last != null && !pair.isBlank()) {
                    // a value list, as in lru:frames=25,50,100: the item belongs to the option before it
                    options.put(last, options.get(last) + "," + pair.strip());
                    continue;
                }
                String key = eq < 0 ? "" : pair.substring(0, eq).strip();
                String value = eq < 0 ? "" : pair.substring(eq + 1).strip();
                // blank counts as missing: a key or value of spaces alone would be written back as nothing
                if (key.isEmpty() || value.isEmpty()) {
                    throw new SpecException(name + ": malformed option '" + pair + "' (expected: key=value)");
                }
                if (options.putIfAbsent(key, value) != null) {
                    throw new SpecException(name + ": option '" + key + "' given twice");
                }
                last = key;
            }
        }
        return new Spec(name, options);
    }

    /**
     * Splits a comma-separated list of specs, like {@code stack,nofree} or {@code buddy:minBlock=16,order=20,stack}:
     * a {@code key=value} item belongs to the spec before it, any other item starts a new spec.
     */
    public static List<Spec> parseList(String text) {
        List<Spec> specs = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String item : text.split(",", -1)) {
            if (item.isBlank()) {
                throw new SpecException("'" + text + "': empty spec in the list (expected: SPEC[,SPEC...])");
            }
            boolean continues = item.contains("=") && !item.contains(":") && !current.isEmpty();
            if (!continues && !current.isEmpty()) {
                specs.add(parse(current.toString()));
                current.setLength(0);
            }
            current.append(current.isEmpty() ? "" : ",").append(item);
        }
        specs.add(parse(current.toString()));
        return specs;
    }

    /** A number as a spec writes it: {@code 200}, not {@code 200.0}; messages quote option values this way. */
    public static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : Double.toString(value);
    }

    @Override
    public String toString() {
        if (options.isEmpty()) {
            return name;
        }
        StringBuilder text = new StringBuilder(name).append(':');
        options.forEach((k, v) -> text.append(k).append('=').append(v).append(','));
        return text.substring(0, text.length() - 1);
    }
}
