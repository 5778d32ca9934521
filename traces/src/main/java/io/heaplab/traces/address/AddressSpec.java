package io.heaplab.traces.address;

import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.kit.DescribedFormat;
import java.io.InputStream;
import java.nio.file.Path;

/** The UCSD address traces ({@link AddressTraceReader}): read only, never told, given; the page size cuts them. */
public final class AddressSpec extends DescribedFormat {

    public AddressSpec() {
        super("address", "address (UCSD's l|s 0xADDR n)", References.ADDRESSES);
    }

    @Override
    public TraceReader open(InputStream in, Path name, ReadOptions options) {
        return new AddressTraceReader(name, in, options);
    }
}
