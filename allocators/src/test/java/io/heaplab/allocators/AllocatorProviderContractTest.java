package io.heaplab.allocators;

import io.heaplab.allocators.fit.FirstFitAllocatorProvider;
import io.heaplab.testkit.ProviderContract;

/** Every strategy of this module is registered, named, described, versioned and has sound options. */
class AllocatorProviderContractTest extends ProviderContract {

    @Override
    protected Class<?> module() {
        return FirstFitAllocatorProvider.class;
    }
}
