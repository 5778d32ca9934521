package io.heaplab.allocators.slab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@code slab} spec: its defaults, both options, and one-line messages for values it does not take. */
class SlabAllocatorProviderTest {

    private final SlabAllocatorProvider provider = new SlabAllocatorProvider();

    private static Heap heap() {
        return new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), false);
    }

    @Test
    void theDefaultsAreTheLargestClassOf4096AndCompleteSlabsKept() {
        try (Heap heap = heap()) {
            SlabAllocator made = (SlabAllocator) provider.create(Options.bind(provider, Spec.parse("slab")),
                    new AllocatorSetup(heap, AllocatorSetup.VARIED));
            assertThat(made.largestClass()).isEqualTo(4096);
            assertThat(made.releasesCompleteSlabs()).isFalse();
            assertThat(provider.name()).isEqualTo("slab");
            assertThat(provider.description()).contains("Bonwick 1994").doesNotContain("\n");
        }
    }

    @Test
    void bothOptionsAreRead() {
        try (Heap heap = heap()) {
            SlabAllocator made = (SlabAllocator) provider.create(
                    Options.bind(provider, Spec.parse("slab:largest=1024,empty=release")),
                    new AllocatorSetup(heap, AllocatorSetup.VARIED));
            assertThat(made.largestClass()).isEqualTo(1024);
            assertThat(made.releasesCompleteSlabs()).isTrue();
            assertThat(made.allocate(1025)).as("whole pages above 1024").isEqualTo(2 * 4096);
        }
    }

    @Test
    void badValuesFailInOneLine() {
        assertThatThrownBy(() -> Options.bind(provider, Spec.parse("slab:largest=100")))
                .isInstanceOf(SpecException.class).hasMessage("slab: largest=100 (expected: one of 64, 128, 256, 512,"
                        + " 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576)");
        assertThatThrownBy(() -> Options.bind(provider, Spec.parse("slab:empty=sometimes")))
                .isInstanceOf(SpecException.class).hasMessage("slab: empty=sometimes (expected: one of keep, release)");
        assertThatThrownBy(() -> Options.bind(provider, Spec.parse("slab:colour=on")))
                .isInstanceOf(SpecException.class).hasMessageStartingWith("slab: unknown option 'colour'");
        try (Heap heap = heap()) {
            assertThatThrownBy(() -> new SlabAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED), 96, false))
                    .isInstanceOf(SpecException.class)
                    .hasMessage("slab: largest=96 (expected: a power of 2 from 64 to 1048576 bytes)");
        }
    }
}
