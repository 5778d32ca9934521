package io.heaplab.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Accounting;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class RunSpecTest {

    @Test
    void theBuilderGivesWhatTheCanonicalConstructorDoes() {
        RunSpec built = RunSpec.workload("random-blocks:size=16").allocator("mru").policy("lru:frames=all")
                .policies("fifo:frames=4", "ws:theta=100").pageSize(512).heapCapacity(1 << 20).seed(7)
                .countAllocatorReferences(true).diagnosed(true).build();
        assertThat(built).isEqualTo(new RunSpec(Spec.parse("random-blocks:size=16"), Spec.parse("mru"),
                List.of(Spec.parse("lru:frames=all"), Spec.parse("fifo:frames=4"), Spec.parse("ws:theta=100")),
                512, 1 << 20, 7, new Accounting(Accounting.AllocatorReferences.ALL, true), true));
    }

    @Test
    void theDefaultsAreTheCommandsDefaults() {
        RunSpec spec = RunSpec.workload("pqsim").allocator("stack").build();
        assertThat(spec).isEqualTo(RunSpec.of(Spec.parse("pqsim"), Spec.parse("stack"), List.of(),
                Heap.DEFAULT_PAGE_SIZE, 1));
        assertThat(spec.pageSize()).isEqualTo(4096);
        assertThat(spec.heapCapacity()).isEqualTo(Heap.GROWABLE);
        assertThat(spec.seed()).isEqualTo(1);
        assertThat(spec.accounting()).isEqualTo(Accounting.WORKLOAD);
        assertThat(spec.diagnosed()).isFalse();
        assertThat(spec.policies()).isEmpty();
    }

    @Test
    void oneBuilderMakesASweepAndEachBuildIsItsOwn() {
        RunSpec.Builder brent = RunSpec.workload("pqsim").policy("lru:frames=all").pageSize(512);
        List<RunSpec> runs = Stream.of("stack", "mru").map(a -> brent.allocator(a).build()).toList();
        brent.policy("fifo:frames=3");
        assertThat(runs).extracting(r -> r.allocator().toString()).containsExactly("stack", "mru");
        assertThat(runs).allSatisfy(r -> assertThat(r.policies()).containsExactly(Spec.parse("lru:frames=all")));
    }

    @Test
    void toBuilderMakesAVariant() {
        RunSpec base = RunSpec.workload("pqsim").allocator("stack").policy("lru:frames=all").pageSize(512)
                .heapCapacity(4096).seed(3).countAllocatorReferences(true).build();
        assertThat(base.toBuilder().build()).isEqualTo(base);
        RunSpec other = base.toBuilder().allocator("mru").seed(4).build();
        assertThat(other.allocator()).isEqualTo(Spec.parse("mru"));
        assertThat(other.seed()).isEqualTo(4);
        assertThat(other.policies()).isEqualTo(base.policies());
        assertThat(other.heapCapacity()).isEqualTo(4096);
    }

    @Test
    void mistakesFailWithOneLineNamingWhatIsWrong() {
        assertThatThrownBy(() -> RunSpec.workload("pqsim").build()).isInstanceOf(IllegalStateException.class)
                .hasMessage("run of 'pqsim' names no allocator (expected: allocator(spec) before build(), such as "
                        + "allocator(\"first-fit\"))");
        assertThatThrownBy(() -> RunSpec.workload("pqsim").allocator("stack").pageSize(100).build())
                .hasMessage("pageSize: 100 (expected: a power of 2 from 64 to 1048576)");
        assertThatThrownBy(() -> RunSpec.workload("pqsim").heapCapacity(0))
                .hasMessage("heapCapacity: 0 (expected: a positive number of bytes, or Heap.GROWABLE)");
        assertThatThrownBy(() -> RunSpec.workload("pqsim:").allocator("stack")).isInstanceOf(SpecException.class);
        assertThatThrownBy(() -> RunSpec.workload("pqsim").allocator("Stack")).isInstanceOf(SpecException.class)
                .hasMessageContaining("bad name 'Stack'");
    }
}
