package io.heaplab.traces.malloc;

import io.heaplab.core.spi.SpecException;
import java.io.IOException;
import java.nio.file.Path;

/** Reads and writes malloc traces in any of the {@link MallocFormat}s. */
public final class MallocTraces {

    private MallocTraces() {
    }

    /** Reads {@code file} in the format its content shows. */
    public static MallocTrace read(Path file) throws IOException {
        return read(file, MallocFormat.detect(file));
    }

    public static MallocTrace read(Path file, MallocFormat format) throws IOException {
        return switch (format) {
            case HEAPLAB -> HeaplabMallocFormat.read(file);
            case ANDROID -> AndroidMallocFormat.read(file);
            case MTRACE -> MtraceMallocFormat.read(file);
            case REP -> RepMallocFormat.read(file);
        };
    }

    /** Writes {@code trace} to {@code file} atomically; heaplab's format is deflated. */
    public static void write(MallocTrace trace, Path file, MallocFormat format) throws IOException {
        switch (format) {
            case HEAPLAB -> HeaplabMallocFormat.write(trace, file, true);
            case ANDROID -> AndroidMallocFormat.write(trace, file);
            case MTRACE, REP -> throw new SpecException("format: " + format.word() + " is read only (expected:"
                    + " heaplab or android to write)");
        }
    }
}
