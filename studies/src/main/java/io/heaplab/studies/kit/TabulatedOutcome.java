package io.heaplab.studies.kit;

import io.heaplab.studies.Outcome;
import java.io.PrintWriter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.SequencedMap;

/**
 * What a study measured, {@code R}, with the paper's claims judged: printed by the study's text tables and written
 * by its result file's writer.
 *
 * @param <R> the study's tabulated results
 */
public final class TabulatedOutcome<R> implements Outcome {

    /** A study's text tables: its results, then its claims. */
    public interface Text<R> {
        void print(R results, List<Claim> claims, PrintWriter out);
    }

    /** A study's result file writer. */
    public interface Json<R> {
        byte[] render(R results, List<Claim> claims);
    }

    private final R results;
    private final List<Claim> claims;
    private final SequencedMap<String, String> failed;
    private final Text<R> text;
    private final Json<R> json;
    private final Function<R, byte[]> csv;

    /**
     * @param failed the strategies whose runs failed, with the first reason; empty when all ran
     */
    public TabulatedOutcome(R results, List<Claim> claims, SequencedMap<String, String> failed, Text<R> text,
                            Json<R> json) {
        this(results, claims, failed, text, json, null);
    }

    /**
     * @param failed the strategies whose runs failed, with the first reason; empty when all ran
     * @param csv    the study's CSV table of every run, or null when it makes none
     */
    public TabulatedOutcome(R results, List<Claim> claims, SequencedMap<String, String> failed, Text<R> text,
                            Json<R> json, Function<R, byte[]> csv) {
        this.csv = csv;
        this.results = results;
        this.claims = List.copyOf(claims);
        this.failed = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(failed));
        this.text = text;
        this.json = json;
    }

    /** The results tabulated. */
    public R results() {
        return results;
    }

    @Override
    public void print(PrintWriter out) {
        text.print(results, claims, out);
    }

    @Override
    public List<Claim> claims() {
        return claims;
    }

    @Override
    public byte[] json() {
        return json.render(results, claims);
    }

    @Override
    public Optional<byte[]> csv() {
        return csv == null ? Optional.empty() : Optional.of(csv.apply(results));
    }

    @Override
    public SequencedMap<String, String> failed() {
        return failed;
    }
}
