package io.heaplab.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.SpecException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Sizes checked against the machine before a run starts, and the bound every run's heap then gets. */
class MemoryLimitsTest {

    @AfterEach
    void restoreTheDefault() {
        MemoryLimits.setOffHeap(MemoryLimits.DEFAULT_OFF_HEAP);
    }

    @Test
    void theDefaultBoundIsHalfTheMachinesMemory() {
        assertThat(MemoryLimits.MACHINE).isPositive();
        assertThat(MemoryLimits.DEFAULT_OFF_HEAP).isEqualTo(MemoryLimits.MACHINE / 2);
    }

    @Test
    void tablesLargerThanTheJvmsHeapAreRefusedNamingWhatNeedsThem() {
        MemoryLimits.checkJavaHeap("small", 1 << 20);
        assertThatThrownBy(() -> MemoryLimits.checkJavaHeap("random-blocks: live=2147483647", Long.MAX_VALUE))
                .isInstanceOf(SpecException.class)
                .hasMessageStartingWith("random-blocks: live=2147483647 needs 9223372036.9 GB of tables, more than the ")
                .hasMessageEndingWith(" the JVM may take (expected: a smaller value, or a larger -Xmx)");
    }

    @Test
    void liveBlocksPastTheBoundAreRefusedAndTheBoundIsSetPerCommand() {
        MemoryLimits.setOffHeap(100_000_000);
        MemoryLimits.checkOffHeap("w", 100_000_000);
        assertThatThrownBy(() -> MemoryLimits.checkOffHeap("w: live=2", 100_000_001)).isInstanceOf(SpecException.class)
                .hasMessage("w: live=2 keeps 100.0 MB live, more than the 100.0 MB a run's heap may take (expected: a"
                        + " smaller value, or a larger offHeap)");
        assertThatThrownBy(() -> MemoryLimits.setOffHeap(0)).isInstanceOf(SpecException.class)
                .hasMessage("offHeap: 0 (expected: a positive number of bytes)");
        assertThat(MemoryLimits.offHeap()).isEqualTo(100_000_000);
    }

    @Test
    void aFrontEndNamesEachLimitItsOwnWayWhereTheLibraryNamesItsParameter() {
        MemoryLimits.setOffHeap(100_000_000);
        assertThatThrownBy(() -> MemoryLimits.checkOffHeap("w: live=2", 100_000_001))
                .isInstanceOfSatisfying(MemoryLimits.Refused.class, refused -> {
                    assertThat(refused.limit()).isEqualTo(MemoryLimits.Limit.OFF_HEAP);
                    assertThat(refused.naming("--max-memory")).isEqualTo("w: live=2 keeps 100.0 MB live, more than"
                            + " the 100.0 MB a run's heap may take (expected: a smaller value, or a larger --max-memory)");
                });
        assertThatThrownBy(() -> MemoryLimits.setOffHeap(-1))
                .isInstanceOfSatisfying(MemoryLimits.Refused.class, refused -> assertThat(refused.naming(
                        "--max-memory")).isEqualTo("--max-memory -1 (expected: a positive number of bytes)"));
        assertThatThrownBy(() -> MemoryLimits.checkJavaHeap("t", Long.MAX_VALUE))
                .isInstanceOfSatisfying(MemoryLimits.Refused.class, refused -> {
                    assertThat(refused.limit()).isEqualTo(MemoryLimits.Limit.JAVA_HEAP);
                    assertThat(refused.naming("-Xmx in HEAPLAB_JAVA_OPTS")).endsWith(
                            " (expected: a smaller value, or a larger -Xmx in HEAPLAB_JAVA_OPTS)");
                });
    }
}
