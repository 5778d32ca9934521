package io.heaplab.cli;

import io.heaplab.core.run.RunOutcome;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.reports.CurvePoints;
import java.util.List;
import java.util.SequencedMap;
import picocli.CommandLine.Option;

/**
 * {@code --all-sizes}: a whole curve's every point in the files written, where by default they hold the points a
 * chart and a table need ({@link CurvePoints}).
 */
final class AllSizesOption {

    @Option(names = "--all-sizes",
            description = "Write every size of a whole curve (lru:frames=all and the like) to the JSON and CSV files; "
                    + "by default they hold its log-spaced sizes, " + CurvePoints.PER_DECADE + " a decade, and every "
                    + "knee, at most " + CurvePoints.MOST + " points, each exact.")
    boolean allSizes;

    /** The outcomes as the files hold them. */
    SequencedMap<String, PagingOutcome> forFiles(SequencedMap<String, PagingOutcome> paging) {
        return allSizes ? paging : CurvePoints.forPeople(paging);
    }

    /** A curve as the files hold it. */
    PagingOutcome.Curve forFiles(PagingOutcome.Curve curve) {
        return allSizes ? curve : CurvePoints.forPeople(curve);
    }

    /** The runs' outcomes as the files hold them. */
    List<RunOutcome> forFiles(List<RunOutcome> outcomes) {
        return allSizes ? outcomes : CurvePoints.forPeople(outcomes);
    }
}
