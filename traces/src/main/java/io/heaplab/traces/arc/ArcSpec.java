package io.heaplab.traces.arc;

import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.kit.DescribedFormat;
import java.io.InputStream;
import java.nio.file.Path;

/** The ARC paper's block traces ({@link ArcTraceReader}): read only, never told, given. */
public final class ArcSpec extends DescribedFormat {

    public ArcSpec() {
        super("arc", "arc (the ARC paper's block traces)", References.IDS);
    }

    @Override
    public TraceReader open(InputStream in, Path name, ReadOptions options) {
        return new ArcTraceReader(name, in);
    }
}
