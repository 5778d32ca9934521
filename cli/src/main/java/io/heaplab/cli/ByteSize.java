package io.heaplab.cli;

import io.heaplab.core.heap.Bytes;
import io.heaplab.core.spi.SpecException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A number of bytes on the command line, with or without a unit, as {@link Bytes} reads it: {@code 64MiB}. */
final class ByteSize {

    private ByteSize() {
    }

    /** The bytes {@code text} names; a malformed or too large size fails with picocli's one-line message. */
    static long parse(String text) {
        try {
            return Bytes.parse(text);
        } catch (SpecException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    /** For {@code long} and {@code Long} options. */
    static final class ToLong implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return parse(value);
        }
    }

    /** For {@code int} and {@code Integer} options: page sizes. */
    static final class ToInt implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            long bytes = parse(value);
            if (bytes > Integer.MAX_VALUE) {
                throw new TypeConversionException("'" + value + "' (expected: at most " + Integer.MAX_VALUE
                        + " bytes)");
            }
            return (int) bytes;
        }
    }
}
