package io.heaplab.reports.read;

import java.nio.file.Path;
import java.util.Locale;

/** A result file that cannot be read into a report: it names the file, what is wrong and what was expected. */
public final class ResultFileException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The most characters of a problem shown: a file's text it quotes may be any length. */
    private static final int LONGEST = 600;

    ResultFileException(Path file, String problem) {
        super(file + ": " + printable(problem));
    }

    /**
     * {@code problem} as one printable line: the file's text it may quote (a name with a newline, a parser's token
     * with a control byte) is escaped, {@code \n} and {@code \x1B}, and cut past {@link #LONGEST} characters.
     */
    static String printable(String problem) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < problem.length() && line.length() < LONGEST; i++) {
            char c = problem.charAt(i);
            if (c == '\n') {
                line.append("\\n");
            } else if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                line.append(c < 0x100 ? String.format(Locale.ROOT, "\\x%02X", (int) c)
                        : String.format(Locale.ROOT, "\\u%04X", (int) c));
            } else {
                line.append(c);
            }
        }
        return line.length() < LONGEST ? line.toString() : line + "...";
    }
}
