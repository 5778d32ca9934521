package io.heaplab.core.spi;

import java.io.Serial;

/** A spec or option the user wrote is wrong; the message is one line naming the culprit and what was expected. */
public final class SpecException extends IllegalArgumentException {

    @Serial
    private static final long serialVersionUID = 1L;

    public SpecException(String message) {
        super(message);
    }
}
