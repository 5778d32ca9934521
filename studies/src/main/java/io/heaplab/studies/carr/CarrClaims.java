package io.heaplab.studies.carr;

import io.heaplab.studies.carr.CarrExperiment.Results;
import io.heaplab.studies.carr.CarrFigures.At;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The claims Carr &amp; Hennessy draw from Figures 3-5 and Table 2, each a test judged on the measured means and,
 * where Table 2 has the figures, on the published ones.
 */
public final class CarrClaims {

    /**
     * "Differ by 0 to 0.8%": peak utilizations within this much, in utilization (a percentage point); Table 2's
     * columns differ by 0.6, 0.5 and 0 points.
     */
    static final double CLOSE = 0.01;
    /** "5 to 20%": LT/RT's gain on pure WS at peak. */
    static final double LTRT_LEAST = 0.05;
    static final double LTRT_MOST = 0.20;
    /** "Nearly constant": the largest pointer travel over the smallest, across configurations. */
    static final double NEARLY_CONSTANT = 1.25;

    private CarrClaims() {
    }

    static final String PEAKS_CLOSE = "Peak utilization of WS (with LT/RT) and WSCLOCK differ by 0 to 0.8%";
    static final String LTRT = "LT/RT raises the peak utilization of pure WS by 5 to 20%";
    static final String TRAVEL = "WSCLOCK examines a nearly constant number of frames per replacement across"
            + " configurations";
    static final String LIGHTER = "At comparable theta WSCLOCK needs no WS-scans and has no more faults, MPL or"
            + " deactivations than WS";
    static final String THETA_GROWS = "The optimal theta grows from the small, fast configuration to the large, slow"
            + " one";

    /**
     * The claims, in the paper's order; those that compare configurations need two or more of them. Each that the
     * run does not bear out carries its measured mechanism ({@link CarrMechanisms}), led by the regime's own where
     * the paging device bounds the system.
     */
    public static List<Claim> check(Results results) {
        List<Claim> claims = new ArrayList<>();
        String regime = CarrMechanisms.deviceBound(results);
        for (Claim claim : check(CarrFigures.measured(results), CarrFigures.published(results.paper()))) {
            if (claim.holds()) {
                claims.add(claim);
                continue;
            }
            String mechanism = switch (claim.claim()) {
                case PEAKS_CLOSE -> CarrMechanisms.peaksClose(results);
                case LTRT -> CarrMechanisms.ltrt(results);
                case TRAVEL -> CarrMechanisms.travel(results);
                case LIGHTER -> CarrMechanisms.lighter(results);
                case THETA_GROWS -> CarrMechanisms.thetaGrows(results);
                default -> null;
            };
            // the regime's bottleneck leads: it is why no policy's mechanism can bring the figures to the paper's
            claims.add(claim.because(regime == null ? mechanism : mechanism == null ? regime : regime + "; and "
                    + mechanism));
        }
        results.irim().ifPresent(irim -> claims.addAll(irim.claims(results.curves())));
        return claims;
    }

    static List<Claim> check(CarrFigures measured, CarrFigures published) {
        List<Claim> claims = new ArrayList<>();
        claims.add(judge(PEAKS_CLOSE, "at most " + Math.round(100 * CLOSE) + " percentage point apart in every"
                + " configuration", CarrClaims::peaksClose, measured, published));
        if (measured.has(CarrPolicy.WS)) { // Table 2 has no pure WS: only Figures 3-5 show it
            claims.add(Claim.judge(LTRT, "a gain of " + Math.round(100 * LTRT_LEAST) + " to "
                    + Math.round(100 * LTRT_MOST) + "% in every configuration", CarrClaims::ltrtRaises, measured, null));
        }
        if (measured.configurations().size() > 1) {
            claims.add(judge(TRAVEL, "the largest travel at most " + NEARLY_CONSTANT + "x the smallest",
                    CarrClaims::travelConstant, measured, published));
        }
        claims.add(judge(LIGHTER, "no WS-scans, and faults, MPL and deactivations each at most WS's, in every"
                + " configuration", CarrClaims::wsclockLighter, measured, published));
        if (measured.configurations().size() > 1) {
            claims.add(judge(THETA_GROWS, "WSCLOCK's peak theta never falls from one configuration to the next and"
                    + " ends above where it starts", CarrClaims::thetaGrows, measured, published));
        }
        return claims;
    }

    /** Judged on both sides, the published side only on the configurations it shares with the run. */
    private static Claim judge(String claim, String tolerance, Function<CarrFigures, Verdict> test,
                               CarrFigures measured, CarrFigures published) {
        return Claim.judge(claim, tolerance, test, measured, restricted(published, measured.configurations()));
    }

    private static CarrFigures restricted(CarrFigures figures, List<Character> configurations) {
        return new CarrFigures() {
            @Override
            public List<Character> configurations() {
                return figures.configurations().stream().filter(configurations::contains).toList();
            }

            @Override
            public boolean has(CarrPolicy policy) {
                return figures.has(policy);
            }

            @Override
            public At peak(char configuration, CarrPolicy policy) {
                return figures.peak(configuration, policy);
            }

            @Override
            public At comparable(char configuration, CarrPolicy policy) {
                return figures.comparable(configuration, policy);
            }
        };
    }

    private static Verdict peaksClose(CarrFigures figures) {
        boolean holds = true;
        List<String> evidence = new ArrayList<>();
        for (char c : figures.configurations()) {
            double ws = figures.peak(c, CarrPolicy.WS_LTRT).utilization();
            double clock = figures.peak(c, CarrPolicy.WSCLOCK).utilization();
            double apart = Math.abs(ws - clock);
            holds &= apart <= CLOSE + 1e-9; // the published figures have three decimals
            evidence.add(format("%c: WS %.3f, WSCLOCK %.3f (%.1f points)", c, ws, clock, 100 * apart));
        }
        return new Verdict(holds, String.join("; ", evidence));
    }

    private static Verdict ltrtRaises(CarrFigures figures) {
        boolean holds = true;
        List<String> evidence = new ArrayList<>();
        for (char c : figures.configurations()) {
            double pure = figures.peak(c, CarrPolicy.WS).utilization();
            double ltrt = figures.peak(c, CarrPolicy.WS_LTRT).utilization();
            double gain = ltrt / pure - 1;
            holds &= gain >= LTRT_LEAST && gain <= LTRT_MOST;
            evidence.add(format("%c: %.3f to %.3f (%+.0f%%)", c, pure, ltrt, 100 * gain));
        }
        return new Verdict(holds, String.join("; ", evidence));
    }

    private static Verdict travelConstant(CarrFigures figures) {
        double least = Double.POSITIVE_INFINITY;
        double most = 0;
        List<String> evidence = new ArrayList<>();
        for (char c : figures.configurations()) {
            double travel = figures.peak(c, CarrPolicy.WSCLOCK).pointerTravel();
            least = Math.min(least, travel);
            most = Math.max(most, travel);
            evidence.add(format("%c: %.1f", c, travel));
        }
        return new Verdict(most / least <= NEARLY_CONSTANT, String.join(", ", evidence)
                + format(" frames per replacement (%.2fx apart)", most / least));
    }

    private static Verdict wsclockLighter(CarrFigures figures) {
        boolean holds = true;
        List<String> evidence = new ArrayList<>();
        for (char c : figures.configurations()) {
            At ws = figures.comparable(c, CarrPolicy.WS_LTRT);
            At clock = figures.comparable(c, CarrPolicy.WSCLOCK);
            holds &= clock.wsScans() == 0 && clock.faults() <= ws.faults() && clock.meanMpl() <= ws.meanMpl()
                    && clock.deactivations() <= ws.deactivations();
            evidence.add(format("%c: faults %.0f vs %.0f, MPL %.2f vs %.2f, deactivations %.0f vs %.0f, WS-scans %.0f"
                    + " vs %.0f", c, clock.faults(), ws.faults(), clock.meanMpl(), ws.meanMpl(), clock.deactivations(),
                    ws.deactivations(), clock.wsScans(), ws.wsScans()));
        }
        return new Verdict(holds, "WSCLOCK vs WS, " + String.join("; ", evidence));
    }

    private static Verdict thetaGrows(CarrFigures figures) {
        List<Character> configurations = figures.configurations();
        boolean holds = true;
        List<String> evidence = new ArrayList<>();
        long first = 0;
        long previous = 0;
        for (int i = 0; i < configurations.size(); i++) {
            long theta = figures.peak(configurations.get(i), CarrPolicy.WSCLOCK).theta();
            holds &= i == 0 || theta >= previous;
            first = i == 0 ? theta : first;
            previous = theta;
            evidence.add(format("%c %d", configurations.get(i), theta));
        }
        holds &= previous > first;
        return new Verdict(holds, "WSCLOCK's peak theta: " + String.join(", ", evidence));
    }

    private static String format(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
