package io.heaplab.paging.lru;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/**
 * The {@code lru} policy: strict LRU (Mattson et al. 1970), at one memory size or at all of them in one pass, exactly
 * or from a sample of the pages (SHARDS, Waldspurger et al. 2015).
 */
@SpiVersion(SpiVersion.CURRENT)
public final class LruProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";
    static final String THREADS = "threads";
    static final String SAMPLE = "sample";

    @Override
    public String name() {
        return "lru";
    }

    @Override
    public String description() {
        return "strict LRU replacement (Mattson et al. 1970); frames=all gives the whole fault curve in one pass";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT_OR_ALL,
                        "page frames of main memory, or 'all' for faults at every size"),
                Option.range(THREADS, OptionType.INT, 1, 2, "1",
                        "with frames=all, 2 runs the curve's bookkeeping on a second core beside the stack"),
                Option.range(SAMPLE, OptionType.DOUBLE, 0, 1, "1", "with frames=all, the share of the pages"
                        + " sampled by a fixed hash, the curve estimated from them (SHARDS, Waldspurger et al. 2015);"
                        + " 1 is the exact curve"));
    }

    @Override
    public PagingSimulator create(Options options) {
        double sample = options.getDouble(SAMPLE);
        if (!options.isAll(FRAMES)) {
            if (options.getInt(THREADS) != 1) {
                throw new SpecException("lru: threads=" + options.getInt(THREADS)
                        + " (expected: 1 unless frames=all; one memory size runs on one thread)");
            }
            if (sample != 1) {
                throw new SpecException("lru: sample=" + sample + " (expected: 1 unless frames=all; one memory size"
                        + " is simulated exactly)");
            }
            return new ExactLru(options.getInt(FRAMES));
        }
        if (sample <= 0) {
            throw new SpecException("lru: sample=" + sample + " (expected: a share of the pages above 0, at most 1)");
        }
        return sample == 1 ? LruStackDistance.onThreads(options.getInt(THREADS))
                : new SampledLruCurve(sample, options.getInt(THREADS));
    }
}
