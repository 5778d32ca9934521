package io.heaplab.studies.carr;

import io.heaplab.studies.carr.CarrExperiment.Curve;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Carr's inter-reference interval model checked against the exact simulation (Carr &amp; Hennessy, "The
 * Inter-Reference Interval Model"): every point run again on IRIM strings, and each curve's error.
 *
 * @param omega      the IRIM window (the paper's: 5000)
 * @param compaction references per IRIM event over the prototypes: how many times shorter the strings are
 * @param curves     the IRIM runs' curves, in the order of the exact ones
 * @param exactSeconds processor time the exact simulations took, summed over threads (varies from run to run: shown,
 *                     never written to the result file)
 * @param irimSeconds  the same for the IRIM simulations
 * @param periods      the IRIM strings' periods (start events) over the prototypes, per 1,000 references
 * @param writes       their write events, per 1,000 references
 */
public record CarrIrim(long omega, double compaction, List<Curve> curves, double exactSeconds, double irimSeconds,
                       double periods, double writes) {

    /** "Less than 1% error": the paper's validation of the IRIM. */
    static final double ERROR = 0.01;
    /** "A factor of approximately 600": the paper's compaction at omega 5000. */
    static final double PAPER_COMPACTION = 600;

    /**
     * One curve's error: the largest and the mean relative difference of the IRIM run's utilization from the
     * exact one's over theta, and the largest of its page faults'.
     */
    public record Error(char configuration, CarrPolicy policy, double maxUtilization, double meanUtilization,
                        double maxFaults) {
    }

    /** Each curve's error against {@code exact}, the curves of the same points simulated on the references. */
    public List<Error> errors(List<Curve> exact) {
        List<Error> errors = new ArrayList<>();
        for (int c = 0; c < exact.size(); c++) {
            Curve e = exact.get(c);
            Curve i = curves.get(c);
            double max = 0;
            double sum = 0;
            double faults = 0;
            for (int p = 0; p < e.points().size(); p++) {
                double u = relative(i.points().get(p).utilization().mean(), e.points().get(p).utilization().mean());
                max = Math.max(max, u);
                sum += u;
                faults = Math.max(faults, relative(i.points().get(p).faults().mean(),
                        e.points().get(p).faults().mean()));
            }
            errors.add(new Error(e.configuration(), e.policy(), max, sum / e.points().size(), faults));
        }
        return errors;
    }

    private static double relative(double value, double reference) {
        return reference == 0 ? (value == 0 ? 0 : Double.POSITIVE_INFINITY) : Math.abs(value - reference) / reference;
    }

    /** Carr's omega, at which the paper measured its compaction. */
    static final long PAPER_OMEGA = 5_000;

    /**
     * The paper's two claims for the IRIM, judged on this run (the paper gives no figures to judge them on): the
     * compaction only at the paper's omega, the error only on the paper's policies.
     */
    List<Claim> claims(List<Curve> exact) {
        List<Claim> claims = new ArrayList<>();
        if (omega == PAPER_OMEGA) {
            claims.add(Claim.judge("With omega = 5000 the IRIM strings are about 600 times shorter than the"
                    + " reference strings", "300 to 1200 times shorter", irim -> new Verdict(compaction >= PAPER_COMPACTION / 2
                    && compaction <= PAPER_COMPACTION * 2, String.format(Locale.ROOT,
                    "omega %d: %.0f references per IRIM event", omega, compaction)), this, null)
                    .because(String.format(Locale.ROOT, "an IRIM string keeps a start and an end for every period"
                            + " in which a page is referenced at least once every omega references, and the writes"
                            + " inside it; these programs start %.2f periods and keep %.2f writes per 1,000"
                            + " references, where 600 times shorter leaves 1.67 events in all: their pages fall"
                            + " idle and come back far more often than Carr's did", periods, writes)));
        }
        List<Error> paper = errors(exact).stream().filter(e -> CarrPolicy.PAPER.contains(e.policy())).toList();
        Error worst = paper.stream().max((a, b) -> Double.compare(a.meanUtilization(), b.meanUtilization()))
                .orElseThrow();
        claims.add(Claim.judge("Simulations on IRIM strings agree with the exact simulation within 1%",
                "the mean utilization error of every curve of the paper's policies below 1%", irim -> new Verdict(
                worst.meanUtilization() < ERROR, String.format(Locale.ROOT, "largest mean error %.2f%% (%c, %s),"
                        + " largest at one theta %.2f%%", 100 * worst.meanUtilization(), worst.configuration(),
                worst.policy().title, 100 * paper.stream().mapToDouble(Error::maxUtilization).max()
                        .orElseThrow())), this, null)
                .because(String.format(Locale.ROOT, "an IRIM string counts a page of an open period as referenced"
                        + " throughout, so its working sets and use bits hold pages the exact string leaves idle for"
                        + " up to omega references, and every period's start is a possible fault: on the worst curve"
                        + " (%c, %s) the IRIM runs' page faults are off by up to %.1f%%, with %.2f periods per 1,000"
                        + " references to approximate", worst.configuration(), worst.policy().title,
                        100 * worst.maxFaults(), periods)));
        return claims;
    }
}
