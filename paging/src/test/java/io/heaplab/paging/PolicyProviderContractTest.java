package io.heaplab.paging;

import io.heaplab.paging.fifo.FifoProvider;
import io.heaplab.testkit.ProviderContract;

/** Every policy of this module is registered, named, described, versioned and has sound options. */
class PolicyProviderContractTest extends ProviderContract {

    @Override
    protected Class<?> module() {
        return FifoProvider.class;
    }
}
