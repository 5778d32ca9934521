package io.heaplab.allocators.fit;

import io.heaplab.allocators.variable.CellAllocator;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.Options;
import java.util.Arrays;
import java.util.List;

/** What the four list-fit providers share: the options {@code order} and {@code cell}, and the making. */
abstract class ListFitProvider implements AllocatorProvider {

    private final Fit fit;

    ListFitProvider(Fit fit) {
        this.fit = fit;
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.choice("order", Arrays.stream(Order.values()).map(Order::word).toList(), Order.ADDRESS.word(),
                        "the free list's order: address (sorted, Knuth's Algorithm B) or lifo (freed blocks in"
                                + " front, Algorithm C)"),
                CellAllocator.cellOption(CellAllocator.DEFAULT_CELL,
                        "bytes per cell, the unit of every block: a power of 2 from 16 to the page size"));
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        Order order = Order.parse(options.getString("order"));
        return new ListFitAllocator(setup, options.getInt("cell"), fit, order); // checks the cell
    }
}
