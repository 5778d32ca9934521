package io.heaplab.core.plugins;

import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.WorkloadProvider;
import java.nio.file.Path;
import java.util.List;

/** Every allocator, policy and workload a class loader can see. */
public record Plugins(
        Registry<AllocatorProvider> allocators,
        Registry<ReplacementPolicyProvider> policies,
        Registry<WorkloadProvider> workloads) {

    /** The plugins visible to {@code loader} through {@code META-INF/services}. */
    public static Plugins load(ClassLoader loader) {
        return new Plugins(
                Registry.load(AllocatorProvider.class, "allocator", loader),
                Registry.load(ReplacementPolicyProvider.class, "policy", loader),
                Registry.load(WorkloadProvider.class, "workload", loader));
    }

    /** A fresh simulator of the policy {@code spec} names, its options checked; a bad spec fails with a one-line message. */
    public PagingSimulator simulator(Spec spec) {
        ReplacementPolicyProvider provider = policies.find(spec.name());
        return provider.create(Options.bind(provider, spec));
    }

    /**
     * These plugins and those of the jars {@code paths} name (a jar, or a directory of jars), each jar loaded
     * through a class loader of its own and checked as {@link PluginJars} says.
     */
    public Plugins withJars(List<Path> paths) {
        return PluginJars.load(this, paths);
    }

    /** The plugins on heaplab's own class path. */
    public static Plugins load() {
        return load(Plugins.class.getClassLoader());
    }
}
