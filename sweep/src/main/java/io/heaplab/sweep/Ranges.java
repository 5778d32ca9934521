package io.heaplab.sweep;

import io.heaplab.core.spi.SpecException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sweep axis's range: {@code FIRST..LAST} by ones, {@code FIRST..LAST/STEP} by a step, {@code FIRST..LAST*FACTOR}
 * by a factor, both ends included when the walk lands on them. Anything else is one value, so a path with
 * {@code ..} in it stays a path.
 */
final class Ranges {

    private static final String NUMBER = "-?\\d+(?:\\.\\d+)?";
    private static final Pattern RANGE = Pattern.compile("(" + NUMBER + ")\\.\\.(" + NUMBER + ")(?:([/*])("
            + NUMBER + "))?");

    private Ranges() {
    }

    /** The values {@code text} stands for: a range's, in order, or {@code text} alone; at most {@code max}. */
    static List<String> expand(String text, int max) {
        Matcher m = RANGE.matcher(text.strip());
        if (!m.matches()) {
            return List.of(text);
        }
        // decimal arithmetic, so 0..1/0.1 lands on 1 exactly and prints 0.3, not 0.30000000000000004
        BigDecimal first = new BigDecimal(m.group(1));
        BigDecimal last = new BigDecimal(m.group(2));
        if (last.compareTo(first) < 0) {
            throw new SpecException("range " + text + " (expected: FIRST..LAST with FIRST <= LAST)");
        }
        boolean factor = "*".equals(m.group(3));
        BigDecimal by = m.group(4) == null ? BigDecimal.ONE : new BigDecimal(m.group(4));
        if (factor ? by.compareTo(BigDecimal.ONE) <= 0 || first.signum() <= 0 : by.signum() <= 0) {
            throw new SpecException("range " + text + " (expected: " + (factor ? "a factor above 1 after '*', from"
                    + " a first value above 0" : "a positive step after '/'") + ")");
        }
        List<String> values = new ArrayList<>();
        for (BigDecimal v = first; v.compareTo(last) <= 0; v = factor ? v.multiply(by) : v.add(by)) {
            if (values.size() == max) {
                throw new SpecException("range " + text + " has more than " + max + " values (expected: at most "
                        + max + ")");
            }
            values.add(v.stripTrailingZeros().toPlainString());
        }
        return values;
    }
}
