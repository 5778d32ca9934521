package io.heaplab.workloads;

import io.heaplab.testkit.ProviderContract;
import io.heaplab.workloads.brent.TridiagProvider;

/** Every workload of this module is registered, named, described, versioned and has sound options. */
class WorkloadProviderContractTest extends ProviderContract {

    @Override
    protected Class<?> module() {
        return TridiagProvider.class;
    }
}
