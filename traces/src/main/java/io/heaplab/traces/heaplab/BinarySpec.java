package io.heaplab.traces.heaplab;

import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.TraceWriter;
import io.heaplab.traces.kit.DescribedFormat;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/** heaplab's {@linkplain BinaryTraceFormat binary format}: read and written, told by its magic. */
public final class BinarySpec extends DescribedFormat {

    public BinarySpec() {
        super("binary", "binary", References.PAGES);
    }

    @Override
    public TraceReader open(InputStream in, Path name, ReadOptions options) throws IOException {
        return new BinaryTraceReader(name, in);
    }

    @Override
    public boolean writes() {
        return true;
    }

    @Override
    public TraceWriter create(Path file, int pageSize, boolean compress) throws IOException {
        return new BinaryTraceWriter(file, pageSize, compress);
    }

    @Override
    public String bySignature(byte[] head, int length) {
        return length > 0 && BinaryTraceFormat.startsLikeMagic(head, length) ? "it starts with heaplab's binary magic"
                : null;
    }
}
