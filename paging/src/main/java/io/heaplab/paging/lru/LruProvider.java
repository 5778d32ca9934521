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
                Option.range(SAMPLE, OptionType.DOUBLE, 0, FixedSizeSampledLruCurve.MOST_PAGES, "1",
                        "with frames=all, the curve estimated from pages sampled by a fixed hash (SHARDS,"
                        + " Waldspurger et al. 2015): a share of the pages up to 1 (a fixed rate; 1 is the exact"
                        + " curve), or a whole number of pages from 2 (a fixed-size sample, its rate falling as pages"
                        + " arrive)"));
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
                throw new SpecException("lru: sample=" + text(sample) + " (expected: 1 unless frames=all; one memory"
                        + " size"
                        + " is simulated exactly)");
            }
            return new ExactLru(options.getInt(FRAMES));
        }
        if (sample <= 0 || (sample > 1 && (sample < 2 || sample != Math.rint(sample)))
                || sample > FixedSizeSampledLruCurve.MOST_PAGES) {
            throw new SpecException("lru: sample=" + text(sample) + " (expected: a share of the pages above 0,"
                    + " at most 1, or a whole number of pages from 2 to " + FixedSizeSampledLruCurve.MOST_PAGES + ")");
        }
        if (sample > 1) {
            if (options.getInt(THREADS) != 1) {
                throw new SpecException("lru: threads=" + options.getInt(THREADS) + " (expected: 1 with sample="
                        + text(sample) + "; a fixed-size sample runs on one thread)");
            }
            return new FixedSizeSampledLruCurve((int) sample);
        }
        return sample == 1 ? LruStackDistance.onThreads(options.getInt(THREADS))
                : new SampledLruCurve(sample, options.getInt(THREADS));
    }

    /** A sample as the user wrote it: a whole number of pages without a fraction. */
    private static String text(double sample) {
        return sample == Math.rint(sample) && Math.abs(sample) < 1e15 ? Long.toString((long) sample)
                : Double.toString(sample);
    }
}
