package io.heaplab.studies.carr;

import io.heaplab.studies.kit.ParameterException;
import io.heaplab.system.MultiprogrammedSystem;
import io.heaplab.system.Prototype;
import io.heaplab.system.Prototypes;
import io.heaplab.system.SystemConfig;
import io.heaplab.system.SystemResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * The balanced regime's three scales, which Carr &amp; Hennessy leave open, and what WS with LT/RT does with them at
 * Table 2's thetas beside Table 2: found by {@link #search} (the paper's selection rule: configurations chosen so
 * that "they all resulted in a performance utilization of about 60%"), or given.
 *
 * @param framesScale today's frames per frame of Table 1, the same for A, B and C (their memories keep Table 1's
 *                    ratios)
 * @param deviceScale Table 1's paging-device access times are multiplied by this, the same for A, B and C
 * @param ioInterval  the mean references between a task's I/O requests, every program alike
 * @param observed    WS with LT/RT at Table 2's theta on each configuration, with these scales
 * @param probes      points the search evaluated, 0 when the scales were given
 * @param loss        the search's loss at these scales
 */
public record CarrCalibration(double framesScale, double deviceScale, double ioInterval, List<Observed> observed,
                              int probes, double loss) {

    /** Table 2's utilization is met within this (the and the loss's unit), */
    static final double UTILIZATION_TOLERANCE = 0.03;
    /** and its mean MPL within this. */
    static final double MPL_TOLERANCE = 1;

    /**
     * What WS with LT/RT does on one configuration at Table 2's theta.
     *
     * @param frames        the memory, in today's frames
     * @param faultsPerTask page faults over tasks
     * @param pagingBusy    the paging device's busy share
     * @param readBusy      the share of the device's time spent reading pages
     */
    public record Observed(char configuration, long theta, int frames, double utilization, double meanMpl,
                           long deactivations, double faultsPerTask, double pagingBusy, double readBusy) {
    }

    /**
     * The share of the paging device's time Table 2 implies went to reads on {@code c}: its faults times Table 1's
     * mean access, over the run's time (50 tasks of 5,000,000 references at its utilization).
     */
    static double paperReadBusy(CarrPaper paper, char c) {
        CarrPaper.Peak peak = paper.peak(c, CarrPolicy.WS_LTRT);
        SystemConfig table1 = SystemConfig.table1(c, CarrPolicy.WS_LTRT.memory, true, peak.theta());
        double access = (table1.auxMin() + table1.auxMax()) / 2.0;
        return peak.faults() * access * peak.utilization() / (CarrStudy.FULL_TASKS * 5_000_000.0);
    }

    /** The scales as {@code --calibration} takes them back. */
    String factors() {
        return String.format(Locale.ROOT, "%s,%s,%s", io.heaplab.core.spi.Spec.number(framesScale),
                io.heaplab.core.spi.Spec.number(deviceScale), io.heaplab.core.spi.Spec.number(ioInterval));
    }

    /** Whether every configuration is within the tolerances of Table 2 and has deactivations. */
    boolean reached(CarrPaper paper) {
        return observed.stream().allMatch(o -> {
            CarrPaper.Peak p = paper.peak(o.configuration(), CarrPolicy.WS_LTRT);
            return Math.abs(o.utilization() - p.utilization()) <= UTILIZATION_TOLERANCE + 1e-9
                    && Math.abs(o.meanMpl() - p.meanMpl()) <= MPL_TOLERANCE && o.deactivations() > 0;
        });
    }

    /** The three scales parsed from {@code text}, {@code F,D,IO}. */
    static double[] parse(String text) {
        String[] parts = text.split(",", -1);
        double[] values = new double[3];
        boolean ok = parts.length == 3;
        for (int i = 0; ok && i < 3; i++) {
            try {
                values[i] = Double.parseDouble(parts[i].strip());
            } catch (NumberFormatException e) {
                ok = false;
            }
            ok &= values[i] > 0 && Double.isFinite(values[i]);
        }
        ok = ok && values[0] >= FRAMES.least() && values[0] <= FRAMES.most() && values[1] >= DEVICE.least()
                && values[1] <= DEVICE.most() && values[2] >= IO.least() && values[2] <= IO.most();
        if (!ok) {
            throw new ParameterException("calibration", "'" + text + "' (expected: auto, or FRAMES,DEVICE,IO: a"
                    + " frames scale " + range(FRAMES) + ", a device scale " + range(DEVICE) + " and references"
                    + " between I/O requests " + range(IO) + ")");
        }
        return values;
    }

    private static String range(LogSearch.Knob knob) {
        return io.heaplab.core.spi.Spec.number(knob.least()) + " to " + io.heaplab.core.spi.Spec.number(knob.most());
    }

    /**
     * Where each scale may go (a frames scale that keeps Table 1's memories counts of frames, and so on), and the
     * coarse grid the search tries first: memory from 1.5 to 3 times Table 1's (the programs' working sets over
     * Carr's at the start, what holds Table 2's MPL of them at the end), the device from half to all of Table 1's
     * access time, and an I/O request every 5,000 to 40,000 references (Little's law on Table 2's utilization, MPL
     * and faults leaves some 17,000,000 references of each task's time in memory to its own I/O: about 570
     * requests of 30,000, one every 9,000 references).
     */
    static final LogSearch.Knob FRAMES = new LogSearch.Knob("frames scale", List.of(1.5, 2.0, 2.5, 3.0), 0.25, 16);
    static final LogSearch.Knob DEVICE = new LogSearch.Knob("device scale", List.of(0.5, 0.75, 1.0), 0.05, 8);
    static final LogSearch.Knob IO = new LogSearch.Knob("references between I/O requests",
            List.of(5_000.0, 10_000.0, 20_000.0, 40_000.0), 1_000, 100_000_000);

    /** The simplex's first step (about a grid spacing's square root), its finest, and the search's budget. */
    private static final double FIRST_STEP = 1.2;
    private static final double FINEST_STEP = 1.03;
    static final int MAX_PROBES = 68;

    /**
     * Searches for the scales that bring WS with LT/RT closest to Table 2's utilization and mean MPL on every
     * configuration at Table 2's theta, with deactivations: the loss is the sum over configurations of the squared
     * misses in units of the tolerances, plus one for a configuration without deactivations. Simulations run on
     * {@code pool}; the same inputs give the same answer on any number of threads.
     *
     * @param prototypes the tasks' programs
     */
    static CarrCalibration search(Prototypes prototypes, int tasks, long seed, CarrPaper paper,
                                  ExecutorService pool) {
        LogSearch search = new LogSearch(List.of(FRAMES, DEVICE, IO), FIRST_STEP, FINEST_STEP, MAX_PROBES);
        LogSearch.Found found = search.minimize(points -> {
            List<List<Observed>> observed = observe(points, prototypes, tasks, seed, paper, pool);
            return observed.stream().mapToDouble(o -> loss(o, paper)).toArray();
        });
        double[] best = found.best();
        return new CarrCalibration(best[0], best[1], best[2],
                observe(List.of(best), prototypes, tasks, seed, paper, pool).getFirst(), found.probes(), found.loss());
    }

    /** The given scales, and what they give. */
    static CarrCalibration given(double[] scales, Prototypes prototypes, int tasks, long seed, CarrPaper paper,
                                 ExecutorService pool) {
        List<Observed> observed = observe(List.of(scales), prototypes, tasks, seed, paper, pool).getFirst();
        return new CarrCalibration(scales[0], scales[1], scales[2], observed, 0, loss(observed, paper));
    }

    static double loss(List<Observed> observed, CarrPaper paper) {
        double loss = 0;
        for (Observed o : observed) {
            CarrPaper.Peak p = paper.peak(o.configuration(), CarrPolicy.WS_LTRT);
            double u = (o.utilization() - p.utilization()) / UTILIZATION_TOLERANCE;
            double mpl = (o.meanMpl() - p.meanMpl()) / MPL_TOLERANCE;
            loss += u * u + mpl * mpl + (o.deactivations() == 0 ? 1 : 0);
        }
        return loss;
    }

    /** The system a configuration is with the scales {@code f} (frames) and {@code d} (device). */
    static SystemConfig system(char configuration, CarrPolicy policy, long theta, double f, double d) {
        SystemConfig paper = SystemConfig.table1(configuration, policy.memory, policy.ltrt, theta);
        return paper.withFrames((int) Math.round(paper.frames() * f)).withPagingAccess(
                Math.max(1, Math.round(paper.auxMin() * d)), Math.max(1, Math.round(paper.auxMax() * d)));
    }

    /**
     * The balanced regime's time-slice: a program's whole run. The paper gives none; Table 2's faults a task (157 at
     * most, some three working sets of Carr's tasks) leave no room for a reload at the end of every tenth of a run,
     * which is what heaplab's default slice of 500,000 references costs each task when memory is full.
     */
    static final long TIME_SLICE = 5_000_000;

    /**
     * {@code system} as the balanced regime runs it: the paper's LT/RT, whose time-slice deactivations do not wait
     * for loading tasks (the refinement it proposes and "has not incorporated in this study"), and a time-slice of
     * a program's run.
     */
    static SystemConfig balanced(SystemConfig system) {
        return system.withScheduling(system.quantum(), TIME_SLICE).withDeferredSlices(false);
    }

    private static List<List<Observed>> observe(List<double[]> points, Prototypes prototypes, int tasks, long seed,
                                                CarrPaper paper, ExecutorService pool) {
        List<Future<SystemResult>> runs = new ArrayList<>();
        List<Character> configurations = List.copyOf(paper.peaks().keySet());
        for (double[] point : points) {
            List<Prototype> workload = prototypes.withIoInterval(point[2]).workload(tasks, seed);
            for (char c : configurations) {
                long theta = paper.peak(c, CarrPolicy.WS_LTRT).theta();
                SystemConfig system = balanced(system(c, CarrPolicy.WS_LTRT, theta, point[0], point[1]));
                runs.add(pool.submit(() -> MultiprogrammedSystem.run(system, workload, seed)));
            }
        }
        List<List<Observed>> observed = new ArrayList<>();
        int next = 0;
        for (double[] point : points) {
            List<Observed> one = new ArrayList<>();
            for (char c : configurations) {
                SystemResult r = get(runs.get(next++));
                long theta = paper.peak(c, CarrPolicy.WS_LTRT).theta();
                one.add(new Observed(c, theta, system(c, CarrPolicy.WS_LTRT, theta, point[0], point[1]).frames(),
                        r.utilization(), r.meanMpl(), r.deactivations(), (double) r.faults() / r.tasks(),
                        r.pagingBusy(), r.readBusy()));
            }
            observed.add(List.copyOf(one));
        }
        return observed;
    }

    private static SystemResult get(Future<SystemResult> run) {
        try {
            return run.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while calibrating", e);
        }
    }

}
