package io.heaplab.core.run;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.Spec;
import java.util.SequencedMap;

/**
 * Outcomes of replacement policies keyed by their specs, with typed access to each: a run's, or a trace
 * replay's. A policy is found by its spec as written ({@code lru:frames=all}); spaces around the name and the
 * options do not matter.
 */
public interface PagingResults {

    /** The outcome of each policy, keyed by its spec, in the order given. */
    SequencedMap<String, PagingOutcome> paging();

    /**
     * The outcome of {@code policy}.
     *
     * @throws IllegalArgumentException naming the policy and those that were run, when it was not one of them
     */
    default PagingOutcome outcome(String policy) {
        SequencedMap<String, PagingOutcome> paging = paging();
        PagingOutcome outcome = paging.get(policy);
        if (outcome == null && policy != null && !policy.isBlank()) {
            outcome = paging.get(canonical(policy));
        }
        if (outcome == null) {
            throw new IllegalArgumentException("policy '" + policy + "' was not run (expected one of: "
                    + (paging.isEmpty() ? "none, no policy was run" : String.join(", ", paging.keySet())) + ")");
        }
        return outcome;
    }

    /**
     * The whole fault curve of {@code policy}, such as {@code lru:frames=all} or {@code ws:theta=all}.
     *
     * @throws IllegalArgumentException when the policy was not run, or gave one fault count rather than a curve
     */
    default PagingOutcome.Curve curve(String policy) {
        return switch (outcome(policy)) {
            case PagingOutcome.Curve curve -> curve;
            case PagingOutcome.Faults faults -> throw new IllegalArgumentException("policy '" + policy
                    + "' gave one fault count, " + faults.faults() + ", not a curve (expected: a whole-curve "
                    + "policy such as lru:frames=all or ws:theta=all)");
        };
    }

    /**
     * The faults of {@code policy} at its one memory size or window, such as {@code lru:frames=100}.
     *
     * @throws IllegalArgumentException when the policy was not run, or gave a whole curve rather than one count
     */
    default long faults(String policy) {
        return counts(policy).faults();
    }

    /**
     * The fault count of {@code policy} with its further measures ({@link PagingOutcome#WRITE_BACKS}...).
     *
     * @throws IllegalArgumentException when the policy was not run, or gave a whole curve rather than one count
     */
    default PagingOutcome.Faults counts(String policy) {
        return switch (outcome(policy)) {
            case PagingOutcome.Faults faults -> faults;
            case PagingOutcome.Curve curve -> throw new IllegalArgumentException("policy '" + policy
                    + "' gave a curve of " + curve.points() + " points, not one fault count (expected: curve('"
                    + policy + "').faultsAt(size), or a one-size policy such as lru:frames=100)");
        };
    }

    /** {@code policy} as results key it; a malformed spec is simply not found. */
    private static String canonical(String policy) {
        try {
            return Spec.parse(policy).toString();
        } catch (IllegalArgumentException e) {
            return policy;
        }
    }
}
