package io.heaplab.studies.purdom;

import io.heaplab.studies.Outcome;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.purdom.PurdomExperiment.Results;
import java.io.PrintWriter;
import java.util.List;
import java.util.SequencedMap;

/**
 * What a run of Purdom, Stigler &amp; Cheam's study measured, with their conclusions judged.
 *
 * @param results the tables measured
 * @param claims  the conclusions of section 4, judged on the measured means and on the published figures
 */
public record PurdomOutcome(Results results, List<Claim> claims) implements Outcome {

    public PurdomOutcome {
        claims = List.copyOf(claims);
    }

    @Override
    public void print(PrintWriter out) {
        PurdomTables.print(results, claims, out);
    }

    @Override
    public byte[] json() {
        return PurdomJson.toJson(results, claims);
    }

    @Override
    public SequencedMap<String, String> failed() {
        return results.failed();
    }
}
