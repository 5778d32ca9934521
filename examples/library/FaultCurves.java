import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.PagingOutcome;
import java.util.List;

/**
 * Brent's comparison in miniature, through heaplab's library alone: the priority-queue simulation PQSIM under the
 * STACK and MRU strategies, and the LRU faults each makes at a few memory sizes, all from one pass per run.
 *
 * <p>Run it from the root of heaplab, with any workload spec in place of the default (see README.md beside it);
 * {@code run} takes the JDK 25 the launcher finds and heaplab's jar as the class path:
 * <pre>
 * examples/library/run examples/library/FaultCurves.java [WORKLOAD]
 * </pre>
 */
public class FaultCurves {

    /** Brent ran 2000 simulated seconds; a twentieth of that, half of it warm-up, shows MRU's lead in a second. */
    static final String WORKLOAD = "pqsim:seconds=100,warmup=50";
    static final List<String> STRATEGIES = List.of("stack", "mru");
    /** The whole LRU curve: faults at every number of frames, from one pass by stack distances. */
    static final String LRU = "lru:frames=all";
    static final int PAGE_SIZE = 512;
    static final long SEED = 1;
    static final long[] FRAMES = {4, 8, 16, 32, 64};

    public static void main(String[] args) {
        String workload = args.length > 0 ? args[0] : WORKLOAD;
        Runner runner = new Runner(Plugins.load());
        // one builder, one spec per strategy: every run sees the same workload, pages and seed
        RunSpec.Builder brent = RunSpec.workload(workload).policy(LRU).pageSize(PAGE_SIZE).seed(SEED);

        System.out.printf("%s, %d-byte pages, seed %d: LRU faults by frames%n", workload, PAGE_SIZE, SEED);
        StringBuilder header = new StringBuilder(String.format("%-8s", "frames"));
        for (long frames : FRAMES) {
            header.append(String.format(" %10d", frames));
        }
        System.out.println(header);
        for (String strategy : STRATEGIES) {
            RunResult run = runner.run(brent.allocator(strategy).build());
            PagingOutcome.Curve curve = run.curve(LRU);
            StringBuilder row = new StringBuilder(String.format("%-8s", strategy));
            for (long frames : FRAMES) {
                row.append(String.format(" %10d", curve.faultsAt(frames)));
            }
            System.out.println(row);
        }
    }
}
