package io.heaplab.allocators.fit;

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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The four providers: names, the options {@code order} and {@code cell}, and bad specs. */
class ListFitProvidersTest {

    static Stream<Arguments> providers() {
        return Stream.of(
                Arguments.of(new FirstFitAllocatorProvider(), "first-fit", Fit.FIRST),
                Arguments.of(new NextFitAllocatorProvider(), "next-fit", Fit.NEXT),
                Arguments.of(new BestFitAllocatorProvider(), "best-fit", Fit.BEST),
                Arguments.of(new WorstFitAllocatorProvider(), "worst-fit", Fit.WORST));
    }

    private static Heap heap() {
        return new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), false);
    }

    private static ListFitAllocator create(AllocatorProvider provider, String spec, Heap heap) {
        Allocator allocator = provider.create(Options.bind(provider, Spec.parse(spec)),
                new AllocatorSetup(heap, AllocatorSetup.VARIED));
        assertThat(allocator).isInstanceOf(ListFitAllocator.class);
        return (ListFitAllocator) allocator;
    }

    @ParameterizedTest
    @MethodSource("providers")
    void aNameAndTwoOptionsWithDefaults(AllocatorProvider provider, String name, Fit fit) {
        assertThat(provider.name()).isEqualTo(name);
        assertThat(provider.options()).extracting(o -> o.name()).containsExactly("order", "cell");
        assertThat(provider.options()).allSatisfy(o -> assertThat(o.isRequired()).isFalse());
    }

    @ParameterizedTest
    @MethodSource("providers")
    void byDefaultAnAddressOrderedListOfSixteenByteCells(AllocatorProvider provider, String name, Fit fit) {
        try (Heap heap = heap()) {
            ListFitAllocator allocator = create(provider, name, heap);
            assertThat(allocator.fit()).isEqualTo(fit);
            assertThat(allocator.order()).isEqualTo(Order.ADDRESS);
            assertThat(allocator.cellSize()).isEqualTo(16);
            assertThat(allocator.allocate(8)).isEqualTo(8);
            assertThat(allocator.allocate(8)).isEqualTo(16 + 8);
        }
    }

    @ParameterizedTest
    @MethodSource("providers")
    void orderAndCellAreTakenFromTheSpec(AllocatorProvider provider, String name, Fit fit) {
        try (Heap heap = heap()) {
            ListFitAllocator allocator = create(provider, name + ":order=lifo,cell=64", heap);
            assertThat(allocator.fit()).isEqualTo(fit);
            assertThat(allocator.order()).isEqualTo(Order.LIFO);
            assertThat(allocator.cellSize()).isEqualTo(64);
            assertThat(allocator.allocate(8)).isEqualTo(8);
            assertThat(allocator.allocate(8)).isEqualTo(64 + 8);
            assertThat(create(provider, name + ":cell=32,order=address", heap).order()).isEqualTo(Order.ADDRESS);
        }
    }

    @ParameterizedTest
    @MethodSource("providers")
    void anUnknownOrderFailsWithOneLineNamingIt(AllocatorProvider provider, String name, Fit fit) {
        try (Heap heap = heap()) {
            for (String order : new String[] {"foo", "LIFO", "fifo"}) {
                assertThatThrownBy(() -> create(provider, name + ":order=" + order, heap))
                        .isInstanceOf(SpecException.class)
                        .hasMessage(name + ": order=" + order + " (expected: one of address, lifo)");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("providers")
    void aCellThatIsNotAPowerOfTwoFromSixteenToAPageFails(AllocatorProvider provider, String name, Fit fit) {
        try (Heap heap = heap()) {
            for (int cell : new int[] {24, 8192}) {
                assertThatThrownBy(() -> create(provider, name + ":cell=" + cell, heap))
                        .isInstanceOf(SpecException.class)
                        .hasMessage("cell: " + cell + " (expected: a power of 2 from 16 to the page size, 4096)");
            }
            for (int cell : new int[] {0, 8, 2 << 20}) {
                assertThatThrownBy(() -> Options.bind(provider, Spec.parse(name + ":cell=" + cell)))
                        .isInstanceOf(SpecException.class)
                        .hasMessage(name + ": cell=" + cell + " (expected: 16..1048576)");
            }
            assertThatThrownBy(() -> Options.bind(provider, Spec.parse(name + ":fit=best")))
                    .isInstanceOf(SpecException.class)
                    .hasMessage(name + ": unknown option 'fit' (expected one of: order, cell)");
        }
    }

    @Test
    void theOrderWordsAreTheEnumsInLowerCase() {
        for (Order order : Order.values()) {
            assertThat(Order.parse(order.word())).isSameAs(order);
            assertThat(order.word()).isEqualTo(order.name().toLowerCase(java.util.Locale.ROOT));
        }
    }
}
