package io.heaplab.traces.libcachesim;

import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.TraceReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/** libCacheSim's txt and csv traces, and LIRS's ({@link IdTraceReader}): read only, told by a {@code .csv} name. */
public final class IdsSpec implements TraceFormatSpec {

    @Override
    public String label() {
        return "ids";
    }

    @Override
    public String help() {
        return "ids (libCacheSim's txt and csv, LIRS: an object id per line or column)";
    }

    @Override
    public boolean cutsAddresses() {
        return false;
    }

    @Override
    public boolean renumbers() {
        return true;
    }

    @Override
    public Set<String> options() {
        return Set.of("idColumn", "header");
    }

    @Override
    public TraceReader open(Path file, ReadOptions options) throws IOException {
        return new IdTraceReader(file, Files.newInputStream(file), options);
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
