package io.heaplab.paging.opt;

import static io.heaplab.paging.opt.OptTest.CLASSIC;
import static io.heaplab.testkit.PageTraces.reads;
import static io.heaplab.testkit.PageTraces.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import org.junit.jupiter.api.Test;

class OptProviderTest {

    static PagingSimulator create(String spec) {
        Spec parsed = Spec.parse(spec);
        ReplacementPolicyProvider provider = Plugins.load().policies().find(parsed.name());
        return provider.create(Options.bind(provider, parsed));
    }

    @Test
    void isFoundByServiceLoaderWithItsCitations() {
        assertThat(Plugins.load().policies().find("opt").description()).contains("Belady 1966", "Mattson et al. 1970");
    }

    @Test
    void someFramesSimulateMinAndAllFramesTheStack() {
        assertThat(create("opt:frames=3")).isInstanceOf(Opt.class);
        assertThat(((PagingOutcome.Faults) run(create("opt:frames=3"), reads(CLASSIC))).faults()).isEqualTo(9);
        assertThat(create("opt:frames=all")).isInstanceOf(OptStack.class);
        assertThat(((PagingOutcome.Curve) run(create("opt:frames=all"), reads(CLASSIC))).faults())
                .containsExactly(20, 13, 9, 8, 7, 6);
    }

    @Test
    void framesAreRequiredAndPositive() {
        assertThatThrownBy(() -> create("opt")).isInstanceOf(SpecException.class)
                .hasMessageStartingWith("opt: option 'frames' is required");
        assertThatThrownBy(() -> create("opt:frames=0")).isInstanceOf(SpecException.class)
                .hasMessageStartingWith("opt: frames=0 (expected: a positive integer or 'all')");
    }
}
