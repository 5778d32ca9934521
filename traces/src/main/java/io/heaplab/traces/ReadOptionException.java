package io.heaplab.traces;

import io.heaplab.core.spi.SpecException;
import java.io.Serial;

/**
 * A read option given that the trace gives no meaning to or contradicts: a page size for a trace of object ids, or
 * another than a heaplab trace was recorded with; lackey's instruction fetches for another format. It names the
 * option by its {@link ReadOptions} component, so a command line can say the flag instead.
 */
public final class ReadOptionException extends SpecException {

    @Serial
    private static final long serialVersionUID = 1L;

    private final String option;
    private final String value;
    private final String trace;
    private final transient TraceFormatSpec format;
    private final int recorded;

    ReadOptionException(String message, String option, String value, String trace, TraceFormatSpec format,
                        int recorded) {
        super(message);
        this.option = option;
        this.value = value;
        this.trace = trace;
        this.format = format;
        this.recorded = recorded;
    }

    /** The {@link ReadOptions} component refused: {@code pageSize}, {@code instructions}, {@code idColumn}, {@code header}. */
    public String option() {
        return option;
    }

    /** The value given, as written: {@code 512}, {@code true}. */
    public String value() {
        return value;
    }

    /** The trace as named. */
    public String trace() {
        return trace;
    }

    /** The trace's format. */
    public TraceFormatSpec format() {
        return format;
    }

    /** The page size the trace was recorded with, when that is what the page size given contradicts; else 0. */
    public int recorded() {
        return recorded;
    }
}
