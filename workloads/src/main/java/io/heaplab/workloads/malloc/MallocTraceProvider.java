package io.heaplab.workloads.malloc;

import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.SpiVersion;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadProvider;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.malloc.MallocTrace;
import io.heaplab.traces.malloc.MallocTraces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Provides {@code malloc-trace}: a real program's malloc trace replayed through the strategy under test. */
@SpiVersion(SpiVersion.CURRENT)
public final class MallocTraceProvider implements WorkloadProvider {

    /** The short name in specs. */
    public static final String NAME = "malloc-trace";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "a real program's malloc, calloc, realloc, memalign and free calls replayed in order through the"
                + " strategy, each new block written, realloc as allocate-copy-free (heaplab, Android memory_replay,"
                + " glibc mtrace or CS:APP .rep traces)";
    }

    @Override
    public List<Option> options() {
        return List.of(Option.required("file", OptionType.STRING,
                "the trace: heaplab's .hmt, Android memory_replay text, glibc mtrace or a CS:APP .rep file"));
    }

    @Override
    public Workload create(Options options) {
        String file = options.getString("file");
        Path path = Path.of(file);
        if (!Files.isRegularFile(path)) {
            throw new SpecException("file: " + file + " (expected: a malloc trace file; "
                    + (Files.exists(path) ? "this is not a regular file)" : "there is no such file)"));
        }
        try {
            MallocTrace trace = MallocTraces.read(path);
            return new MallocReplayWorkload(trace, NAME + ":file=" + file);
        } catch (TraceFormatException e) {
            throw new SpecException(e.getMessage());
        } catch (IOException e) {
            throw new SpecException("file: " + file + ": cannot read it (" + e.getMessage() + ")");
        }
    }
}
