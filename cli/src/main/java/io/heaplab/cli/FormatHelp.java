package io.heaplab.cli;

import io.heaplab.traces.TraceFormats;
import java.util.ListResourceBundle;

/**
 * Help made from the trace formats themselves, so a format added to the library shows in {@code --format} at once:
 * picocli takes an option's description from this bundle by its description key.
 */
final class FormatHelp extends ListResourceBundle {

    @Override
    protected Object[][] getContents() {
        return new Object[][] {
            {TraceInput.FORMAT_HELP, "The trace's format: " + TraceFormats.installed().help() + ", or auto to tell"
                    + " from its content and name (default: ${DEFAULT-VALUE})."},
        };
    }
}
