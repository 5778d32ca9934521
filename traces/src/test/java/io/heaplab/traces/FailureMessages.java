package io.heaplab.traces;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * What the message of a reader's failure must be, whatever the input: the file's path, then the problem and where,
 * on one printable line (no newline, carriage return, escape or other control character, a NEL included) of bounded
 * length, so it can be shown to a user as it is.
 */
public final class FailureMessages {

    /** The problem after the path: a position, a line quoted (60 bytes, 4 characters each escaped), what was expected. */
    public static final int MAX_PROBLEM_CHARS = 600;

    private FailureMessages() {
    }

    /** Checks that {@code message}, of reading {@code input}, names {@code file} and then matches {@code problem}. */
    public static void assertOneLineAbout(Path file, String message, Pattern problem, String input) {
        assertThat(message).as("the message of reading %s", input).startsWith(file + ": ");
        assertThat(message.chars().filter(Character::isISOControl).toArray())
                .as("control characters in the message of reading %s: %s", input, message).isEmpty();
        assertThat(message.substring((file + ": ").length())).as("the message of reading %s", input)
                .matches(problem).hasSizeLessThanOrEqualTo(MAX_PROBLEM_CHARS);
    }

    /** The first bytes of a fuzzed input in hex, for a failure's report; jqwik shows the edits that made it. */
    public static String shown(byte[] content) {
        return HexFormat.of().formatHex(content, 0, Math.min(content.length, 256))
                + (content.length > 256 ? "... (" + content.length + " bytes)" : "");
    }
}
