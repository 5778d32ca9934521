package io.heaplab.studies.brent;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.diagnostics.Diagnostics;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** PQSIM's diagnostics: its phases are entered once per operation, and they share out every fault. */
class PqsimDiagnosticsTest {

    private static final String LRU = "lru:frames=50";

    @Test
    void eachInsertAndDeleteMinIsOneEntryAndThePhasesShareOutEveryFault() {
        RunSpec spec = RunSpec.workload("pqsim:seconds=100,warmup=50").allocator("stack").policy(LRU)
                .pageSize(512).diagnosed(true).build();
        RunResult run = new Runner(Plugins.load()).run(spec);
        Diagnostics d = run.diagnostics();
        Map<String, Diagnostics.Phase> phases = d.phases().stream()
                .collect(Collectors.toMap(Diagnostics.Phase::name, Function.identity()));
        // every insert allocates a node in the measured phase; at equilibrium every node is taken off again, so
        // delete-mins match inserts but for the queue's drift (about 2400 nodes queued either way)
        assertThat(phases.get("insert").entries()).isEqualTo(d.allocations());
        assertThat(phases.get("delete-min").entries()).isBetween(d.allocations() * 99 / 100,
                d.allocations() * 101 / 100);
        // a merge reads the children's dist fields at every level of the spines: more often than operations
        assertThat(phases.get("distance reads").entries()).isGreaterThan(2 * d.allocations());
        long charged = d.phases().stream().mapToLong(p -> p.faults().get(LRU)).sum();
        assertThat(charged).isEqualTo(run.faults(LRU));
        long references = d.phases().stream().mapToLong(Diagnostics.Phase::references).sum();
        assertThat(references).isEqualTo(run.references() - run.measuredFrom());
        // a leftist tree's links join nodes scheduled far apart: most gaps are beyond a page's 25 nodes
        assertThat(d.linksWithinPage()).isLessThan(d.links() / 10);
        assertThat(run.faultsPerAllocation().get(LRU)).isEqualTo((double) run.faults(LRU) / d.allocations());
    }
}
