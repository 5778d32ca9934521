package io.heaplab.studies.kit;

import java.util.function.Function;

/**
 * One of a paper's claims and what a run says about it: judged on the measured figures and, where the paper printed
 * the figures the test needs, the same test on the published ones, so a reader can judge the test itself.
 *
 * @param claim     the paper's claim, in words
 * @param tolerance the test that judges it, with its thresholds ("mean |difference| at most 0.03"), so a reader
 *                  sees how far a figure may stray before the claim disagrees
 * @param holds     whether the measured figures bear it out
 * @param evidence  the measured figures it was judged on
 * @param published what the same test finds on the paper's figures, or null where the paper has none
 * @param cause     for a claim the run does not bear out, the mechanism measured behind it, in a sentence; or null
 * @param tested    whether the run had the figures the claim's test needs; a claim not tested neither holds nor
 *                  disagrees, and its evidence says why
 */
public record Claim(String claim, String tolerance, boolean holds, String evidence, String published, String cause,
                    boolean tested) {

    /** This claim with the measured {@code cause} of its disagreement (kept only where it disagrees). */
    public Claim because(String cause) {
        return new Claim(claim, tolerance, holds, evidence, published, holds || !tested ? null : cause, tested);
    }

    /** This claim as judged in {@code setting} ("balanced"), which leads its text. */
    public Claim in(String setting) {
        return new Claim("[" + setting + "] " + claim, tolerance, holds, evidence, published, cause, tested);
    }

    /** Its verdict in a word: {@code agrees}, {@code DISAGREES} or {@code not tested}. */
    public String verdict() {
        return Verdict.word(holds, tested);
    }

    /** Whether a measured cause goes with it. */
    public boolean hasCause() {
        return cause != null;
    }

    /**
     * The claim judged by {@code test}, whose thresholds {@code tolerance} states, on {@code measured} and, unless it
     * is null, on {@code published}.
     *
     * @param <F> a view of one side's figures, which the test reads
     */
    public static <F> Claim judge(String claim, String tolerance, Function<F, Verdict> test, F measured, F published) {
        Verdict own = test.apply(measured);
        // the paper's side of a claim the run could not test is judged on the same missing cells: nothing to show
        return new Claim(claim, tolerance, own.holds(), own.evidence(),
                published == null || !own.tested() ? null : test.apply(published).evidence(), null, own.tested());
    }

    /** Whether the paper's own figures were tested too. */
    public boolean hasPublished() {
        return published != null;
    }
}
