package io.heaplab.studies.brent;

import io.heaplab.studies.brent.BrentExperiment.Results;
import io.heaplab.studies.brent.BrentExperiment.Row;
import io.heaplab.studies.brent.BrentExperiment.Table;
import io.heaplab.studies.brent.BrentExperiment.TableResult;
import java.util.List;
import java.util.Locale;

/**
 * One side of Brent's Tables 3.1-3.3, the measured means or the paper's figures, as the claims read them: a claim's
 * test is written once against this view and applied to both.
 */
interface BrentFigures {

    /** The strategies of {@code table} this side has, in table order (lower-case names). */
    List<String> strategies(Table table);

    /** The memory sizes of {@code table}, in frames. */
    List<Integer> frames(Table table);

    /** Faults at {@code frames}. */
    double faults(Table table, String strategy, int frames);

    /** Faults over RANDOM's at {@code frames}. */
    double normalized(Table table, String strategy, int frames);

    /** The virtual size in pages. */
    double virtualPages(Table table, String strategy);

    /** Table 3.3's faults over Table 3.2's. */
    double ratioToNormalLoad(String strategy);

    /** Whether {@code table} has a row for every one of {@code strategies}. */
    default boolean has(Table table, String... strategies) {
        return strategies(table).containsAll(List.of(strategies));
    }

    /** The measured means of {@code results}. */
    static BrentFigures measured(Results results) {
        return new BrentFigures() {
            private Row row(Table table, String strategy) {
                return results.table(table).row(strategy);
            }

            @Override
            public List<String> strategies(Table table) {
                return results.table(table).rows().stream().map(Row::strategy).toList();
            }

            @Override
            public List<Integer> frames(Table table) {
                return results.table(table).frames();
            }

            @Override
            public double faults(Table table, String strategy, int frames) {
                return row(table, strategy).faults().get(frames).mean();
            }

            @Override
            public double normalized(Table table, String strategy, int frames) {
                return row(table, strategy).normalized().get(frames).mean();
            }

            @Override
            public double virtualPages(Table table, String strategy) {
                return row(table, strategy).virtualPages().mean();
            }

            @Override
            public double ratioToNormalLoad(String strategy) {
                return row(Table.PQSIM_DOUBLED, strategy).ratioToNormalLoad().mean();
            }
        };
    }

    /** The figures Brent printed. */
    static BrentFigures published(BrentPaper paper) {
        return new BrentFigures() {
            private BrentPaper.Row row(Table table, String strategy) {
                return paper.row(table.id, strategy);
            }

            @Override
            public List<String> strategies(Table table) {
                return BrentExperiment.STRATEGIES.stream().filter(s -> row(table, s) != null).toList();
            }

            @Override
            public List<Integer> frames(Table table) {
                return paper.frames(table.id);
            }

            @Override
            public double faults(Table table, String strategy, int frames) {
                return row(table, strategy).faults().get(frames);
            }

            @Override
            public double normalized(Table table, String strategy, int frames) {
                return row(table, strategy).normalized().get(frames);
            }

            @Override
            public double virtualPages(Table table, String strategy) {
                return row(table, strategy).virtualPages();
            }

            @Override
            public double ratioToNormalLoad(String strategy) {
                return row(Table.PQSIM_DOUBLED, strategy).ratioToNormalLoad();
            }
        };
    }

    /** {@code part} as a percentage of {@code whole}; 0 when the whole is 0. */
    static double percent(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    /** A strategy's name as Brent prints it. */
    static String upper(String strategy) {
        return strategy.toUpperCase(Locale.ROOT);
    }
}
