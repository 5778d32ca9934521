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
 */
public record Claim(String claim, boolean holds, String evidence, String published) {

    /**
     * The claim judged by {@code test} on {@code measured} and, unless it is null, on {@code published}.
     *
     * @param <F> a view of one side's figures, which the test reads
     */
    public static <F> Claim judge(String claim, Function<F, Verdict> test, F measured, F published) {
        Verdict own = test.apply(measured);
        return new Claim(claim, own.holds(), own.evidence(),
                published == null ? null : test.apply(published).evidence());
    }

    /** Whether the paper's own figures were tested too. */
    public boolean hasPublished() {
        return published != null;
    }
}
