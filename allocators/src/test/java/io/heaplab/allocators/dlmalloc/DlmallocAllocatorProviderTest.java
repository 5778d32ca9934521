package io.heaplab.allocators.dlmalloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The provider's name, options and defaults (glibc's), and the one-line messages bad values give. */
class DlmallocAllocatorProviderTest {

    private final AllocatorProvider provider = new DlmallocAllocatorProvider();

    private Tunables bind(String spec) {
        return DlmallocAllocatorProvider.tunables(Options.bind(provider, Spec.parse(spec)));
    }

    @Test
    void theDefaultsAreGlibcs() {
        assertThat(provider.name()).isEqualTo("dlmalloc");
        assertThat(provider.options()).extracting(o -> o.name() + "=" + o.defaultValue()).containsExactly(
                "tcache=7", "fast=128", "pad=128KiB", "mmap=128KiB", "dynamic=true", "grow=touched");
        assertThat(bind("dlmalloc")).isEqualTo(Tunables.GLIBC);
        try (Heap heap = new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), false)) {
            var made = provider.create(Options.bind(provider, Spec.parse("dlmalloc")),
                    new AllocatorSetup(heap, AllocatorSetup.VARIED));
            assertThat(((DlmallocAllocator) made).tunables()).isEqualTo(Tunables.GLIBC);
        }
    }

    @Test
    void optionsAreParsed() {
        assertThat(bind("dlmalloc:tcache=0,fast=64,pad=4096,mmap=0,dynamic=false,grow=sbrk"))
                .isEqualTo(new Tunables(0, 64, 4096, 0, false, false));
        assertThat(bind("dlmalloc:pad=1MiB,mmap=32MiB,tcache=65535"))
                .isEqualTo(new Tunables(65535, 128, 1 << 20, 32 << 20, true, true));
    }

    @Test
    void badValuesFailWithOneLine() {
        assertThatThrownBy(() -> bind("dlmalloc:tcache=65536")).isInstanceOf(SpecException.class)
                .hasMessage("dlmalloc: tcache=65536 (expected: 0..65535)");
        assertThatThrownBy(() -> bind("dlmalloc:fast=161")).isInstanceOf(SpecException.class)
                .hasMessage("dlmalloc: fast=161 (expected: 0..160)");
        assertThatThrownBy(() -> bind("dlmalloc:pad=12x")).isInstanceOf(SpecException.class)
                .hasMessage("dlmalloc: pad=12x (expected: bytes, optionally with a unit, such as 4096 or 128KiB)");
        assertThatThrownBy(() -> bind("dlmalloc:mmap=2GiB")).isInstanceOf(SpecException.class)
                .hasMessage("dlmalloc: mmap=2GiB (expected: 0 to 1GiB)");
        assertThatThrownBy(() -> bind("dlmalloc:grow=rss")).isInstanceOf(SpecException.class)
                .hasMessage("dlmalloc: grow=rss (expected: one of touched, sbrk)");
        assertThatThrownBy(() -> bind("dlmalloc:dynamic=maybe")).isInstanceOf(SpecException.class)
                .hasMessage("dlmalloc: dynamic=maybe (expected: true or false)");
        assertThatThrownBy(() -> bind("dlmalloc:arenas=2")).isInstanceOf(SpecException.class)
                .hasMessageStartingWith("dlmalloc: unknown option 'arenas'");
        assertThatThrownBy(() -> new Tunables(-1, 128, 0, 0, true, true)).isInstanceOf(SpecException.class)
                .hasMessage("dlmalloc: tcache=-1 (expected: 0 to 65535 chunks per size, 0 for no tcache)");
        for (String bad : new String[] {"dlmalloc:tcache=65536", "dlmalloc:pad=12x", "dlmalloc:mmap=2GiB"}) {
            assertThatThrownBy(() -> bind(bad)).satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    @Test
    void aHeapTooSmallForMallocStateIsASpecError() {
        try (Heap heap = new Heap(64, 256, new ReferenceRecorder(List.of()), false)) {
            assertThatThrownBy(() -> new DlmallocAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED)))
                    .isInstanceOf(SpecException.class)
                    .hasMessage("dlmalloc: a heap of 256 bytes (expected: room for malloc_state's 2240 bytes and more)");
        }
    }
}
