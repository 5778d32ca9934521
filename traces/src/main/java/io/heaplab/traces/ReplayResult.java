package io.heaplab.traces;

import io.heaplab.core.run.FaultWindows;
import io.heaplab.core.run.PagingResults;
import io.heaplab.core.spi.PagingOutcome;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.SequencedMap;

/**
 * What a {@link TraceReplay} measured: the trace, what its stream held, and each policy's outcome; {@link
 * #curve(String)} and {@link #faults(String)} read one without a cast.
 *
 * @param trace         the trace file as given
 * @param format        its format, as given or told from its content
 * @param pageSize      bytes per page its pages were cut with; 0 when a text trace does not say
 * @param references    every reference, repeats included
 * @param measuredFrom  the virtual time at which the trace's measured phase began (0 when all of it is measured)
 * @param runs          runs of references to one page
 * @param distinctPages different pages referenced
 * @param paging        the outcome of each policy, keyed by its spec, in the order given
 * @param warmup        the references asked to warm the policies before counting (0 for none)
 * @param windows       the fixed-memory policies' faults window by window; null when no policy could be windowed
 */
public record ReplayResult(Path trace, TraceFormatSpec format, int pageSize, long references, long measuredFrom,
                           long runs, int distinctPages, SequencedMap<String, PagingOutcome> paging, long warmup,
                           FaultWindows windows)
        implements PagingResults {

    public ReplayResult {
        paging = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(paging));
    }

    /**
     * Where the references came from, field by field, as result files and tables name a replayed trace: {@code
     * trace} (the path as given), {@code format} (its label) and {@code pageSize}.
     */
    public SequencedMap<String, Object> source() {
        SequencedMap<String, Object> source = new LinkedHashMap<>();
        source.put("trace", trace.toString());
        source.put("format", format.label());
        source.put("pageSize", pageSize);
        return Collections.unmodifiableSequencedMap(source);
    }
}
