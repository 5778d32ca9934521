package io.heaplab.studies.kit;

/**
 * What one test of a paper's claim found on one set of figures, measured or published: it agrees, it disagrees, or
 * the run gave it nothing to test.
 *
 * @param holds    whether the figures bear the claim out (false when not tested)
 * @param evidence the figures it was judged on, in words; for a claim not tested, why
 * @param tested   whether the run had the figures the test needs: a claim about cells the run left out is neither
 *                 borne out nor contradicted
 */
public record Verdict(boolean holds, String evidence, boolean tested) {

    /** A verdict on figures the run had. */
    public Verdict(boolean holds, String evidence) {
        this(holds, evidence, true);
    }

    /** No verdict: the run had none of the figures the test needs, for the reason {@code why}. */
    public static Verdict notTested(String why) {
        return new Verdict(false, why, false);
    }

    /** The verdict's word as the studies print it: {@code agrees}, {@code DISAGREES} or {@code not tested}. */
    public static String word(boolean holds, boolean tested) {
        return !tested ? "not tested" : holds ? "agrees" : "DISAGREES";
    }
}
