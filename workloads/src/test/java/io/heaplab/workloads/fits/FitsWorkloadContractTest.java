package io.heaplab.workloads.fits;

import io.heaplab.core.spi.Workload;
import io.heaplab.testkit.WorkloadContract;

/** The course report's experiment under the generic workload contract: a load of 300 doubles. */
class FitsWorkloadContractTest extends WorkloadContract {

    @Override
    protected Workload create() {
        return new FitsWorkload(300, DataType.DOUBLE);
    }

    /** The report's experiment draws nothing at random: its sizes come from the loop index and the word list. */
    @Override
    protected boolean usesRandomness() {
        return false;
    }
}
