package io.heaplab.workloads.brent;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.SpiVersion;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadProvider;
import java.util.List;

/** Provides {@code pqsim}: Brent's event simulation on a leftist-tree priority queue of 20-byte nodes (3.2, 3.3). */
@SpiVersion(SpiVersion.CURRENT)
public final class PqsimProvider implements WorkloadProvider {

    /** The short name in specs. */
    public static final String NAME = "pqsim";

    private static final List<Option> OPTIONS = List.of(
            Option.of("rate", OptionType.POSITIVE_DOUBLE, "200", "customers arriving per simulated second"),
            Option.of("lifetime", OptionType.POSITIVE_DOUBLE, "12", "mean simulated seconds a customer stays"),
            Option.range("seconds", OptionType.POSITIVE_LONG, 1, PqsimWorkload.MAX_SECONDS, "2000",
                    "simulated seconds to run (event times are 4-byte counts of microseconds)"),
            Option.of("warmup", OptionType.NON_NEGATIVE_LONG, "1000",
                    "simulated seconds before faults are counted (0: count them all)"),
            Option.of("initialLoad", OptionType.POSITIVE_DOUBLE, "1.0",
                    "factor on the arrival rate during the warm-up (Table 3.3: 2)"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "discrete-event simulation on a leftist-tree priority queue of 20-byte nodes, faults counted after"
                + " a warm-up (Brent, MRU strategy paper, 3.2 and 3.3)";
    }

    @Override
    public List<Option> options() {
        return OPTIONS;
    }

    @Override
    public Workload create(Options options) {
        double rate = options.getDouble("rate");
        double lifetime = options.getDouble("lifetime");
        long seconds = options.getLong("seconds");
        long warmup = options.getLong("warmup");
        double initialLoad = options.getDouble("initialLoad");
        // the options are each valid; what remains is how they go together
        String problem = PqsimWorkload.problem(rate, lifetime, seconds, warmup, initialLoad);
        if (problem != null) {
            throw new SpecException(problem);
        }
        return new PqsimWorkload(rate, lifetime, seconds, warmup, initialLoad);
    }
}
