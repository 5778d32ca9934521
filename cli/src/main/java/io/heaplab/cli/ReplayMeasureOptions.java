package io.heaplab.cli;

import io.heaplab.core.run.WindowedFaults;
import io.heaplab.core.spi.SpecException;
import io.heaplab.traces.TraceReplay;
import picocli.CommandLine.Option;

/**
 * What a replay measures beyond each policy's faults, as libCacheSim reports it: the miss ratio over time in
 * windows ({@code --window}) and, on a trace with object sizes, the byte miss ratio ({@code --sizes}).
 */
final class ReplayMeasureOptions {

    @Option(names = "--window", paramLabel = "N",
            description = "References per window of the miss ratio over time, which the JSON file keeps and the "
                    + "report draws for each policy, a one-pass curve's at every size (default: between " + WindowedFaults.FEWEST
                    + " and " + WindowedFaults.MOST + " windows, whatever the trace's length).")
    private Long window;

    @Option(names = "--sizes",
            description = "Weigh each request by its object's size and report the byte miss ratio beside the miss "
                    + "ratio; the trace must carry sizes (oracleGeneral, or an ids csv with --size-column).")
    private boolean sizes;

    @Option(names = "--size-column", paramLabel = "N",
            description = "The comma-separated column of an ids (libCacheSim csv) trace that holds each request's "
                    + "object size in bytes, for --sizes (default: none).")
    private Integer sizeColumn;

    /**
     * Gives {@code replay} the window and sizes asked for; a window below 1, or one with no JSON file to keep the
     * windows ({@code json} false), is a usage error naming it.
     */
    void applyTo(TraceReplay replay, boolean json) {
        if (window != null) {
            if (window < 1) {
                throw new SpecException("--window " + window + " (expected: references per window, 1 or more)");
            }
            if (!json) {
                throw new SpecException("--window " + window + " without --json (expected: --json FILE to keep "
                        + "the miss ratio over time; the text and the CSV hold one miss ratio per policy)");
            }
            replay.window(window);
        } else if (json) {
            replay.adaptiveWindows(); // kept only where a file holds them: a replay without one pays nothing
        }
        if (sizeColumn != null) {
            if (sizeColumn < 1) {
                throw new SpecException("--size-column " + sizeColumn + " (expected: 1 or more)");
            }
            if (!sizes) {
                throw new SpecException("--size-column " + sizeColumn + " without --sizes (expected: both, to "
                        + "weigh each request by its size)");
            }
            try {
                replay.sizeColumn(sizeColumn);
            } catch (SpecException e) {
                throw new SpecException("--size-column " + sizeColumn + " (expected: another column than the ids',"
                        + " which --id-column names)");
            }
        }
        replay.byteMissRatio(sizes);
    }
}
