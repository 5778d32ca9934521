package io.heaplab.studies.brent;

import io.heaplab.studies.Outcome;
import io.heaplab.studies.brent.BrentExperiment.Results;
import io.heaplab.studies.kit.Claim;
import java.io.PrintWriter;
import java.util.List;
import java.util.SequencedMap;

/**
 * What a run of Brent's study measured, with his claims judged.
 *
 * @param results the tables measured
 * @param claims  the claims of section 3.4, judged on the measured means and on the published figures
 */
public record BrentOutcome(Results results, List<Claim> claims) implements Outcome {

    public BrentOutcome {
        claims = List.copyOf(claims);
    }

    @Override
    public void print(PrintWriter out) {
        BrentTables.print(results, claims, out);
    }

    @Override
    public byte[] json() {
        return BrentJson.toJson(results, claims);
    }

    @Override
    public SequencedMap<String, String> failed() {
        return results.failed();
    }
}
