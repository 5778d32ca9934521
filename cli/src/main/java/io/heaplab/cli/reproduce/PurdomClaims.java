package io.heaplab.cli.reproduce;

import io.heaplab.cli.reproduce.PurdomPaper.Method;
import io.heaplab.cli.reproduce.PurdomStudy.Results;
import io.heaplab.cli.reproduce.PurdomStudy.Row;
import io.heaplab.core.spi.Spec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * The conclusions Purdom, Stigler &amp; Cheam draw from Tables 1-3 (section 4), each made a test that is applied to
 * the measured means and, as a check of the test itself, to the published figures of the same cells.
 */
public final class PurdomClaims {

    /** "Almost identically": segregated and first fit ratios differ by at most this on average. */
    static final double ALMOST_IDENTICAL = 0.03;
    /** A cell is heavily loaded when first fit rejects at least this share more than it fills. */
    static final double HEAVY = 1.10;
    /** "Up to about 15% more": the buddy system's largest excess over first fit stays below this. */
    static final double ABOUT_FIFTEEN_PERCENT = 0.25;
    /** Most cells: the share a "rejects more" or "faster" claim must hold in. */
    static final double MOST = 0.8;
    /** "Small blocks": a mean size of at most this many cells. */
    static final double SMALL = 10;
    /** "Far more": first fit's searches over the buddy system's, on average. */
    static final double FAR_MORE = 2;
    /** Printed as 1.00: below this. */
    static final double ONE = 1.005;

    /**
     * One claim and what the figures say about it.
     *
     * @param claim     the paper's claim, in words
     * @param holds     whether the measured means bear it out
     * @param evidence  the measured figures it was judged on
     * @param published the same test on the paper's own figures
     */
    public record Claim(String claim, boolean holds, String evidence, String published) {
    }

    /** A method's pair of figures in a row: measured means or the paper's. */
    private interface Source {
        double ratio(Row row, Method method);

        double searches(Row row, Method method);
    }

    private static final Source MEASURED = new Source() {
        @Override
        public double ratio(Row row, Method method) {
            return row.measured().get(method).ratio().mean();
        }

        @Override
        public double searches(Row row, Method method) {
            return row.measured().get(method).searches().mean();
        }
    };

    private static final Source PUBLISHED = new Source() {
        @Override
        public double ratio(Row row, Method method) {
            return row.cell().published().get(method).ratio();
        }

        @Override
        public double searches(Row row, Method method) {
            return row.cell().published().get(method).searches();
        }
    };

    /** A test over the rows, and what it found, in words. */
    private record Test(boolean holds, String evidence) {
    }

    private interface Check {
        Test apply(List<Row> rows, Source source);
    }

    private PurdomClaims() {
    }

    /** Every claim, judged on the measured means of every row run. */
    public static List<Claim> check(Results results) {
        List<Row> rows = results.tables().stream().flatMap(t -> t.rows().stream()).toList();
        List<Claim> claims = new ArrayList<>();
        claims.add(claim("segregated storage and first fit use space almost identically", rows,
                PurdomClaims::almostIdentical));
        claims.add(claim("the buddy system rejects more requests under heavy load, up to about 15% more", rows,
                PurdomClaims::buddyRejectsMore));
        claims.add(claim("first fit searches far more than the buddy system under heavy load of small blocks", rows,
                PurdomClaims::firstFitSearchesFarMore));
        claims.add(claim("the buddy system searches less than segregated storage with a_i = 2^(i-1)", rows,
                PurdomClaims::buddyFasterThanSegregated));
        claims.add(claim("all ratios are 1.00 under light load (the cells the paper prints as 1.00 for all three)",
                rows, PurdomClaims::oneUnderLightLoad));
        return claims;
    }

    private static Claim claim(String claim, List<Row> rows, Check check) {
        Test measured = check.apply(rows, MEASURED);
        Test published = check.apply(rows, PUBLISHED);
        return new Claim(claim, measured.holds(), measured.evidence(), published.evidence());
    }

    private static Test almostIdentical(List<Row> rows, Source source) {
        double sum = 0;
        double largest = 0;
        Row where = null;
        for (Row row : rows) {
            double difference = Math.abs(source.ratio(row, Method.SEGREGATED) - source.ratio(row, Method.FIRST_FIT));
            sum += difference;
            if (difference > largest) {
                largest = difference;
                where = row;
            }
        }
        double mean = rows.isEmpty() ? 0 : sum / rows.size();
        return new Test(mean <= ALMOST_IDENTICAL, format("mean |difference| %.3f over %d cells, largest %.3f%s",
                mean, rows.size(), largest, where == null ? "" : " at " + at(where)));
    }

    private static Test buddyRejectsMore(List<Row> rows, Source source) {
        List<Row> heavy = rows.stream().filter(heavy(source)).toList();
        if (heavy.isEmpty()) {
            return new Test(false, "no heavily loaded cell (first fit ratio >= " + HEAVY + ") was run");
        }
        int more = 0;
        double largest = Double.NEGATIVE_INFINITY;
        Row where = null;
        for (Row row : heavy) {
            double excess = source.ratio(row, Method.BUDDY) / source.ratio(row, Method.FIRST_FIT) - 1;
            more += source.ratio(row, Method.BUDDY) > source.ratio(row, Method.FIRST_FIT) ? 1 : 0;
            if (excess > largest) {
                largest = excess;
                where = row;
            }
        }
        double share = (double) more / heavy.size();
        return new Test(share >= MOST && largest <= ABOUT_FIFTEEN_PERCENT, format(
                "buddy above first fit in %d of %d heavy cells; largest excess %.0f%% at %s", more, heavy.size(),
                100 * largest, at(where)));
    }

    private static Test firstFitSearchesFarMore(List<Row> rows, Source source) {
        List<Row> cells = rows.stream().filter(heavy(source)).filter(row -> row.cell().c() <= SMALL).toList();
        if (cells.isEmpty()) {
            return new Test(false, "no heavily loaded cell of small blocks (c <= " + SMALL + ") was run");
        }
        double sum = 0;
        for (Row row : cells) {
            sum += source.searches(row, Method.FIRST_FIT) / source.searches(row, Method.BUDDY);
        }
        double mean = sum / cells.size();
        return new Test(mean >= FAR_MORE, format("first fit / buddy searches %.1f on average over %d cells",
                mean, cells.size()));
    }

    private static Test buddyFasterThanSegregated(List<Row> rows, Source source) {
        long faster = rows.stream()
                .filter(row -> source.searches(row, Method.BUDDY) < source.searches(row, Method.SEGREGATED)).count();
        double share = rows.isEmpty() ? 0 : (double) faster / rows.size();
        return new Test(share >= MOST, format("buddy below segregated in %d of %d cells", faster, rows.size()));
    }

    private static Test oneUnderLightLoad(List<Row> rows, Source source) {
        List<Row> light = rows.stream().filter(row -> {
            for (Method method : Method.values()) {
                if (PUBLISHED.ratio(row, method) >= ONE) {
                    return false;
                }
            }
            return true;
        }).toList();
        if (light.isEmpty()) {
            return new Test(false, "no cell the paper prints as 1.00 for all three was run");
        }
        double largest = 0;
        Row where = null;
        for (Row row : light) {
            for (Method method : Method.values()) {
                if (source.ratio(row, method) > largest) {
                    largest = source.ratio(row, method);
                    where = row;
                }
            }
        }
        return new Test(largest < ONE, format("largest ratio %.3f over %d light cells, at %s", largest, light.size(),
                at(where)));
    }

    private static Predicate<Row> heavy(Source source) {
        return row -> source.ratio(row, Method.FIRST_FIT) >= HEAVY;
    }

    private static String at(Row row) {
        return format("lambda=%s c=%s M=%d", Spec.number(row.cell().lambda()),
                Spec.number(row.cell().c()), row.memoryCells());
    }

    private static String format(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
