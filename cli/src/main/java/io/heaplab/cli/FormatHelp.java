package io.heaplab.cli;

import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.TraceFormats;
import java.util.ListResourceBundle;

/**
 * Help made from the trace formats themselves, so a format added to the library shows in {@code --format} at once:
 * picocli takes an option's description from this bundle by its description key.
 */
final class FormatHelp extends ListResourceBundle {

    /** The key of the {@code --format} help of the commands that record a trace in one of heaplab's own formats. */
    static final String RECORD = "heaplab.trace.record-format";

    /** The key of {@code trace convert}'s {@code --to} help. */
    static final String CONVERT = "heaplab.trace.convert-to";

    @Override
    protected Object[][] getContents() {
        TraceFormats formats = TraceFormats.installed();
        String written = String.join(", ", formats.all().stream().filter(TraceFormatSpec::writes)
                .map(TraceFormatSpec::help).toList());
        return new Object[][] {
            {TraceInput.FORMAT_HELP, "The trace's format: " + formats.help() + ", or auto to tell from its content"
                    + " and name (default: ${DEFAULT-VALUE})."},
            {RECORD, "The format to write: " + formats.labels(TraceRecordCommand.KEEPS_PAGES, "or")
                    + " (default: ${DEFAULT-VALUE})."},
            {CONVERT, "The format to write: " + written + " (default: ${DEFAULT-VALUE}; compressed unless"
                    + " --no-compress, but for text)."},
        };
    }
}
