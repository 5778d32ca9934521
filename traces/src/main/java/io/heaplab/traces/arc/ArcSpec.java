package io.heaplab.traces.arc;

import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.TraceReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** The ARC paper's block traces ({@link ArcTraceReader}): read only, never told, given. */
public final class ArcSpec implements TraceFormatSpec {

    @Override
    public String label() {
        return "arc";
    }

    @Override
    public String help() {
        return "arc (the ARC paper's block traces)";
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
    public TraceReader open(Path file, ReadOptions options) throws IOException {
        return new ArcTraceReader(file, Files.newInputStream(file));
    }

    @Override
    public TraceReader open(InputStream in, Path name, ReadOptions options) {
        return new ArcTraceReader(name, in);
    }
}
