package io.heaplab.system;

import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A program tasks are drawn from (Carr &amp; Hennessy's task model): its reference string and the mean virtual time
 * between its I/O requests, which tasks of it make at exponentially distributed intervals.
 *
 * @param name          what the program is ("sort", "groff")
 * @param string        its reference string
 * @param meanIoInterval the mean references between I/O requests; {@link Double#POSITIVE_INFINITY} for none
 */
public record Prototype(String name, TaskString string, double meanIoInterval) {

    public Prototype {
        if (!(meanIoInterval > 0)) {
            throw new IllegalArgumentException("prototype " + name + ": mean I/O interval " + meanIoInterval
                    + " (expected: a positive number of references, or infinity for none)");
        }
    }

    /**
     * A program read from {@code file}, a trace in any format heaplab reads (its binary or text traces, a valgrind
     * lackey log with 4 KiB pages), named after the file without its extension.
     *
     * @throws NoSuchFileException when there is no such file
     * @throws io.heaplab.traces.TraceFormatException when it is not a trace, or a broken one
     */
    public static Prototype read(Path file, double meanIoInterval) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, Files.exists(file) ? "not a regular file"
                    : "no such file");
        }
        TaskString string;
        try (TraceReader reader = TraceFiles.open(file, null, null)) {
            string = TaskString.read(reader);
        }
        if (string.references() == 0) {
            throw new IllegalArgumentException(file + " holds no references (expected: a trace of a program's run)");
        }
        String name = file.getFileName().toString();
        int dot = name.indexOf('.');
        return new Prototype(dot > 0 ? name.substring(0, dot) : name, string, meanIoInterval);
    }
}
