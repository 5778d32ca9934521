package io.heaplab.studies.purdom;

import io.heaplab.studies.purdom.PurdomPaper.Method;
import io.heaplab.studies.purdom.PurdomExperiment.Results;
import io.heaplab.studies.purdom.PurdomExperiment.Row;
import io.heaplab.core.spi.Spec;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.Verdict;
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

    private interface Check {
        Verdict apply(List<Row> rows, Source source);
    }

    private PurdomClaims() {
    }

    /** Every claim whose methods were measured, judged on the measured means of every row run. */
    public static List<Claim> check(Results results) {
        return check(results.tables().stream().flatMap(t -> t.rows().stream()).toList(), results.measured());
    }

    /** Every claim whose methods are all among {@code measured}, judged on {@code rows}. */
    static List<Claim> check(List<Row> rows, List<Method> measured) {
        List<Claim> claims = new ArrayList<>();
        add(claims, measured, "segregated storage and first fit use space almost identically", rows,
                PurdomClaims::almostIdentical, Method.SEGREGATED, Method.FIRST_FIT);
        add(claims, measured, "the buddy system rejects more requests under heavy load, up to about 15% more", rows,
                PurdomClaims::buddyRejectsMore, Method.BUDDY, Method.FIRST_FIT);
        add(claims, measured, "first fit searches far more than the buddy system under heavy load of small blocks",
                rows, PurdomClaims::firstFitSearchesFarMore, Method.FIRST_FIT, Method.BUDDY);
        add(claims, measured, "the buddy system searches less than segregated storage with a_i = 2^(i-1)", rows,
                PurdomClaims::buddyFasterThanSegregated, Method.BUDDY, Method.SEGREGATED);
        add(claims, measured, "all ratios are 1.00 under light load (the cells the paper prints as 1.00 for all"
                + " three)", rows, PurdomClaims::oneUnderLightLoad, Method.values());
        return claims;
    }

    /** Adds the claim when every method it compares was measured: a failed strategy's claims cannot be judged. */
    private static void add(List<Claim> claims, List<Method> measured, String claim, List<Row> rows, Check check,
                            Method... methods) {
        if (measured.containsAll(List.of(methods))) {
            claims.add(Claim.judge(claim, source -> check.apply(rows, source), MEASURED, PUBLISHED));
        }
    }

    private static Verdict almostIdentical(List<Row> rows, Source source) {
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
        return new Verdict(mean <= ALMOST_IDENTICAL, format("mean |difference| %.3f over %d cells, largest %.3f%s",
                mean, rows.size(), largest, where == null ? "" : " at " + at(where)));
    }

    private static Verdict buddyRejectsMore(List<Row> rows, Source source) {
        List<Row> heavy = rows.stream().filter(heavy(source)).toList();
        if (heavy.isEmpty()) {
            return new Verdict(false, "no heavily loaded cell (first fit ratio >= " + HEAVY + ") was run");
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
        return new Verdict(share >= MOST && largest <= ABOUT_FIFTEEN_PERCENT, format(
                "buddy above first fit in %d of %d heavy cells; largest excess %.0f%% at %s", more, heavy.size(),
                100 * largest, at(where)));
    }

    private static Verdict firstFitSearchesFarMore(List<Row> rows, Source source) {
        List<Row> cells = rows.stream().filter(heavy(source)).filter(row -> row.cell().c() <= SMALL).toList();
        if (cells.isEmpty()) {
            return new Verdict(false, "no heavily loaded cell of small blocks (c <= " + SMALL + ") was run");
        }
        double sum = 0;
        for (Row row : cells) {
            sum += source.searches(row, Method.FIRST_FIT) / source.searches(row, Method.BUDDY);
        }
        double mean = sum / cells.size();
        return new Verdict(mean >= FAR_MORE, format("first fit / buddy searches %.1f on average over %d cells",
                mean, cells.size()));
    }

    private static Verdict buddyFasterThanSegregated(List<Row> rows, Source source) {
        long faster = rows.stream()
                .filter(row -> source.searches(row, Method.BUDDY) < source.searches(row, Method.SEGREGATED)).count();
        double share = rows.isEmpty() ? 0 : (double) faster / rows.size();
        return new Verdict(share >= MOST, format("buddy below segregated in %d of %d cells", faster, rows.size()));
    }

    private static Verdict oneUnderLightLoad(List<Row> rows, Source source) {
        List<Row> light = rows.stream().filter(row -> {
            for (Method method : Method.values()) {
                if (PUBLISHED.ratio(row, method) >= ONE) {
                    return false;
                }
            }
            return true;
        }).toList();
        if (light.isEmpty()) {
            return Verdict.notTested("no cell the paper prints as 1.00 for all three was run");
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
        return new Verdict(largest < ONE, format("largest ratio %.3f over %d light cells, at %s", largest, light.size(),
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
