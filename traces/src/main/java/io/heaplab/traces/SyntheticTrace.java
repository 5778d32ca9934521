package io.heaplab.traces;

import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import java.util.Map;
import java.util.Set;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.RejectionInversionZipfSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * A synthetic page-reference stream of any length, the same for the same spec and seed, for benchmarks and
 * experiments on traces larger than the CPU cache:
 *
 * <ul>
 *   <li>{@code zipf:pages=P,skew=S}: each reference independently to page k with probability proportional to
 *       1/(k+1)^S (Apache Commons RNG's rejection-inversion sampler; skew 0.99 is the cache literature's usual);
 *   <li>{@code uniform:pages=P}: each page equally likely;
 *   <li>{@code loop:pages=P}: pages 0, 1, ..., P-1 over and over, LRU's worst case below P frames;
 *   <li>{@code scan:pages=P}: a first pass over P pages, then Zipf over them at {@code skew} (a scan polluting a
 *       hot set);
 *   <li>{@code mix:pages=P,skew=S,scan=F}: Zipf references, a share F of them instead a sequential scan through
 *       pages beyond the Zipf set, each scanned page touched once.
 * </ul>
 *
 * <p>A share {@code writes=W} (default 0) of the references write their page.
 */
public final class SyntheticTrace {

    private static final Set<String> KINDS = Set.of("zipf", "uniform", "loop", "scan", "mix");
    private static final Map<String, Set<String>> OPTIONS = Map.of(
            "zipf", Set.of("pages", "skew", "writes"),
            "uniform", Set.of("pages", "writes"),
            "loop", Set.of("pages", "writes"),
            "scan", Set.of("pages", "skew", "writes"),
            "mix", Set.of("pages", "skew", "scan", "writes"));

    /** The shapes of stream, chosen once so no name is compared per reference. */
    private enum Kind { ZIPF, UNIFORM, LOOP, SCAN, MIX }

    private final Kind kind;
    private final int pages;
    private final double skew;
    private final double scan;
    private final double writes;

    private SyntheticTrace(String kind, int pages, double skew, double scan, double writes) {
        this.kind = Kind.valueOf(kind.toUpperCase(java.util.Locale.ROOT));
        this.pages = pages;
        this.skew = skew;
        this.scan = scan;
        this.writes = writes;
    }

    /** The stream {@code spec} names; a malformed one fails with a one-line {@link SpecException}. */
    public static SyntheticTrace of(Spec spec) {
        if (!KINDS.contains(spec.name())) {
            throw new SpecException("'" + spec.name() + "' (expected: a synthetic trace, one of loop, mix, scan,"
                    + " uniform, zipf)");
        }
        for (String key : spec.options().keySet()) {
            if (!OPTIONS.get(spec.name()).contains(key)) {
                throw new SpecException(spec.name() + ": unknown option '" + key + "' (expected one of: "
                        + String.join(", ", OPTIONS.get(spec.name()).stream().sorted().toList()) + ")");
            }
        }
        long pages = number(spec, "pages", 1_000_000);
        if (pages < 1 || pages > Integer.MAX_VALUE / 2) {
            throw new SpecException(spec.name() + ": pages=" + pages + " (expected: 1 to " + Integer.MAX_VALUE / 2
                    + ")");
        }
        double skew = fraction(spec, "skew", 0.99, 0, 10);
        double scan = fraction(spec, "scan", 0.1, 0, 1);
        double writes = fraction(spec, "writes", 0, 0, 1);
        return new SyntheticTrace(spec.name(), (int) pages, skew, scan, writes);
    }

    /**
     * Feeds {@code references} references to {@code sink} through a recorder, as a run would, from the random
     * source {@code seed} fixes; returns the references made.
     */
    public long generate(long references, long seed, ReferenceSink sink) {
        if (references < 0) {
            throw new SpecException("--references " + references + " (expected: 0 or more)");
        }
        UniformRandomProvider random = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        SharedStateDiscreteSampler zipf = kind == Kind.ZIPF || kind == Kind.SCAN || kind == Kind.MIX
                ? RejectionInversionZipfSampler.of(random, pages, skew) : null;
        ReferenceRecorder out = ReferenceRecorder.merging(sink);
        long scanned = 0;
        for (long r = 0; r < references; r++) {
            int page = switch (kind) {
                case ZIPF -> zipf.sample() - 1;
                case UNIFORM -> random.nextInt(pages);
                case LOOP -> (int) (r % pages);
                case SCAN -> r < pages ? (int) r : zipf.sample() - 1;
                case MIX -> random.nextDouble() < scan ? pages + (int) (scanned++ % (Integer.MAX_VALUE - pages))
                        : zipf.sample() - 1;
            };
            out.reference(page, writes > 0 && random.nextDouble() < writes);
        }
        out.flush();
        return out.references();
    }

    private static long number(Spec spec, String key, long otherwise) {
        String value = spec.options().get(key);
        if (value == null) {
            return otherwise;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new SpecException(spec.name() + ": " + key + "=" + value + " (expected: a whole number)");
        }
    }

    private static double fraction(Spec spec, String key, double otherwise, double low, double high) {
        String value = spec.options().get(key);
        if (value == null) {
            return otherwise;
        }
        try {
            double v = Double.parseDouble(value);
            if (v >= low && v <= high) {
                return v;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new SpecException(spec.name() + ": " + key + "=" + value + " (expected: a number from " + Spec.number(low)
                + " to " + Spec.number(high) + ")");
    }
}
