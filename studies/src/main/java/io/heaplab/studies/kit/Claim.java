package io.heaplab.studies.kit;

import java.util.function.Function;

/**
 * One of a paper's claims and what a run says about it: judged on the measured figures and, where the paper printed
 * the figures the test needs, the same test on the published ones, so a reader can judge the test itself.
 *
 * @param claim     the paper's claim, in words
 * @param holds     whether the measured figures bear it out
 * @param evidence  the measured figures it was judged on
 * @param published what the same test finds on the paper's figures, or null where the paper has none
 * @param cause     for a claim the run does not bear out, the mechanism measured behind it, in a sentence; or null
 * @param tested    whether the run had the figures the claim's test needs; a claim not tested neither holds nor
 *                  disagrees, and its evidence says why
 */
public record Claim(String claim, boolean holds, String evidence, String published, String cause, boolean tested) {

    public Claim(String claim, boolean holds, String evidence, String published, String cause) {
        this(claim, holds, evidence, published, cause, true);
    }

    public Claim(String claim, boolean holds, String evidence, String published) {
        this(claim, holds, evidence, published, null);
    }

    /** This claim with the measured {@code cause} of its disagreement (kept only where it disagrees). */
    public Claim because(String cause) {
        return new Claim(claim, holds, evidence, published, holds || !tested ? null : cause, tested);
    }

    /** This claim as judged in {@code setting} ("balanced"), which leads its text. */
    public Claim in(String setting) {
        return new Claim("[" + setting + "] " + claim, holds, evidence, published, cause, tested);
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
     * The claim judged by {@code test} on {@code measured} and, unless it is null, on {@code published}.
     *
     * @param <F> a view of one side's figures, which the test reads
     */
    public static <F> Claim judge(String claim, Function<F, Verdict> test, F measured, F published) {
        Verdict own = test.apply(measured);
        return new Claim(claim, own.holds(), own.evidence(),
                published == null ? null : test.apply(published).evidence(), null, own.tested());
    }

    /** Whether the paper's own figures were tested too. */
    public boolean hasPublished() {
        return published != null;
    }
}
