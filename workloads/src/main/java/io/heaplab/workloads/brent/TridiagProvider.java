package io.heaplab.workloads.brent;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpiVersion;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadProvider;
import java.util.List;

/**
 * Provides {@code tridiag}, Brent's TRIDIAG (MRU strategy paper, 3.1): Givens tridiagonalization on a mesh of
 * processors, its messages and kept rotations in 6-byte cells.
 */
@SpiVersion(SpiVersion.CURRENT)
public final class TridiagProvider implements WorkloadProvider {

    /** The short name in specs. */
    public static final String NAME = "tridiag";
    /** The model that respects every dependency: {@link TridiagWorkload}. */
    public static final String DATAFLOW = "dataflow";
    /** The earlier model, rotations applied in arrival order: {@link SweepTridiagWorkload}. */
    public static final String SWEEP = "sweep";

    private static final List<Option> OPTIONS = List.of(
            Option.range("n", OptionType.POSITIVE_INT, TridiagWorkload.MIN_N, TridiagWorkload.MAX_N, "128",
                    "order of the symmetric matrix (Brent ran 128)"),
            Option.choice("model", List.of(DATAFLOW, SWEEP), DATAFLOW,
                    "dataflow: every dependency respected, rotations kept for the eigenvectors; sweep: the earlier"
                            + " model, rotations applied as they arrive"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Givens tridiagonalization of a symmetric n x n matrix on a simulated mesh of processors, its"
                + " rotation messages and the rotations kept for the eigenvectors in 6-byte list cells (Brent, MRU"
                + " strategy paper, 3.1 TRIDIAG)";
    }

    @Override
    public List<Option> options() {
        return OPTIONS;
    }

    @Override
    public Workload create(Options options) {
        int n = options.getInt("n");
        return options.getString("model").equals(SWEEP) ? new SweepTridiagWorkload(n)
                : new TridiagWorkload(n);
    }
}
