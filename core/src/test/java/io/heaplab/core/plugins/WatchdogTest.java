package io.heaplab.core.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Plugin code with a time limit: its result or its exception as if called directly, or Expired at the limit. */
class WatchdogTest {

    @AfterEach
    void restoreTheDefault() {
        Watchdog.setSeconds(Watchdog.DEFAULT_SECONDS);
    }

    @Test
    void aResultOrAnExceptionComesBackAsIfCalledDirectly() {
        assertThat(Watchdog.call("t", () -> 42)).isEqualTo(42);
        assertThat(Watchdog.call("t", () -> Thread.currentThread().getName())).isEqualTo("t");
        assertThatThrownBy(() -> Watchdog.call("t", () -> {
            throw new IOException("gone");
        })).isInstanceOf(IOException.class).hasMessage("gone");
        assertThatThrownBy(() -> Watchdog.call("t", () -> {
            throw new StackOverflowError();
        })).isInstanceOf(StackOverflowError.class);
    }

    @Test
    void codeThatNeverReturnsExpiresAtTheLimitAndIsInterrupted() throws InterruptedException {
        Watchdog.setSeconds(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        long start = System.nanoTime();
        assertThatThrownBy(() -> Watchdog.call("stuck", () -> {
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
            return null;
        })).isInstanceOfSatisfying(Watchdog.Expired.class, e -> assertThat(e.explained())
                .isEqualTo("did not finish within 1 s (expected: plugin code that returns; --plugin-time-limit sets"
                        + " the limit, 600 s by default)"));
        assertThat(System.nanoTime() - start).isBetween(900_000_000L, 5_000_000_000L);
        interrupted.await();
    }

    @Test
    void aNegativeLimitIsRefusedAndZeroMeansNone() {
        assertThatThrownBy(() -> Watchdog.setSeconds(-1)).isInstanceOf(IllegalArgumentException.class);
        Watchdog.setSeconds(0);
        assertThat(Watchdog.call("t", () -> "done")).isEqualTo("done");
    }
}
