package io.heaplab.sweep;

import java.math.BigDecimal;

/** Numbers in a sweep as one text each, however they were written. */
final class NumberText {

    /** Beyond this exponent a number is left as written: its plain form would be absurdly long. */
    private static final int LONGEST_EXPONENT = 100;

    private NumberText() {
    }

    /**
     * {@code text} as a plain number without trailing zeros when it is one ({@code 16.0}, {@code 1.6e1} and
     * {@code 16} give {@code 16}; {@code 0.50} gives {@code 0.5}), exactly; anything else as it is.
     */
    static String canonical(String text) {
        if (text.isEmpty() || !(Character.isDigit(text.charAt(0)) || text.charAt(0) == '-' || text.charAt(0) == '+'
                || text.charAt(0) == '.')) {
            return text;
        }
        try {
            BigDecimal number = new BigDecimal(text).stripTrailingZeros();
            if (Math.abs(number.scale()) > LONGEST_EXPONENT) {
                return text;
            }
            return number.signum() == 0 ? "0" : number.toPlainString();
        } catch (NumberFormatException e) {
            return text;
        }
    }
}
