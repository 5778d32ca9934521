package io.heaplab.core.spi;

/** Makes one page-replacement policy simulator; found by {@link java.util.ServiceLoader}. */
public interface ReplacementPolicyProvider extends Plugin {

    /** A fresh simulator with empty memory, configured by {@code options} (frames, window...). */
    PagingSimulator create(Options options);
}
