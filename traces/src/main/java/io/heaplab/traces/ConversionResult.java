package io.heaplab.traces;

/**
 * What a {@link TraceConversion} wrote: the input's name and format, the page size, the references skipped before
 * the window, and the kept references' counts.
 *
 * @param source        the input as named: a path, or {@code "standard input"}
 * @param format        the input's format, as given or told from its content
 * @param pageSize      bytes per page of the output, 0 when a text trace did not say
 * @param skipped       references dropped before the window
 * @param references    references written
 * @param runs          runs of references to one page written
 * @param writeRuns     runs written that wrote their page
 * @param distinctPages different pages among the references written
 * @param cut           whether the window reached the limit, where reading stopped (the input may have ended there)
 */
public record ConversionResult(String source, TraceFormatSpec format, int pageSize, long skipped, long references,
                               long runs, long writeRuns, int distinctPages, boolean cut) {
}
