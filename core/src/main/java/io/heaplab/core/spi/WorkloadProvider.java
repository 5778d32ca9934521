package io.heaplab.core.spi;

/** Makes one workload; found by {@link java.util.ServiceLoader}. */
public interface WorkloadProvider extends Plugin {

    /** Creates the workload its options describe; the seed comes later, through the context's random source. */
    Workload create(Options options);
}
