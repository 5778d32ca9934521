package io.heaplab.studies.kit;

/**
 * What one test of a paper's claim found on one set of figures, measured or published.
 *
 * @param holds    whether the figures bear the claim out
 * @param evidence the figures it was judged on, in words
 */
public record Verdict(boolean holds, String evidence) {
}
