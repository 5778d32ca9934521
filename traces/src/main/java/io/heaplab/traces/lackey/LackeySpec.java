package io.heaplab.traces.lackey;

import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.kit.DescribedFormat;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Set;

/** valgrind lackey's memory trace ({@link LackeyTraceReader}): read only, told by its first line. */
public final class LackeySpec extends DescribedFormat {

    public LackeySpec() {
        super("lackey", "lackey", References.ADDRESSES);
    }

    @Override
    public Set<String> options() {
        return Set.of("instructions");
    }

    @Override
    public TraceReader open(InputStream in, Path name, ReadOptions options) {
        return new LackeyTraceReader(name, in, options);
    }

    @Override
    public String byFirstLine(byte[] b, int start, int end) {
        if (end - start >= 2 && b[start] == '=' && b[start + 1] == '=') {
            return "its first line is a valgrind log line";
        }
        return LackeyTraceReader.isAccessLine(b, start, end) ? "its first line is a lackey access" : null;
    }
}
