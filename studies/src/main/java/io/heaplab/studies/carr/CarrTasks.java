package io.heaplab.studies.carr;

import io.heaplab.studies.carr.CarrExperiment.Results;
import io.heaplab.system.Prototype;
import io.heaplab.system.Prototypes;
import io.heaplab.system.SystemResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tasks' table: each program a regime runs as tasks beside what Carr &amp; Hennessy's Table 2 implies of theirs
 * (79 to 157 faults a task at the peaks; at most M / MPL frames a task, some tens), so a reader sees whether the
 * tasks look like the paper's before reading the claims.
 */
final class CarrTasks {

    /** Table 2's thetas of WS with LT/RT (A, B, C), at which working sets are measured. */
    static final List<Long> THETAS = List.of(200_000L, 600_000L, 2_000_000L);

    /**
     * One program, or the paper's tasks.
     *
     * @param pages         distinct pages, NaN where unknown
     * @param workingSets   the mean working set at each of {@link #THETAS}, in pages (the paper's: the frames an active
     *                      task had at the peak, M / MPL, which bounds it)
     * @param ioInterval    the mean references between I/O requests, infinite for none, NaN where unknown
     * @param faultsPerTask page faults a task of it made at WS with LT/RT's peak, per configuration; NaN where no task
     *                      of it ran
     */
    record Row(String program, double pages, List<Double> workingSets, double ioInterval,
               Map<Character, Double> faultsPerTask) {
    }

    private CarrTasks() {
    }

    /** A row per program of {@code prototypes}, its faults read from {@code results}' peaks. */
    static List<Row> rows(Results results, Prototypes prototypes) {
        List<Row> rows = new ArrayList<>();
        for (Prototype p : prototypes.prototypes()) {
            List<Double> sets = THETAS.stream().map(p.string()::meanWorkingSet).toList();
            Map<Character, Double> faults = new LinkedHashMap<>();
            for (char c : results.config().configurations()) {
                faults.put(c, faultsPerTask(results, c, p.name()));
            }
            rows.add(new Row(p.name(), p.string().pages(), sets, p.meanIoInterval(), faults));
        }
        return rows;
    }

    /** The mean faults of the tasks of {@code program} at WS with LT/RT's peak on {@code c}, over the seeds. */
    private static double faultsPerTask(Results results, char c, String program) {
        List<SystemResult> runs = results.curve(c, CarrPolicy.WS_LTRT).peak().runs();
        long sum = 0;
        int n = 0;
        for (int seed = 0; seed < runs.size(); seed++) {
            List<String> names = results.workloads().get(seed);
            List<Long> faults = runs.get(seed).taskFaults();
            for (int t = 0; t < names.size(); t++) {
                if (names.get(t).equals(program)) {
                    sum += faults.get(t);
                    n++;
                }
            }
        }
        return n == 0 ? Double.NaN : (double) sum / n;
    }

    /** What Table 2 implies of Carr's tasks: faults over the 50 tasks, and frames per active task. */
    static Row paper(CarrPaper paper, List<Character> configurations) {
        List<Double> sets = new ArrayList<>();
        Map<Character, Double> faults = new LinkedHashMap<>();
        List<Character> all = List.copyOf(paper.peaks().keySet());
        for (int i = 0; i < all.size(); i++) {
            CarrPaper.Peak peak = paper.peak(all.get(i), CarrPolicy.WS_LTRT);
            sets.add(table1Frames(all.get(i)) / peak.meanMpl());
            if (configurations.contains(all.get(i))) {
                faults.put(all.get(i), peak.faults() / CarrStudy.FULL_TASKS);
            }
        }
        return new Row("Carr's tasks (Table 2)", Double.NaN, sets, Double.NaN, faults);
    }

    private static double table1Frames(char configuration) {
        return io.heaplab.system.SystemConfig.table1(configuration, io.heaplab.system.MemoryPolicy.WS, true, 1)
                .frames();
    }
}
