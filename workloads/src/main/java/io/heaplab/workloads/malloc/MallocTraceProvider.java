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

    /**
     * The last trace read, kept while its file is unchanged: a replay through eight strategies, each bound for its
     * measures and again for its times, reads the file once. Softly held, so memory can take it back.
     */
    private static final class LastTrace {
        private static Path path;
        private static java.nio.file.attribute.FileTime modified;
        private static long size;
        private static java.lang.ref.SoftReference<MallocTrace> trace = new java.lang.ref.SoftReference<>(null);

        static synchronized MallocTrace read(Path file) throws IOException {
            Path real = file.toRealPath();
            java.nio.file.attribute.FileTime time = Files.getLastModifiedTime(real);
            long bytes = Files.size(real);
            MallocTrace kept = trace.get();
            if (kept != null && real.equals(path) && time.equals(modified) && bytes == size) {
                return kept;
            }
            MallocTrace read = MallocTraces.read(real);
            path = real;
            modified = time;
            size = bytes;
            trace = new java.lang.ref.SoftReference<>(read);
            return read;
        }
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
            return new MallocReplayWorkload(LastTrace.read(path), NAME + ":file=" + file);
        } catch (TraceFormatException e) {
            throw new SpecException(e.getMessage());
        } catch (IOException e) {
            throw new SpecException("file: " + file + ": cannot read it (" + e.getMessage() + ")");
        }
    }
}
