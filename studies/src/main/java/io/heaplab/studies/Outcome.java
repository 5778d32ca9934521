package io.heaplab.studies;

import io.heaplab.studies.kit.Claim;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.SequencedMap;

/** What a reproduction measured: its tables as text, the paper's claims judged, and its result file. */
public interface Outcome {

    /** Prints the tables, published and measured side by side, then the claims. */
    void print(PrintWriter out);

    /** The paper's claims as this run judges them, in the paper's order. */
    List<Claim> claims();

    /** The result file: a heaplab JSON document whose {@code experiment} is the study's name; deterministic. */
    byte[] json();

    /** Every run's measures as a CSV table, a row per run, for a study that makes one ({@link Study#writesCsv()}). */
    default Optional<byte[]> csv() {
        return Optional.empty();
    }

    /** The strategies (or other rows) whose runs failed, with the first reason; empty when all ran. */
    SequencedMap<String, String> failed();
}
