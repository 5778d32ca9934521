package io.heaplab.workloads.brent;

import static io.heaplab.workloads.brent.PqsimWorkload.ARRIVAL;
import static io.heaplab.workloads.brent.PqsimWorkload.DIST;
import static io.heaplab.workloads.brent.PqsimWorkload.KEY;
import static io.heaplab.workloads.brent.PqsimWorkload.LEFT;
import static io.heaplab.workloads.brent.PqsimWorkload.NIL;
import static io.heaplab.workloads.brent.PqsimWorkload.NODE_BYTES;
import static io.heaplab.workloads.brent.PqsimWorkload.RIGHT;
import static io.heaplab.workloads.brent.PqsimWorkload.TIME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.Options;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import io.heaplab.core.spi.WorkloadProvider;
import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.workloads.LifoTestAllocator;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PqsimWorkloadTest {

    private static final int PAGE = 512;
    private static final long MICROS = 1_000_000;

    /** What one run did: the allocator's answers and the frees in order, the references, and each event. */
    private record Trace(long[] allocated, long[] freed, WorkloadContext context, long references,
                         long fingerprint, LongArrayList measuringAt, Events events) {
    }

    private static Trace run(Function<PqsimWorkload.Probe, Workload> workload, long seed) {
        return run(workload, seed, Heap.GROWABLE, 0);
    }

    /**
     * Runs the workload {@code workload} makes around a probe, in a heap of 512-byte pages; when
     * {@code checkEvery > 0} the whole tree is walked and checked after every {@code checkEvery}-th event and
     * after the last.
     */
    private static Trace run(Function<PqsimWorkload.Probe, Workload> workload, long seed, long capacity,
                             int checkEvery) {
        Recording sink = new Recording();
        ReferenceRecorder recorder = new ReferenceRecorder(List.of(sink));
        try (Heap heap = new Heap(PAGE, capacity, recorder, false)) {
            LongArrayList allocated = new LongArrayList();
            LongArrayList freed = new LongArrayList();
            Allocator inner = new LifoTestAllocator(heap);
            Allocator logging = new Allocator() {
                @Override
                public long allocate(long size) {
                    if (size != NODE_BYTES) {
                        throw new AssertionError("asked for " + size + " bytes");
                    }
                    long address = inner.allocate(size);
                    allocated.add(address);
                    return address;
                }

                @Override
                public void free(long address, long size) {
                    if (size != NODE_BYTES) {
                        throw new AssertionError("freed " + size + " bytes");
                    }
                    freed.add(address);
                    inner.free(address, size);
                }
            };
            Events events = new Events(heap, checkEvery);
            WorkloadContext context = new WorkloadContext(heap.data(), logging, seed);
            Workload w = workload.apply(events);
            assertThat(w.blockSize()).isEqualTo(NODE_BYTES);
            w.run(context);
            events.checkTree(events.lastRoot);
            recorder.flush();
            return new Trace(allocated.toLongArray(), freed.toLongArray(), context, heap.data().references(),
                    sink.fingerprint, sink.measuringAt, events);
        }
    }

    /** A small run: 200 arrivals a second, staying 2 s on average, so about 400 queued. */
    private static Function<PqsimWorkload.Probe, Workload> small(long seconds, long warmup, double initialLoad) {
        return p -> new PqsimWorkload(200, 2, seconds, warmup, initialLoad, p);
    }

    @Test
    void theSameSeedGivesTheSameRun() {
        Trace a = run(small(30, 10, 1), 7);
        Trace b = run(small(30, 10, 1), 7);
        assertThat(b.allocated()).isEqualTo(a.allocated());
        assertThat(b.freed()).isEqualTo(a.freed());
        assertThat(b.references()).isEqualTo(a.references());
        assertThat(b.fingerprint()).isEqualTo(a.fingerprint());
        assertThat(b.context().measuredFrom()).isEqualTo(a.context().measuredFrom());
    }

    @Test
    void oneWorkloadRunTwiceWithOneSeedDoesTheSameTwice() {
        Workload workload = new PqsimWorkload(100, 3, 20, 5, 2);
        Trace a = run(p -> workload, 3);
        Trace b = run(p -> workload, 3);
        assertThat(b.allocated()).isEqualTo(a.allocated());
        assertThat(b.freed()).isEqualTo(a.freed());
        assertThat(b.fingerprint()).isEqualTo(a.fingerprint());
    }

    @Test
    void differentSeedsGiveDifferentRuns() {
        Trace a = run(small(30, 10, 1), 7);
        Trace b = run(small(30, 10, 1), 8);
        assertThat(b.freed()).isNotEqualTo(a.freed());
        assertThat(b.fingerprint()).isNotEqualTo(a.fingerprint());
        assertThat(b.references()).isNotEqualTo(a.references());
    }

    @ParameterizedTest(name = "rate={0}, lifetime={1}, seconds={2}, warmup={3}, initialLoad={4}")
    @CsvSource({
            "200, 2, 20, 5, 1",
            "200, 2, 20, 10, 2",
            // a long-lived crowd: the tree grows deep
            "50, 40, 60, 30, 3",
            // customers leave almost at once: the queue is often just the next arrival
            "1000, 0.001, 3, 1, 1"})
    void theTreeStaysALeftistTreeInHeapOrderAndEventsComeInTimeOrder(double rate, double lifetime, long seconds,
                                                                      long warmup, double initialLoad) {
        Trace t = run(p -> new PqsimWorkload(rate, lifetime, seconds, warmup, initialLoad, p), 11,
                Heap.GROWABLE, 37);
        Events e = t.events();
        assertThat(e.checks).isGreaterThan(20);
        for (int i = 1; i < e.times.size(); i++) {
            assertThat(e.times.getInt(i)).isGreaterThanOrEqualTo(e.times.getInt(i - 1));
        }
        assertThat(e.times.getInt(e.times.size() - 1)).isLessThanOrEqualTo((int) (seconds * MICROS));
        // the event after the last one processed lies beyond the end
        assertThat(e.nextTime).isGreaterThan((int) (seconds * MICROS));
    }

    @Test
    void theQueueSettlesAtRateTimesLifetime() {
        // 400 expected, averaged over the second half: 15 lifetimes
        Trace t = run(small(60, 30, 1), 5);
        assertThat(meanQueued(t.events(), 30 * MICROS, 60 * MICROS)).isCloseTo(400, within(40.0));
        Trace longer = run(p -> new PqsimWorkload(100, 10, 400, 200, 1, p), 6);
        assertThat(meanQueued(longer.events(), 200 * MICROS, 400 * MICROS)).isCloseTo(1000, within(100.0));
    }

    @Test
    void eachArrivalAllocatesTwoNodesAndEachEventFreesOne() {
        Trace t = run(p -> new PqsimWorkload(200, 2, 200, 100, 1, p), 9);
        WorkloadContext c = t.context();
        Events e = t.events();
        // an arrival takes one node off and puts two on; a departure takes one off
        int arrivals = 0;
        int maxQueued = 1;
        for (int i = 0; i < e.queued.size(); i++) {
            int before = i == 0 ? 1 : e.queued.getInt(i - 1);
            int delta = e.queued.getInt(i) - before;
            assertThat(delta).isIn(-1, 1);
            arrivals += delta == 1 ? 1 : 0;
            maxQueued = Math.max(maxQueued, e.queued.getInt(i));
        }
        assertThat(c.allocations()).isEqualTo(1 + 2L * arrivals);
        assertThat((double) c.allocations()).isCloseTo(2 * 200 * 200, within(2 * 200 * 200 * 0.03));
        assertThat(c.frees()).isEqualTo(e.times.size());
        assertThat(c.rejections()).isZero();
        // what is still queued at the end is left allocated
        assertThat(c.allocations() - c.frees()).isEqualTo(e.queued.getInt(e.queued.size() - 1));
        assertThat(c.peakLiveBlocks()).isEqualTo(maxQueued);
        assertThat(c.peakLiveBytes()).isEqualTo(maxQueued * (long) NODE_BYTES);
        // nodes come from the heap's first 2 GiB and a freed node is one that was allocated
        assertThat(Arrays.stream(t.allocated()).boxed().toList()).allMatch(a -> a >= 0 && a < Integer.MAX_VALUE);
        LongOpenHashSet given = new LongOpenHashSet(t.allocated());
        assertThat(Arrays.stream(t.freed()).allMatch(given::contains)).isTrue();
    }

    @Test
    void aDoubledInitialLoadDoublesTheQueueAtTheEndOfTheWarmup() {
        double ratio = 0;
        for (long seed = 1; seed <= 4; seed++) {
            Trace normal = run(p -> new PqsimWorkload(200, 3, 40, 20, 1, p), seed);
            Trace doubled = run(p -> new PqsimWorkload(200, 3, 40, 20, 2, p), seed);
            ratio += (double) queuedAt(doubled.events(), 20 * MICROS) / queuedAt(normal.events(), 20 * MICROS);
            // the load returns to normal after the warm-up: the queue drains back towards 600
            assertThat(meanQueued(doubled.events(), 35 * MICROS, 40 * MICROS)).isCloseTo(600, within(90.0));
        }
        assertThat(ratio / 4).isCloseTo(2.0, within(0.15));
    }

    @Test
    void measuringStartsOnceJustBeforeTheFirstEventAtOrAfterTheWarmup() {
        Trace t = run(small(30, 10, 1), 4);
        assertThat(t.measuringAt().toLongArray()).hasSize(1);
        long from = t.context().measuredFrom();
        assertThat(from).isEqualTo(t.measuringAt().getLong(0)).isPositive().isLessThan(t.references());
        Events e = t.events();
        int first = 0;
        while (e.times.getInt(first) < 10 * MICROS) {
            first++;
        }
        assertThat(first).isPositive();
        // after the last event of the warm-up, and before the first event after it is done
        assertThat(from).isGreaterThan(e.references.getLong(first - 1)).isLessThan(e.references.getLong(first));
        // the first event after the warm-up is read once (its time, to see that it is due) before measuring
        assertThat(from).isEqualTo(e.references.getLong(first - 1) + 1);
    }

    @Test
    void noWarmupMeasuresTheWholeRun() {
        Trace t = run(small(10, 0, 1), 4);
        assertThat(t.measuringAt().toLongArray()).isEmpty();
        assertThat(t.context().measuredFrom()).isZero();
    }

    @Test
    void aRunThatEndsInsideTheWarmupMeasuresNothing() {
        // one arrival in 10,000 seconds on average: after the one at time 0 the next lands long past the end,
        // and the first customer leaves within the warm-up
        Trace t = run(p -> new PqsimWorkload(0.0001, 1, 20, 10, 1, p), 2);
        assertThat(List.copyOf(t.events().times)).hasSize(2).allMatch(time -> time < 10 * MICROS);
        assertThat(t.measuringAt().toLongArray()).hasSize(1);
        assertThat(t.context().measuredFrom()).isEqualTo(t.references());
    }

    @Test
    void aBoundedHeapTurnsEventsAwayWithoutBreakingTheTree() {
        // room for 100 nodes (32 bytes each in the test allocator) where 400 want to be queued
        Trace t = run(small(20, 5, 1), 3, 100 * 32, 7);
        WorkloadContext c = t.context();
        assertThat(c.rejections()).isPositive();
        assertThat(c.peakLiveBlocks()).isEqualTo(100);
        assertThat(t.events().checks).isPositive();
    }

    @Test
    void aStayBeyondWhatFourByteMicrosecondsReachIsStoredAsNever() {
        // a mean stay of 30 years: every departure lies past 2147 s, and none is ever processed
        Trace t = run(p -> new PqsimWorkload(200, 1e9, 5, 1, 1, p), 8, Heap.GROWABLE, 50);
        WorkloadContext c = t.context();
        long arrivals = c.frees();
        assertThat(c.allocations()).isEqualTo(1 + 2 * arrivals);
        assertThat(t.events().nevers).isEqualTo(arrivals);
        assertThat(t.events().lastQueued).isEqualTo(arrivals + 1);
    }

    @Test
    void everyNodeIsTwentyBytes() {
        // the logging allocator fails on any other size
        Trace t = run(small(5, 1, 1), 1);
        assertThat(t.context().peakLiveBytes()).isEqualTo(t.context().peakLiveBlocks() * 20);
        assertThat(new PqsimWorkload(200, 12, 2000, 1000, 2).blockSize()).isEqualTo(20);
    }

    @Test
    void isFoundByItsShortNameWithTypedOptions() {
        WorkloadProvider provider = Plugins.load().workloads().find("pqsim");
        assertThat(provider).isInstanceOf(PqsimProvider.class);
        assertThat(provider.description()).contains("Brent").doesNotContain("\n");
        assertThat(provider.options()).extracting(o -> o.name() + "=" + o.defaultValue())
                .containsExactly("rate=200", "lifetime=12", "seconds=2000", "warmup=1000", "initialLoad=1.0");
        assertThat(Plugins.load().workloads().find("random-blocks")).isNotNull();

        Workload defaults = provider.create(Options.bind(provider, Spec.parse("pqsim")));
        assertThat(defaults.blockSize()).isEqualTo(20);
        assertThat(defaults).hasToString("pqsim:rate=200,lifetime=12,seconds=2000,warmup=1000,initialLoad=1");
        Workload table33 = provider.create(Options.bind(provider, Spec.parse("pqsim:initialLoad=2")));
        assertThat(table33).hasToString("pqsim:rate=200,lifetime=12,seconds=2000,warmup=1000,initialLoad=2");
        Workload tiny = provider.create(Options.bind(provider,
                Spec.parse("pqsim:rate=50,lifetime=0.5,seconds=4,warmup=2")));
        assertThat(run(p -> tiny, 1).context().allocations()).isCloseTo(400, within(80L));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "pqsim:warmup=3000|pqsim: warmup=3000 is not below seconds=2000 (expected: warmup < seconds)",
            "pqsim:warmup=20,seconds=20|pqsim: warmup=20 is not below seconds=20 (expected: warmup < seconds)",
            "pqsim:seconds=3000,warmup=0|pqsim: seconds=3000 (expected: 1..2147)",
            "pqsim:initialLoad=2,warmup=0|pqsim: initialLoad=2 has no effect with warmup=0 (expected: warmup > 0"
                    + " when initialLoad is not 1)",
            "pqsim:rate=60000,initialLoad=2|pqsim: rate=60000 with initialLoad=2 is too high (expected: at most"
                    + " 100000 arrivals per second, as times are in microseconds)",
            "pqsim:rate=0|pqsim: rate=0 (expected: a positive number)",
            "pqsim:lifetime=-1|pqsim: lifetime=-1 (expected: a positive number)",
            "pqsim:seconds=1.5|pqsim: seconds=1.5 (expected: 1..2147)",
            "pqsim:warmup=-5|pqsim: warmup=-5 (expected: a non-negative integer)",
            "pqsim:initialLoad=0|pqsim: initialLoad=0 (expected: a positive number)",
            "pqsim:speed=3|pqsim: unknown option 'speed' (expected one of: rate, lifetime, seconds, warmup,"
                    + " initialLoad)"})
    void aBadSpecFailsWithOneLineNamingTheCulprit(String spec, String message) {
        WorkloadProvider provider = new PqsimProvider();
        assertThatThrownBy(() -> provider.create(Options.bind(provider, Spec.parse(spec))))
                .isInstanceOf(SpecException.class)
                .hasMessage(message);
    }

    @Test
    void theConstructorChecksItsArguments() {
        assertThatThrownBy(() -> new PqsimWorkload(200, 12, 2000, 3000, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("pqsim: warmup=3000 is not below seconds=2000 (expected: warmup < seconds)");
        assertThatThrownBy(() -> new PqsimWorkload(Double.NaN, 12, 2000, 1000, 1))
                .hasMessage("pqsim: rate=NaN (expected: a positive number)");
        assertThatThrownBy(() -> new PqsimWorkload(200, 12, 2000, -1, 1))
                .hasMessage("pqsim: warmup=-1 (expected: a non-negative integer)");
        assertThatThrownBy(() -> new PqsimWorkload(200, 12, 0, 0, 1))
                .hasMessageStartingWith("pqsim: seconds=0 is out of range");
        assertThatThrownBy(() -> new PqsimWorkload(200, 0.5, 2000, 1000, Double.POSITIVE_INFINITY))
                .hasMessage("pqsim: initialLoad=Infinity (expected: a positive number)");
    }

    /** The number queued, weighted by how long it stayed so, over [from, to) microseconds. */
    private static double meanQueued(Events e, long from, long to) {
        double sum = 0;
        for (int i = 0; i < e.times.size(); i++) {
            long start = Math.max(from, e.times.getInt(i));
            long end = Math.min(to, i + 1 < e.times.size() ? e.times.getInt(i + 1) : to);
            if (end > start) {
                sum += (double) (end - start) * e.queued.getInt(i);
            }
        }
        return sum / (to - from);
    }

    /** The number queued just before the first event at or after {@code time}. */
    private static int queuedAt(Events e, long time) {
        int i = 0;
        while (e.times.getInt(i) < time) {
            i++;
        }
        return e.queued.getInt(i - 1);
    }

    /**
     * Notes every event and, when asked, walks the whole tree through the heap's bookkeeping view, which the test
     * heap does not record, so the checks leave the workload's references as they were.
     */
    private static final class Events implements PqsimWorkload.Probe {
        private final HeapAccess view;
        private final HeapAccess data;
        private final int checkEvery;
        final IntArrayList times = new IntArrayList();
        final IntArrayList queued = new IntArrayList();
        /** The workload's references so far after each event. */
        final LongArrayList references = new LongArrayList();
        int checks;
        /** How many nodes the last check found stored for "never". */
        int nevers;
        int lastRoot = NIL;
        int lastQueued = 1;
        /** The time of the root after the last event: the first one not processed. */
        int nextTime = Integer.MIN_VALUE;

        Events(Heap heap, int checkEvery) {
            this.view = heap.bookkeeping();
            this.data = heap.data();
            this.checkEvery = checkEvery;
        }

        @Override
        public void afterEvent(int now, int root, int queued) {
            times.add(now);
            this.queued.add(queued);
            references.add(data.references());
            lastRoot = root;
            lastQueued = queued;
            if (checkEvery > 0 && times.size() % checkEvery == 0) {
                checkTree(root);
            }
        }

        /** Walks the tree at {@code root} and fails unless it is a leftist tree in heap order. */
        void checkTree(int root) {
            if (checkEvery == 0) {
                return;
            }
            checks++;
            nevers = 0;
            IntOpenHashSet seen = new IntOpenHashSet();
            int[] arrivals = new int[1];
            check(root, Integer.MIN_VALUE, seen, arrivals);
            if (seen.size() != lastQueued) {
                throw new AssertionError("the tree holds " + seen.size() + " nodes, the workload counts "
                        + lastQueued);
            }
            if (arrivals[0] > 1) {
                throw new AssertionError(arrivals[0] + " arrivals pending at once");
            }
            nextTime = root == NIL ? Integer.MAX_VALUE : view.getInt(root + TIME);
        }

        /** Checks the subtree at {@code node} whose parent's time is {@code parentTime}; returns its dist. */
        private int check(int node, int parentTime, IntOpenHashSet seen, int[] arrivals) {
            if (node == NIL) {
                return 0;
            }
            if (node < 0 || node > view.heap().size() - NODE_BYTES) {
                throw new AssertionError("a pointer to " + node + " lies outside the heap");
            }
            if (!seen.add(node)) {
                throw new AssertionError("node " + node + " is reached twice");
            }
            int time = view.getInt(node + TIME);
            if (time < parentTime) {
                throw new AssertionError("node " + node + " at " + time + " us lies below its parent at "
                        + parentTime + " us");
            }
            if (time == PqsimWorkload.NEVER) {
                nevers++;
            }
            int key = view.getInt(node + KEY);
            if (key == ARRIVAL) {
                arrivals[0]++;
            } else if (key < 0) {
                throw new AssertionError("node " + node + " has key " + key);
            }
            int left = check(view.getInt(node + LEFT), time, seen, arrivals);
            int right = check(view.getInt(node + RIGHT), time, seen, arrivals);
            if (left < right) {
                throw new AssertionError("node " + node + " is not leftist: dist " + left + " left, " + right
                        + " right");
            }
            int dist = view.getInt(node + DIST);
            if (dist != right + 1) {
                throw new AssertionError("node " + node + " says dist " + dist + ", its right spine is "
                        + (right + 1));
            }
            return dist;
        }
    }

    /** Counts virtual time, hashes every run in order, and notes when the measured phase begins. */
    private static final class Recording implements ReferenceSink {
        long time;
        long fingerprint = 1;
        final LongArrayList measuringAt = new LongArrayList();

        @Override
        public void accept(long[] runs, int length) {
            for (int i = 0; i < length; i++) {
                fingerprint = fingerprint * 31 + runs[i];
                time += PageRun.count(runs[i]);
            }
        }

        @Override
        public void startMeasuring() {
            measuringAt.add(time);
        }
    }
}
