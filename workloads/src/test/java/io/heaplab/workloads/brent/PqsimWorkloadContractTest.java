package io.heaplab.workloads.brent;

import io.heaplab.core.spi.Workload;
import io.heaplab.testkit.WorkloadContract;

/**
 * PQSIM under the generic workload contract: some 40 customers pending, 30 simulated seconds of which the first
 * 10 are a warm-up at twice the load, so the measured phase is part of what must repeat.
 */
class PqsimWorkloadContractTest extends WorkloadContract {

    @Override
    protected Workload create() {
        return new PqsimWorkload(20, 2, 30, 10, 2);
    }
}
