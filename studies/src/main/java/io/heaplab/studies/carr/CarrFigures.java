package io.heaplab.studies.carr;

import io.heaplab.studies.carr.CarrExperiment.Curve;
import io.heaplab.studies.carr.CarrExperiment.Point;
import io.heaplab.studies.carr.CarrExperiment.Results;
import java.util.List;

/**
 * One side of Carr &amp; Hennessy's results, the measured means or Table 2, as the claims read them: each claim is
 * a test written once against this view and applied to both.
 */
interface CarrFigures {

    /**
     * What a policy did at one theta.
     *
     * @param theta the window
     */
    record At(long theta, double utilization, double meanMpl, double deactivations, double faults,
              double pointerTravel, double wsScans) {
    }

    /** The configurations this side has, in order. */
    List<Character> configurations();

    /** Whether this side has {@code policy} at all (Table 2 has no pure WS). */
    boolean has(CarrPolicy policy);

    /** {@code policy}'s peak on {@code configuration}. */
    At peak(char configuration, CarrPolicy policy);

    /**
     * {@code policy} at a theta comparable to WS with LT/RT's peak on {@code configuration}: the same theta when
     * measured, its own peak in Table 2 (whose peaks lie at nearly the same theta).
     */
    At comparable(char configuration, CarrPolicy policy);

    /** The measured means of {@code results}. */
    static CarrFigures measured(Results results) {
        return new CarrFigures() {
            @Override
            public List<Character> configurations() {
                return results.config().configurations();
            }

            @Override
            public boolean has(CarrPolicy policy) {
                return true;
            }

            @Override
            public At peak(char configuration, CarrPolicy policy) {
                return at(results.curve(configuration, policy).peak());
            }

            @Override
            public At comparable(char configuration, CarrPolicy policy) {
                long theta = results.curve(configuration, CarrPolicy.WS_LTRT).peak().theta();
                Curve curve = results.curve(configuration, policy);
                return at(curve.points().stream().filter(p -> p.theta() == theta).findFirst().orElseThrow());
            }

            private At at(Point p) {
                return new At(p.theta(), p.utilization().mean(), p.meanMpl().mean(), p.deactivations().mean(),
                        p.faults().mean(), p.pointerTravel().mean(), p.wsScans().mean());
            }
        };
    }

    /** Table 2 as Carr &amp; Hennessy printed it. */
    static CarrFigures published(CarrPaper paper) {
        return new CarrFigures() {
            @Override
            public List<Character> configurations() {
                return List.copyOf(paper.peaks().keySet());
            }

            @Override
            public boolean has(CarrPolicy policy) {
                return policy != CarrPolicy.WS;
            }

            @Override
            public At peak(char configuration, CarrPolicy policy) {
                CarrPaper.Peak p = paper.peak(configuration, policy);
                return new At(p.theta(), p.utilization(), p.meanMpl(), p.deactivations(), p.faults(),
                        p.pointerTravel(), p.wsScans());
            }

            @Override
            public At comparable(char configuration, CarrPolicy policy) {
                return peak(configuration, policy);
            }
        };
    }
}
