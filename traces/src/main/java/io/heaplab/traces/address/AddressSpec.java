package io.heaplab.traces.address;

import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.TraceReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** The UCSD address traces ({@link AddressTraceReader}): read only, never told, given; the page size cuts them. */
public final class AddressSpec implements TraceFormatSpec {

    @Override
    public String label() {
        return "address";
    }

    @Override
    public String help() {
        return "address (UCSD's l|s 0xADDR n)";
    }

    @Override
    public boolean cutsAddresses() {
        return true;
    }

    @Override
    public boolean renumbers() {
        return true;
    }

    @Override
    public TraceReader open(Path file, ReadOptions options) throws IOException {
        return new AddressTraceReader(file, Files.newInputStream(file), options);
    }

    @Override
    public TraceReader open(InputStream in, Path name, ReadOptions options) {
        return new AddressTraceReader(name, in, options);
    }
}
