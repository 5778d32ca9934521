package io.heaplab.traces.heaplab;

import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.TraceWriter;
import io.heaplab.traces.kit.DescribedFormat;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * heaplab's {@linkplain TextTraceFormat text format}: read and written, never compressed; what detection falls back
 * to for text no other format claims.
 */
public final class TextSpec extends DescribedFormat {

    public TextSpec() {
        super("text", "text", References.PAGES);
    }

    @Override
    public TraceReader open(InputStream in, Path name, ReadOptions options) throws IOException {
        return new TextTraceReader(name, in);
    }

    @Override
    public boolean writes() {
        return true;
    }

    @Override
    public TraceWriter create(Path file, int pageSize, boolean compress) throws IOException {
        if (compress) {
            throw new IllegalArgumentException("compress: a text trace is written plain"
                    + " (expected: the binary format for a compressed trace)");
        }
        return new TextTraceWriter(file, pageSize);
    }
}
