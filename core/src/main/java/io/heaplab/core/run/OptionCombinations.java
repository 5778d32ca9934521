package io.heaplab.core.run;

import io.heaplab.core.spi.Spec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The specs a spec whose options list several values names, one per combination of the values, in the order the
 * options and their values are written ({@code lru:frames=16,32} is two): what {@code run}, {@code trace replay} and
 * a sweep's policy axis expand alike.
 */
public final class OptionCombinations {

    private OptionCombinations() {
    }

    /**
     * The specs {@code spec} names, each option's values given by {@code values} (its key and text; a single value
     * for an option that lists none); more than {@code most} of them fails with {@code tooMany}, before they are
     * made.
     */
    public static List<Spec> of(Spec spec, BiFunction<String, String, List<String>> values, long most,
                                Supplier<? extends RuntimeException> tooMany) {
        List<SequencedMap<String, String>> combinations = new ArrayList<>();
        combinations.add(new LinkedHashMap<>());
        for (Map.Entry<String, String> option : spec.options().entrySet()) {
            List<String> these = values.apply(option.getKey(), option.getValue());
            if ((long) combinations.size() * these.size() > most) {
                throw tooMany.get();
            }
            List<SequencedMap<String, String>> next = new ArrayList<>(combinations.size() * these.size());
            for (SequencedMap<String, String> partial : combinations) {
                for (String value : these) {
                    SequencedMap<String, String> options = new LinkedHashMap<>(partial);
                    options.put(option.getKey(), value);
                    next.add(options);
                }
            }
            combinations = next;
        }
        return combinations.stream().map(options -> new Spec(spec.name(), options)).toList();
    }
}
