package io.heaplab.workloads.purdom;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.SpiVersion;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadProvider;
import java.util.List;

/** Provides {@code purdom}: the simulation of Purdom, Stigler &amp; Cheam 1970, section 3. */
@SpiVersion(SpiVersion.CURRENT)
public final class PurdomProvider implements WorkloadProvider {

    /** The short name in specs. */
    public static final String NAME = "purdom";

    private static final List<Option> OPTIONS = List.of(
            Option.of("lambda", OptionType.POSITIVE_DOUBLE, "16",
                    "requests arriving per unit time, a Poisson process; blocks live Exp(1), so about lambda are"
                            + " live (at most " + Spec.number(PurdomWorkload.MAX_LAMBDA) + ")"),
            Option.range("c", OptionType.POSITIVE_DOUBLE, 1, PurdomWorkload.MAX_MEAN_CELLS, "16",
                    "mean block size in cells, geometric on 1, 2, ... (1: always one cell; at most memory)"),
            Option.of("memory", OptionType.NON_NEGATIVE_LONG, "256",
                    "cells in the bounded heap, memory * cell bytes (0: a growable heap)"),
            Option.of("requests", OptionType.POSITIVE_LONG, "1600", "filled requests after which the run ends"),
            Option.range("cell", OptionType.POSITIVE_LONG, PurdomWorkload.MIN_CELL, PurdomWorkload.MAX_CELL, "16",
                    "bytes per cell, a power of 2"),
            Option.of("header", OptionType.NON_NEGATIVE_LONG, "8",
                    "bytes of each block the allocator keeps for its header, less than cell: b cells are asked"
                            + " for as b * cell - header bytes, so a strategy with that header that rounds to whole"
                            + " cells gives exactly b cells"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Poisson arrivals of geometric-size blocks living Exp(1) in a bounded memory of cells, rejections"
                + " dropped (Purdom, Stigler & Cheam 1970, section 3)";
    }

    @Override
    public List<Option> options() {
        return OPTIONS;
    }

    @Override
    public Workload create(Options options) {
        double lambda = options.getDouble("lambda");
        double c = options.getDouble("c");
        long memory = options.getLong("memory");
        long requests = options.getLong("requests");
        long cell = options.getLong("cell");
        long header = options.getLong("header");
        // each option has its type; what remains is its range and how they go together
        String problem = PurdomWorkload.problem(lambda, c, memory, requests, cell, header);
        if (problem != null) {
            throw new SpecException(problem);
        }
        return new PurdomWorkload(lambda, c, memory, requests, cell, header);
    }
}
