package io.heaplab.studies.purdom;

import io.heaplab.studies.purdom.PurdomPaper.Method;
import io.heaplab.studies.purdom.PurdomExperiment.Results;
import io.heaplab.studies.purdom.PurdomExperiment.Row;
import io.heaplab.core.spi.Spec;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
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

    private static final String LIGHT_LOAD = "all ratios are 1.00 under light load";

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
        add(claims, measured, "segregated storage and first fit use space almost identically",
                format("mean |difference| of their ratios at most %.2f", ALMOST_IDENTICAL), rows,
                PurdomClaims::almostIdentical, Method.SEGREGATED, Method.FIRST_FIT);
        add(claims, measured, "the buddy system rejects more requests under heavy load, up to about 15% more",
                format("buddy above first fit in at least %.0f%% of the cells where first fit's ratio is %.2f or more,"
                        + " its largest excess at most %.0f%%", 100 * MOST, HEAVY, 100 * ABOUT_FIFTEEN_PERCENT), rows,
                PurdomClaims::buddyRejectsMore, Method.BUDDY, Method.FIRST_FIT);
        add(claims, measured, "first fit searches far more than the buddy system under heavy load of small blocks",
                format("first fit / buddy searches at least %.0f on average over the heavy cells of c <= %.0f",
                        FAR_MORE, SMALL), rows, PurdomClaims::firstFitSearchesFarMore, Method.FIRST_FIT, Method.BUDDY);
        add(claims, measured, "the buddy system searches less than segregated storage with a_i = 2^(i-1)",
                format("buddy below segregated in at least %.0f%% of the cells", 100 * MOST), rows,
                PurdomClaims::buddyFasterThanSegregated, Method.BUDDY, Method.SEGREGATED);
        add(claims, measured, LIGHT_LOAD + ", in the cells the paper prints as 1.00 for all three",
                format("every mean ratio below %.3f, which prints as 1.00", ONE), rows,
                PurdomClaims::oneUnderLightLoad, Method.values());
        return claims.stream()
                .map(claim -> claim.claim().startsWith(LIGHT_LOAD) ? claim.because(lightLoadCause(rows)) : claim)
                .toList();
    }

    /** Adds the claim when every method it compares was measured: a failed strategy's claims cannot be judged. */
    private static void add(List<Claim> claims, List<Method> measured, String claim, String tolerance, List<Row> rows,
                            Check check, Method... methods) {
        if (measured.containsAll(List.of(methods))) {
            claims.add(Claim.judge(claim, tolerance, source -> check.apply(rows, source), MEASURED, PUBLISHED));
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
            return Verdict.notTested("no heavily loaded cell (first fit ratio >= " + HEAVY + ") was run");
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
            return Verdict.notTested("no heavily loaded cell of small blocks (c <= " + SMALL + ") was run");
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
        List<Row> light = rows.stream().filter(PurdomClaims::printedOne).toList();
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

    /**
     * Why a light cell's ratio strays above 1.00: in how many seeds the method rejected anything, and how much of the
     * memory the cell's mean demand (Little's law: lambda blocks of c cells live at a time) takes beside the other
     * light cells', since a burst of arrivals fills a memory sooner the less room the mean demand leaves.
     */
    static String lightLoadCause(List<Row> rows) {
        List<Row> light = rows.stream().filter(PurdomClaims::printedOne).toList();
        Row where = null;
        Method worst = null;
        for (Row row : light) {
            for (Method method : Method.values()) {
                if (row.measured().containsKey(method) && (where == null
                        || MEASURED.ratio(row, method) > MEASURED.ratio(where, worst))) {
                    where = row;
                    worst = method;
                }
            }
        }
        if (where == null) {
            return null;
        }
        double[] seeds = where.measured().get(worst).runs().stream().mapToDouble(PurdomExperiment::ratio)
                .toArray();
        long rejecting = Arrays.stream(seeds).filter(ratio -> ratio > 1).count();
        double most = light.stream().mapToDouble(PurdomClaims::load).max().orElse(0);
        double least = light.stream().mapToDouble(PurdomClaims::load).min().orElse(0);
        return format("at %s %s rejected requests in %d of %d seeds (a seed's ratio up to %.3f): the cell's mean"
                        + " demand, lambda x c = %s cells, takes %.0f%% of its memory (the light cells': %.0f%% to"
                        + " %.0f%%), and a burst of arrivals above the mean can fill the memory", at(where),
                worst.title, rejecting, seeds.length, Arrays.stream(seeds).max().orElse(1), Spec.number(
                        where.cell().lambda() * where.cell().c()), 100 * load(where), 100 * least, 100 * most);
    }

    /** The memory a cell's mean demand takes: lambda blocks of c cells live at a time, over its cells. */
    private static double load(Row row) {
        return row.cell().lambda() * row.cell().c() / row.memoryCells();
    }

    /** Whether the paper prints 1.00 for all three methods in this cell. */
    private static boolean printedOne(Row row) {
        for (Method method : Method.values()) {
            if (PUBLISHED.ratio(row, method) >= ONE) {
                return false;
            }
        }
        return true;
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
