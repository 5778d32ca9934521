package io.heaplab.workloads.brent;

import io.heaplab.core.spi.Workload;
import io.heaplab.testkit.WorkloadContract;

/** TRIDIAG under the generic workload contract, for a matrix of order 8. */
class TridiagWorkloadContractTest extends WorkloadContract {

    @Override
    protected Workload create() {
        return new TridiagWorkload(8);
    }

    /** The seed sets only the matrix's values; the traffic, and so every request and reference, is the same. */
    @Override
    protected boolean usesRandomness() {
        return false;
    }
}
