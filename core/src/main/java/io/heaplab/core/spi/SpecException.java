package io.heaplab.core.spi;

import java.io.Serial;

/**
 * A spec or option the user wrote is wrong; the message is one line naming the culprit and what was expected.
 * Subclasses say more about the culprit (a study's parameter, say).
 */
public class SpecException extends IllegalArgumentException {

    @Serial
    private static final long serialVersionUID = 1L;

    public SpecException(String message) {
        super(message);
    }
}
