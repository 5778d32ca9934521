package io.heaplab.reports.read;

import java.nio.file.Path;

/** A result file that cannot be read into a report: it names the file, what is wrong and what was expected. */
public final class ResultFileException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    ResultFileException(Path file, String problem) {
        super(file + ": " + problem);
    }
}
