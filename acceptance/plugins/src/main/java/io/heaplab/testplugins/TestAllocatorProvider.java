package io.heaplab.testplugins;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import java.util.function.Function;

/** A provider of one of the allocators here, by name; each subclass is registered in a jar of its own. */
abstract class TestAllocatorProvider implements AllocatorProvider {

    private final String name;
    private final Function<AllocatorSetup, Allocator> factory;

    TestAllocatorProvider(String name, Function<AllocatorSetup, Allocator> factory) {
        this.name = name;
        this.factory = factory;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "A test plugin that is wrong on purpose: " + getClass().getSimpleName() + ".";
    }

    @Override
    public Allocator create(Options options, AllocatorSetup setup) {
        return factory.apply(setup);
    }
}
