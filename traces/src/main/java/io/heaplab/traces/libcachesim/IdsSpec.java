package io.heaplab.traces.libcachesim;

import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.kit.DescribedFormat;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Set;

/** libCacheSim's txt and csv traces, and LIRS's ({@link IdTraceReader}): read only, told by a {@code .csv} name. */
public final class IdsSpec extends DescribedFormat {

    public IdsSpec() {
        super("ids", "ids (libCacheSim's txt and csv, LIRS: an object id per line or column)", References.IDS);
    }

    @Override
    public Set<String> options() {
        return Set.of("idColumn", "header", "sizeColumn");
    }

    @Override
    public TraceReader open(InputStream in, Path name, ReadOptions options) {
        return new IdTraceReader(name, in, options);
    }

    @Override
    public String byName(String name) {
        return name.endsWith(".csv") ? "its name ends in .csv" : null;
    }
}
