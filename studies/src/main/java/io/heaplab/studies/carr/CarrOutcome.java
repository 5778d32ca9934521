package io.heaplab.studies.carr;

import io.heaplab.studies.Outcome;
import io.heaplab.studies.carr.CarrExperiment.Results;
import io.heaplab.studies.kit.Claim;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;

/**
 * What a run of Carr &amp; Hennessy's study measured, with their claims judged.
 *
 * @param results the curves measured
 * @param claims  the claims, judged on the measured means and on Table 2
 */
public record CarrOutcome(Results results, List<Claim> claims) implements Outcome {

    public CarrOutcome {
        claims = List.copyOf(claims);
    }

    @Override
    public void print(PrintWriter out) {
        CarrTables.print(results, claims, out);
    }

    @Override
    public byte[] json() {
        return CarrJson.toJson(results, claims);
    }

    @Override
    public SequencedMap<String, String> failed() {
        return new LinkedHashMap<>(); // simulations use no plugin: one that fails is heaplab's own fault
    }
}
