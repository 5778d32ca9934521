package io.heaplab.reports.read;

import io.heaplab.core.plugins.Failures;
import java.nio.file.Path;

/** A result file that cannot be read into a report: it names the file, what is wrong and what was expected. */
public final class ResultFileException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The most characters of a problem shown: a file's text it quotes may be any length. */
    private static final int LONGEST = 600;

    ResultFileException(Path file, String problem) {
        // the file's text a problem quotes (a name with a newline, a parser's token with a control byte) is escaped
        super(file + ": " + Failures.printable(problem, LONGEST));
    }
}
