package io.heaplab.studies.carr;

import io.heaplab.studies.carr.CarrExperiment.Curve;
import io.heaplab.studies.carr.CarrExperiment.Point;
import io.heaplab.studies.carr.CarrExperiment.Results;
import io.heaplab.system.SystemResult;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The measured mechanism behind each of Carr &amp; Hennessy's claims, in a sentence a report prints beside a claim
 * the run does not bear out: the diagnostic the docs explain (docs/reproduce-carr.md), read from the same runs.
 */
final class CarrMechanisms {

    /**
     * A paging device busy (reading or writing) at least this share of the time at every peak is saturated: the
     * system's bottleneck, whatever the policy.
     */
    static final double DEVICE_BOUND = 0.98;

    private CarrMechanisms() {
    }

    /**
     * WS and WSCLOCK at WS's peak: the pages each cleaned, the activations and deactivations each made, and the
     * paging device, which tell the policies apart where their peaks differ.
     */
    static String peaksClose(Results results) {
        String parts = each(results, c -> {
            long theta = results.curve(c, CarrPolicy.WS_LTRT).peak().theta();
            Point ws = results.curve(c, CarrPolicy.WS_LTRT).at(theta);
            Point clock = results.curve(c, CarrPolicy.WSCLOCK).at(theta);
            boolean clockAhead = results.curve(c, CarrPolicy.WSCLOCK).peak().utilization().mean()
                    > results.curve(c, CarrPolicy.WS_LTRT).peak().utilization().mean();
            return format("%c, %s ahead: WS cleaned %.0f pages and WSCLOCK %.0f, the device reading %.2f of the"
                    + " time; activations %.0f and %.0f, deactivations %.0f and %.0f", c,
                    clockAhead ? "WSCLOCK" : "WS", mean(ws, SystemResult::writes), mean(clock, SystemResult::writes),
                    mean(ws, SystemResult::readBusy), mean(ws, SystemResult::activations),
                    mean(clock, SystemResult::activations), mean(ws, SystemResult::deactivations),
                    mean(clock, SystemResult::deactivations));
        });
        return "two differences between the policies move their peaks apart: WS cleans every dirty page as it leaves"
                + " W and WSCLOCK only those its hand would replace, so on a device that is reading most of the time"
                + " WS's writes delay reads; and WSCLOCK commits a task's resident working set, which leaves out the"
                + " pages a loading task has not read back yet, so it admits tasks that later overcommit memory (the"
                + " paper's own caveat); at WS's peak theta, " + parts + ".";
    }

    /**
     * Pure WS against WS with LT/RT: how many tasks each let in at once and how often their slices ended, and the
     * two ablations: pure WS told each new task's locality, and LT/RT without deferred time-slice deactivations.
     */
    static String ltrt(Results results) {
        String parts = each(results, c -> {
            Point pure = results.curve(c, CarrPolicy.WS).peak();
            Point ltrt = results.curve(c, CarrPolicy.WS_LTRT).peak();
            String ablation = results.ablation(c).map(a -> format("; pure WS told each new task's mean working set"
                    + " %.3f", a.knownLocality().utilization()) + a.undeferred().map(u -> format(", WS with LT/RT"
                    + " ending slices when they end %.3f", u.utilization())).orElse("")).orElse("");
            return format("%c: pure WS %.3f, up to %.0f tasks active at once, %.0f time-slice deactivations;"
                    + " WS with LT/RT %.3f, up to %.0f, %.0f%s", c, pure.utilization().mean(),
                    mean(pure, SystemResult::peakMpl), mean(pure, SystemResult::sliceDeactivations),
                    ltrt.utilization().mean(), mean(ltrt, SystemResult::peakMpl),
                    mean(ltrt, SystemResult::sliceDeactivations), ablation);
        });
        return "a task that has not run commits W = 0, so pure WS admits every waiting task at once, as the paper's"
                + " load control does; and a task whose time-slice ends is deactivated and reloads its working set"
                + " when it comes back, unless LT/RT defers the deactivation while a task loads (heaplab's Table 1"
                + " regime does; the paper proposes it but did not use it); at the peaks, " + parts
                + ".";
    }

    /** WSCLOCK's travel, split into the replacements that found a free frame and those that turned the hand. */
    static String travel(Results results) {
        String parts = each(results, c -> {
            Point peak = results.curve(c, CarrPolicy.WSCLOCK).peak();
            double free = mean(peak, SystemResult::freeFrames);
            double replacements = mean(peak, SystemResult::replacements);
            return format("%c: %.0f%% of replacements took a free frame, %.1f frames per replacement that turned"
                    + " the hand", c, replacements == 0 ? 0 : 100 * free / replacements,
                    mean(peak, SystemResult::clockTravel));
        });
        return "a replacement that finds a free frame (memory not yet full, or freed by a task that completed)"
                + " examines one frame, so the mean travel follows how full memory is; at WSCLOCK's peaks, "
                + parts + ".";
    }

    /** WS's reclaims, which WSCLOCK cannot make, and both policies' deactivations. */
    static String lighter(Results results) {
        String parts = each(results, c -> {
            long theta = results.curve(c, CarrPolicy.WS_LTRT).peak().theta();
            Point ws = results.curve(c, CarrPolicy.WS_LTRT).at(theta);
            Point clock = results.curve(c, CarrPolicy.WSCLOCK).at(theta);
            double more = clock.faults().mean() - ws.faults().mean();
            return format("%c: WS reclaimed %.0f pages without I/O and deactivated %.0f times, WSCLOCK"
                    + " deactivated %.0f times and made %.0f %s faults", c, mean(ws, SystemResult::reclaims),
                    ws.deactivations().mean(), clock.deactivations().mean(), Math.abs(more),
                    more >= 0 ? "more" : "fewer");
        });
        return "every deactivation gives up a task's resident pages, which it faults back when it runs again, and"
                + " WSCLOCK's commitment of resident pages admits more tasks than WS's; at WS's peak theta, "
                + parts + ".";
    }

    /** How flat WSCLOCK's curves are about their peaks: the peak over the best other theta. */
    static String thetaGrows(Results results) {
        String parts = each(results, c -> {
            Curve curve = results.curve(c, CarrPolicy.WSCLOCK);
            Point peak = curve.peak();
            double next = curve.points().stream().filter(p -> p != peak)
                    .mapToDouble(p -> p.utilization().mean()).max().orElse(Double.NaN);
            return format("%c: %.3f at theta %d, %.3f at the next best", c, peak.utilization().mean(),
                    peak.theta(), next);
        });
        return "the curves are flat about their peaks, so a small difference picks the peak's theta; "
                + parts + ".";
    }

    /**
     * The regime's own cause, which comes before any policy's: a paging device busy at least
     * {@link #DEVICE_BOUND} of the time at every peak of the paper's two policies bounds utilization whatever the
     * policy does, and keeps fewer tasks in memory than Carr's; null where the device leaves room.
     */
    static String deviceBound(Results results) {
        DoubleSummaryStatistics busy = new DoubleSummaryStatistics();
        DoubleSummaryStatistics mpl = new DoubleSummaryStatistics();
        DoubleSummaryStatistics paperMpl = new DoubleSummaryStatistics();
        for (char c : results.config().configurations()) {
            for (CarrPolicy policy : List.of(CarrPolicy.WS_LTRT, CarrPolicy.WSCLOCK)) { // Table 2's two
                Point peak = results.curve(c, policy).peak();
                busy.accept(mean(peak, SystemResult::pagingBusy));
                mpl.accept(peak.meanMpl().mean());
                CarrPaper.Peak published = results.paper().peak(c, policy);
                if (published != null) {
                    paperMpl.accept(published.meanMpl());
                }
            }
        }
        if (busy.getCount() == 0 || !(busy.getMin() >= DEVICE_BOUND)) {
            return null;
        }
        return format("in this regime the paging device is busy %.2f to %.2f of the time at the peaks and the mean"
                        + " MPL is %.2f to %.2f%s: the device bounds utilization whatever the policy, so the regime"
                        + " cannot test the claim", busy.getMin(), busy.getMax(), mpl.getMin(), mpl.getMax(),
                paperMpl.getCount() == 0 ? "" : format(" (the paper's: %.2f to %.2f)", paperMpl.getMin(),
                        paperMpl.getMax()));
    }

    /** {@code each} configuration's part of a sentence, in order, joined by semicolons. */
    private static String each(Results results, Function<Character, String> part) {
        List<String> parts = new ArrayList<>();
        for (char c : results.config().configurations()) {
            parts.add(part.apply(c));
        }
        return String.join("; ", parts);
    }

    private static double mean(Point point, ToDoubleFunction<SystemResult> measure) {
        return point.runs().stream().mapToDouble(measure).filter(v -> !Double.isNaN(v)).average()
                .orElse(Double.NaN);
    }

    private static String format(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
