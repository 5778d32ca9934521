package io.heaplab.paging.lruk;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/** The {@code lru-k} policy: eviction by backward K-distance (O'Neil, O'Neil &amp; Weikum, SIGMOD 1993). */
@SpiVersion(SpiVersion.CURRENT)
public final class LruKProvider implements ReplacementPolicyProvider {

    static final String FRAMES = "frames";
    static final String K = "k";
    static final String CORRELATION = "correlation";
    static final String RETAIN = "retain";

    @Override
    public String name() {
        return "lru-k";
    }

    @Override
    public String description() {
        return "LRU-K (O'Neil, O'Neil & Weikum, SIGMOD 1993): evict the page whose K-th most recent reference is oldest";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required(FRAMES, OptionType.POSITIVE_INT, "page frames of main memory"),
                Option.range(K, OptionType.POSITIVE_INT, 1, 64, "2", "the references remembered per page"),
                Option.of(CORRELATION, OptionType.NON_NEGATIVE_LONG, "0", "a reference within this many references"
                        + " of its page's previous one is correlated: it replaces that one in the history"),
                Option.of(RETAIN, OptionType.NON_NEGATIVE_LONG, "0", "an evicted page's history is kept while its"
                        + " last reference is at most this many references old; 0 forgets it on eviction"));
    }

    @Override
    public PagingSimulator create(Options options) {
        return new LruK(options.getInt(FRAMES), options.getInt(K), options.getLong(CORRELATION),
                options.getLong(RETAIN));
    }
}
