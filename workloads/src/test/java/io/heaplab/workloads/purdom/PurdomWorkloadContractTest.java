package io.heaplab.workloads.purdom;

import io.heaplab.core.spi.Workload;
import io.heaplab.testkit.WorkloadContract;

/**
 * Purdom's simulation under the generic workload contract: a bounded memory of 64 cells of 16 bytes, about 10
 * blocks of 2 cells live, 300 filled requests; the memory is small enough that some requests are refused.
 */
class PurdomWorkloadContractTest extends WorkloadContract {

    @Override
    protected Workload create() {
        return new PurdomWorkload(10, 2, 64, 300, 16, 8);
    }
}
