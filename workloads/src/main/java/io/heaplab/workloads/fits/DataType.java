package io.heaplab.workloads.fits;

import io.heaplab.core.spi.SpecException;

/** What each of the course report's allocations holds: an int, a double or a word read from a list (C. Zhang). */
public enum DataType {
    /** 4 bytes. */
    INT("int"),
    /** 8 bytes. */
    DOUBLE("double"),
    /** A word and its NUL, as a {@code char*} holds it: 3 to 16 bytes. */
    STRING("string");

    private final String word;

    DataType(String word) {
        this.word = word;
    }

    /** The word for this type in a spec, like {@code fits:type=double}. */
    public String word() {
        return word;
    }

    /** The bytes allocation {@code i} asks for. */
    long size(long i) {
        return switch (this) {
            case INT -> Integer.BYTES;
            case DOUBLE -> Double.BYTES;
            case STRING -> Words.length(i);
        };
    }

    /** The type a spec names; anything else fails with a one-line {@link SpecException}. */
    public static DataType parse(String word) {
        for (DataType type : values()) {
            if (type.word.equals(word)) {
                return type;
            }
        }
        throw new SpecException("type: " + word + " (expected: int, double or string)");
    }
}
