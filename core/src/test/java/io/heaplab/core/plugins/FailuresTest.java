package io.heaplab.core.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Messages on one printable line: whatever text they quote, no character a terminal would act on, cut when long. */
class FailuresTest {

    @Test
    void controlCharactersAndLineSeparatorsAreWrittenOutAndLongTextIsCut() {
        assertThat(Failures.printable("a\nb\rc\td\u001b[31me\u0085f\u2028g", 100))
                .isEqualTo("a\\nb\\rc\\td\\x1B[31me\\x85f\\u2028g");
        assertThat(Failures.printable("x".repeat(50), 10)).isEqualTo("x".repeat(10) + "...");
        assertThat(Failures.printable("short", 10)).isEqualTo("short");
    }

    @Test
    void aThrowableIsItsClassAndTheFirstLineOfItsMessage() {
        assertThat(Failures.summary(new IllegalStateException("broken\nat line 2"))).isEqualTo(
                "IllegalStateException: broken");
        assertThat(Failures.summary(new StackOverflowError())).isEqualTo("StackOverflowError");
    }
}
