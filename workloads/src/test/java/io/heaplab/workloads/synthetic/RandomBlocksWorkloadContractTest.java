package io.heaplab.workloads.synthetic;

import io.heaplab.core.spi.Workload;
import io.heaplab.testkit.WorkloadContract;

/** random-blocks under the generic workload contract: 50 blocks of 24 bytes, 500 replacements. */
class RandomBlocksWorkloadContractTest extends WorkloadContract {

    @Override
    protected Workload create() {
        return new RandomBlocksWorkload(24, 50, 500);
    }
}
