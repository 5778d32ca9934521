package io.heaplab.allocators.jemalloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@code jemalloc} spec: its option, its default, and one-line messages for bad values and bad heaps. */
class JemallocAllocatorProviderTest {

    private final JemallocAllocatorProvider provider = new JemallocAllocatorProvider();

    private static Heap heap(long capacity) {
        return new Heap(4096, capacity, new ReferenceRecorder(List.of()), true);
    }

    @Test
    void theThreadCacheIsOnByDefaultAndTheOptionTurnsItOff() {
        try (Heap heap = heap(Heap.GROWABLE)) {
            AllocatorSetup setup = new AllocatorSetup(heap, AllocatorSetup.VARIED);
            Allocator on = provider.create(Options.bind(provider, Spec.parse("jemalloc")), setup);
            on.allocate(16);
            assertThat(((JemallocAllocator) on).tcacheOn()).isTrue();
        }
        try (Heap heap = heap(Heap.GROWABLE)) {
            AllocatorSetup setup = new AllocatorSetup(heap, AllocatorSetup.VARIED);
            Allocator off = provider.create(Options.bind(provider, Spec.parse("jemalloc:tcache=false")), setup);
            off.allocate(16);
            assertThat(((JemallocAllocator) off).tcacheOn()).isFalse();
        }
        assertThat(provider.name()).isEqualTo("jemalloc");
        assertThat(provider.description()).doesNotContain("\n");
    }

    @Test
    void badOptionsFailWithOneLineNamingTheCulprit() {
        assertThatThrownBy(() -> Options.bind(provider, Spec.parse("jemalloc:tcache=maybe")))
                .isInstanceOf(SpecException.class)
                .hasMessage("jemalloc: tcache=maybe (expected: true or false)");
        assertThatThrownBy(() -> Options.bind(provider, Spec.parse("jemalloc:narenas=4")))
                .isInstanceOf(SpecException.class)
                .hasMessage("jemalloc: unknown option 'narenas' (expected one of: tcache)");
    }

    @Test
    void aHeapTooSmallForTheArenasMetadataFailsWithOneLine() {
        try (Heap heap = new Heap(64, 64, new ReferenceRecorder(List.of()), true)) {
            assertThatThrownBy(() -> new JemallocAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED)))
                    .isInstanceOf(SpecException.class)
                    .hasMessageStartingWith("jemalloc: a heap of 64 bytes cannot hold the arena's metadata")
                    .hasMessageNotContaining("\n");
        }
    }

    @Test
    void aBoundedHeapTooSmallForTheCacheRunsWithoutIt() {
        // 4 pages: the base takes 2, the stacks' block would take 8
        try (Heap heap = heap(4 * 4096)) {
            JemallocAllocator je = new JemallocAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED));
            assertThat(je.allocate(16)).isNotNegative();
            assertThat(je.tcacheOn()).isFalse();
            je.verify();
        }
    }
}
