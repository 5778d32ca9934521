package io.heaplab.allocators.mimalloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The provider's name and option, and the one-line errors bad values give. */
class MimallocAllocatorProviderTest {

    private static Heap heap() {
        return new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), false);
    }

    @Test
    void theProviderMakesMimallocWithItsSlice() {
        AllocatorProvider provider = new MimallocAllocatorProvider();
        assertThat(provider.name()).isEqualTo("mimalloc");
        assertThat(provider.description()).isNotBlank().doesNotContain("\n");
        assertThat(provider.options()).extracting(o -> o.name() + "=" + o.defaultValue()).containsExactly("slice=65536");
        try (Heap heap = heap()) {
            Allocator made = provider.create(Options.bind(provider, Spec.parse("mimalloc")),
                    new AllocatorSetup(heap, AllocatorSetup.VARIED));
            assertThat(((MimallocAllocator) made).slice()).isEqualTo(65536);
        }
        try (Heap heap = heap()) {
            Allocator made = provider.create(Options.bind(provider, Spec.parse("mimalloc:slice=4096")),
                    new AllocatorSetup(heap, AllocatorSetup.VARIED));
            assertThat(((MimallocAllocator) made).slice()).isEqualTo(4096);
            // slices of 4 KiB: the first page follows an info of 11 slices
            assertThat(made.allocate(16)).isEqualTo(4096 + 11 * 4096 + 384);
        }
    }

    @Test
    void badOptionsFailAsOneLineSpecErrors() {
        AllocatorProvider provider = new MimallocAllocatorProvider();
        assertThatThrownBy(() -> Options.bind(provider, Spec.parse("mimalloc:slice=1000")))
                .isInstanceOf(SpecException.class)
                .hasMessage("mimalloc: slice=1000 (expected: one of 4096, 8192, 16384, 32768, 65536)");
        assertThatThrownBy(() -> Options.bind(provider, Spec.parse("mimalloc:slice=big")))
                .isInstanceOf(SpecException.class).hasMessageStartingWith("mimalloc: slice=big (expected:");
        assertThatThrownBy(() -> Options.bind(provider, Spec.parse("mimalloc:segment=4")))
                .isInstanceOf(SpecException.class).hasMessageContaining("unknown option 'segment'");
        try (Heap heap = heap()) {
            AllocatorSetup setup = new AllocatorSetup(heap, AllocatorSetup.VARIED);
            assertThatThrownBy(() -> new MimallocAllocator(setup, 1 << 17)).isInstanceOf(SpecException.class)
                    .hasMessage("mimalloc: slice=131072 (expected: a power of 2 from 4096 to 65536 bytes)");
            assertThatThrownBy(() -> new MimallocAllocator(setup, 5000)).isInstanceOf(SpecException.class)
                    .hasMessageNotContaining("\n");
        }
    }
}
