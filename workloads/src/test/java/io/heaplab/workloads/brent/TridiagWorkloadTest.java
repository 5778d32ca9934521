package io.heaplab.workloads.brent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.WorkloadContext;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.workloads.LifoTestAllocator;
import io.heaplab.workloads.OverlappingTestAllocator;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TridiagWorkloadTest {

    /** What one run did: its counts, the live cells at the end, and when the peak came. */
    private record Run(WorkloadContext context, TridiagWorkload.Outcome outcome, long finalLive,
                       long peakAtAllocation, long references, boolean allSixBytes) {
    }

    private static Run run(int n, long seed) {
        return run(n, seed, Heap.GROWABLE, LifoTestAllocator::new);
    }

    private static Run run(int n, long seed, long capacity, Function<Heap, Allocator> allocatorFactory) {
        try (Heap heap = new Heap(512, capacity, new ReferenceRecorder(List.of()), false)) {
            Allocator inner = allocatorFactory.apply(heap);
            long[] live = new long[3]; // live, peak, allocations at the peak
            boolean[] allSix = {true};
            Allocator counting = new Allocator() {
                private long allocations;

                @Override
                public long allocate(long size) {
                    allSix[0] &= size == TridiagWorkload.CELL;
                    long address = inner.allocate(size);
                    if (address != NO_FIT && ++live[0] > live[1]) {
                        live[1] = live[0];
                        live[2] = allocations + 1;
                    }
                    allocations += address != NO_FIT ? 1 : 0;
                    return address;
                }

                @Override
                public void free(long address, long size) {
                    live[0]--;
                    inner.free(address, size);
                }
            };
            WorkloadContext context = new WorkloadContext(heap.data(), counting, seed);
            TridiagWorkload.Outcome outcome = new TridiagWorkload(n).solve(context);
            inner.verify();
            return new Run(context, outcome, live[0], live[2], heap.data().references(), allSix[0]);
        }
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {4, 7, 17, 40})
    void theResultIsTridiagonalWithTheInputsEigenvalues(int n) {
        TridiagWorkload.Outcome o = run(n, 3).outcome();
        double[][] t = o.result();
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < r - 1; c++) {
                assertThat(t[r][c]).as("a(%d, %d)", r, c).isZero();
            }
        }
        double norm = Math.sqrt(squares(o.input()));
        assertThat(t[1][0]).isNotZero();
        // the eigenvalues, each computed by Jacobi's method from the dense matrix, independently of the workload
        double[] expected = eigenvalues(o.input());
        double[] actual = eigenvalues(t);
        for (int i = 0; i < n; i++) {
            assertThat(actual[i]).as("eigenvalue %d of %d", i, n).isCloseTo(expected[i], within(1e-8 * norm));
        }
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {5, 23})
    void theKeptRotationsCarryTheInputToTheResult(int n) {
        TridiagWorkload.Outcome o = run(n, 8).outcome();
        double[][] q = o.q();
        double[][] similar = multiply(multiply(q, o.input()), transpose(q));
        double norm = Math.sqrt(squares(o.input()));
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                assertThat(similar[r][c]).as("(Q A Q^T)(%d, %d)", r, c).isCloseTo(o.result()[r][c],
                        within(1e-8 * norm));
                assertThat(multiply(q, transpose(q))[r][c]).isCloseTo(r == c ? 1 : 0, within(1e-12));
            }
        }
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {4, 5, 6, 9, 16, 33})
    void countsFollowFromTheAlgorithm(int n) {
        Run run = run(n, 1);
        long cells = 2 * (TridiagWorkload.messages(n) + TridiagWorkload.rotations(n));
        assertThat(run.context().allocations()).isEqualTo(cells);
        assertThat(run.context().frees()).isEqualTo(cells);
        assertThat(run.finalLive()).isZero();
        assertThat(run.allSixBytes()).isTrue();
        assertThat(TridiagWorkload.messages(n)).isEqualTo(sumOfSquares(n - 2));
    }

    @Test
    void theSeedChangesTheMatrixButNotTheTraffic() {
        Run a = run(20, 1);
        Run b = run(20, 2);
        Run again = run(20, 1);
        assertThat(b.outcome().input()).isNotEqualTo(a.outcome().input());
        assertThat(b.references()).isEqualTo(a.references());
        assertThat(b.context().peakLiveBlocks()).isEqualTo(a.context().peakLiveBlocks());
        assertThat(b.outcome().ticks()).isEqualTo(a.outcome().ticks());
        assertThat(again.outcome().result()).isDeepEqualTo(a.outcome().result());
    }

    /**
     * Brent's program (n = 128) made 0.86 n^3 allocations and held at most 0.26 n^3 blocks. This one makes about
     * 2n^3/3 (two cells per message and kept rotation), while its peak, the rotations in flight and kept so far,
     * grows as n^2: doubling n multiplies the allocations by about 8 and the peak by about 4.
     */
    @Test
    void allocationsGrowAsTheCubeOfNAndThePeakAsItsSquare() {
        Run small = run(32, 1);
        Run large = run(64, 1);
        Run paper = run(128, 1);
        double allocations = (double) large.context().allocations() / small.context().allocations();
        double peak = (double) large.context().peakLiveBlocks() / small.context().peakLiveBlocks();
        assertThat(allocations).isCloseTo(8, within(0.7));
        assertThat(peak).isCloseTo(4, within(0.8));
        assertThat((double) paper.context().allocations() / Math.pow(128, 3)).isCloseTo(2.0 / 3, within(0.02));
        assertThat(paper.context().allocations()).isEqualTo(1_365_504);
        assertThat(paper.context().peakLiveBlocks()).isEqualTo(PEAK_128);
        assertThat(paper.outcome().ticks()).isEqualTo(TICKS_128);
        assertThat((double) paper.context().peakLiveBlocks() / Math.pow(128, 3)).isLessThan(0.05);
    }

    private static final long PEAK_128 = 16_254;
    private static final long TICKS_128 = 12_842;

    @Test
    void aBoundedHeapMakesMessagesWaitAndTheResultIsTheSame() {
        int n = 16;
        Run free = run(n, 4);
        long room = free.context().peakLiveBlocks() - 10;
        Run bounded = run(n, 4, room * 8, LifoTestAllocator::new);
        assertThat(bounded.context().rejections()).isPositive();
        assertThat(bounded.context().peakLiveBlocks()).isLessThanOrEqualTo(room);
        assertThat(bounded.finalLive()).isZero();
        assertThat(bounded.outcome().result()).isDeepEqualTo(free.outcome().result());
        assertThat(bounded.outcome().q()).isDeepEqualTo(free.outcome().q());
    }

    @Test
    void aHeapTooSmallForTheKeptRotationsGivesThemUpAndStillTridiagonalizes() {
        int n = 8;
        Run free = run(n, 4);
        long room = free.context().peakLiveBlocks() * 3 / 4;
        Run bounded = run(n, 4, room * 8, LifoTestAllocator::new);
        assertThat(bounded.context().rejections()).isPositive();
        assertThat(bounded.outcome().q()).isNull();
        assertThat(bounded.finalLive()).isZero();
        assertThat(bounded.outcome().result()).isDeepEqualTo(free.outcome().result());
    }

    @Test
    void aHeapTooSmallForTheRotationsInFlightFailsOnOneLine() {
        assertThatThrownBy(() -> run(16, 1, 10 * 8, LifoTestAllocator::new))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("tridiag: nothing could move at tick ")
                .hasMessageEndingWith("(expected: a heap with room for the rotations in flight)");
    }

    @Test
    void anAllocatorWhoseBlocksOverlapIsCaught() {
        // cells 4 bytes apart: each new cell's value lands on the upper half of the previous cell's link
        assertThatThrownBy(() -> run(16, 5, Heap.GROWABLE, heap -> new OverlappingTestAllocator(heap, 4)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("tridiag: ")
                .hasMessageContaining("(expected: ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    private static long sumOfSquares(int m) {
        long sum = 0;
        for (int i = 1; i <= m; i++) {
            sum += (long) i * i;
        }
        return sum;
    }

    private static double squares(double[][] m) {
        double sum = 0;
        for (double[] row : m) {
            for (double v : row) {
                sum += v * v;
            }
        }
        return sum;
    }

    private static double[][] multiply(double[][] a, double[][] b) {
        int n = a.length;
        double[][] product = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                for (int j = 0; j < n; j++) {
                    product[i][j] += a[i][k] * b[k][j];
                }
            }
        }
        return product;
    }

    private static double[][] transpose(double[][] a) {
        int n = a.length;
        double[][] t = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                t[j][i] = a[i][j];
            }
        }
        return t;
    }

    /** The eigenvalues of a symmetric matrix by the cyclic Jacobi method, ascending. */
    private static double[] eigenvalues(double[][] symmetric) {
        int n = symmetric.length;
        double[][] a = new double[n][];
        for (int i = 0; i < n; i++) {
            a[i] = symmetric[i].clone();
        }
        double total = squares(a);
        for (int sweep = 0; sweep < 100; sweep++) {
            double off = 0;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    off += i == j ? 0 : a[i][j] * a[i][j];
                }
            }
            if (off <= 1e-26 * total) {
                break;
            }
            for (int p = 0; p < n - 1; p++) {
                for (int q = p + 1; q < n; q++) {
                    if (a[p][q] == 0) {
                        continue;
                    }
                    double theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
                    double t = Math.signum(theta == 0 ? 1 : theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
                    double c = 1 / Math.sqrt(t * t + 1);
                    double s = t * c;
                    for (int k = 0; k < n; k++) {
                        double akp = a[k][p];
                        double akq = a[k][q];
                        a[k][p] = c * akp - s * akq;
                        a[k][q] = s * akp + c * akq;
                    }
                    for (int k = 0; k < n; k++) {
                        double apk = a[p][k];
                        double aqk = a[q][k];
                        a[p][k] = c * apk - s * aqk;
                        a[q][k] = s * apk + c * aqk;
                    }
                }
            }
        }
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = a[i][i];
        }
        Arrays.sort(values);
        return values;
    }
}
