package io.heaplab.studies.kit;

import io.heaplab.core.run.RunOutcome;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;

/**
 * A batch of independent runs and the failure policy of a study made of them: every run is checked before the first
 * starts (a bad spec is the user's to fix and stops everything), then a run that fails (a plugin's fault) marks its
 * strategy failed with the first reason, and every other run goes on, so one broken strategy costs its own rows only.
 *
 * @param outcomes an outcome per spec, in the order of the specs
 * @param failed   the allocator specs a run of which failed, with the first reason, in the order of the specs
 */
public record RunBatch(List<RunOutcome> outcomes, SequencedMap<String, String> failed) {

    public RunBatch {
        outcomes = List.copyOf(outcomes);
        failed = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(failed));
    }

    /** Runs {@code specs} with {@code runner}, {@code threads} at a time, calling {@code afterEach} as each ends. */
    public static RunBatch run(Runner runner, List<RunSpec> specs, int threads, Runnable afterEach) {
        List<RunOutcome> outcomes = runner.sweep(specs, threads, afterEach);
        SequencedMap<String, String> failed = new LinkedHashMap<>();
        for (RunOutcome outcome : outcomes) {
            if (outcome.failed()) {
                failed.putIfAbsent(outcome.spec().allocator().toString(), outcome.failure());
            }
        }
        return new RunBatch(outcomes, failed);
    }

    /** Whether a run of {@code strategy} failed anywhere; its rows would not compare, so studies leave them out. */
    public boolean failed(String strategy) {
        return failed.containsKey(strategy);
    }

    /**
     * The results of the runs {@code from} (inclusive) to {@code to} (exclusive), all of which must have succeeded:
     * a study asks only for the runs of strategies that did not fail.
     */
    public List<RunResult> results(int from, int to) {
        List<RunOutcome> range = outcomes.subList(from, to);
        for (RunOutcome outcome : range) {
            if (outcome.failed()) {
                throw new IllegalStateException("the run of " + outcome.spec().allocator() + " failed: "
                        + outcome.failure() + " (expected: results asked for only of strategies that did not fail)");
            }
        }
        return range.stream().map(RunOutcome::result).toList();
    }
}
