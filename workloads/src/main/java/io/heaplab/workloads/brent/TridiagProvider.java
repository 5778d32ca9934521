package io.heaplab.workloads.brent;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadProvider;
import java.util.List;

/** Provides {@code tridiag}, Brent's TRIDIAG (MRU strategy paper, 3.1): systolic rotation traffic in 6-byte cells. */
@SpiVersion(SpiVersion.CURRENT)
public final class TridiagProvider implements WorkloadProvider {

    /** The short name in specs. */
    public static final String NAME = "tridiag";

    private static final List<Option> OPTIONS = List.of(
            Option.range("n", OptionType.POSITIVE_INT, TridiagWorkload.MIN_N, TridiagWorkload.MAX_N, "128",
                    "order of the symmetric matrix (Brent ran 128)"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "the message traffic of Givens tridiagonalization of a symmetric n x n matrix on a simulated systolic"
                + " array, in 6-byte list cells; usage builds up to a peak (rotations are applied as they arrive, so"
                + " the storage, not the result, is faithful) (Brent, MRU strategy paper, 3.1 TRIDIAG)";
    }

    @Override
    public List<Option> options() {
        return OPTIONS;
    }

    @Override
    public Workload create(Options options) {
        return new TridiagWorkload(options.getInt("n"));
    }
}
