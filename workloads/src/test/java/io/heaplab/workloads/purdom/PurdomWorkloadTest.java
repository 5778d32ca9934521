package io.heaplab.workloads.purdom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.heap.HeapAccess;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Options;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.plugins.Registry;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import io.heaplab.core.spi.WorkloadProvider;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.workloads.OverlappingTestAllocator;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PurdomWorkloadTest {

    private static final int PAGE = 256;

    /**
     * What one run did: every request's size in bytes and the allocator's answer, in order; the blocks freed; the
     * number of blocks live when each request arrived; the most cells held at once.
     */
    private record Trace(long[] sizes, long[] answers, long[] freed, long[] liveAtArrival, long maxUsedCells,
                         WorkloadContext context, long dataReferences) {

        long filled() {
            return Arrays.stream(answers).filter(a -> a != Allocator.NO_FIT).count();
        }
    }

    /** A workload with Purdom's cells of 16 bytes and an 8-byte header. */
    private static PurdomWorkload purdom(double lambda, double c, long memory, long requests) {
        return new PurdomWorkload(lambda, c, memory, requests, 16, 8);
    }

    private static Function<Heap, Allocator> firstFit(long cell, long header) {
        return heap -> new CellFirstFitTestAllocator(heap, cell, header, false);
    }

    private static Trace run(Workload workload, long seed) {
        return run(workload, seed, firstFit(16, 8));
    }

    /**
     * Runs {@code workload} in a heap bounded as it asks, under the allocator {@code factory} makes, behind a
     * logging allocator that also checks, through the unrecorded bookkeeping view, that each block holds the number
     * of the request that filled it (requests numbered from 1 in arrival order) in its first and last 8 bytes.
     */
    private static Trace run(Workload workload, long seed, Function<Heap, Allocator> factory) {
        try (Heap heap = new Heap(PAGE, workload.heapCapacity(), new ReferenceRecorder(List.of()), false)) {
            Allocator inner = factory.apply(heap);
            HeapAccess view = heap.bookkeeping();
            LongArrayList sizes = new LongArrayList();
            LongArrayList answers = new LongArrayList();
            LongArrayList freed = new LongArrayList();
            LongArrayList liveAtArrival = new LongArrayList();
            Long2LongOpenHashMap numbers = new Long2LongOpenHashMap();
            long[] maxUsed = new long[1];
            Allocator logging = new Allocator() {
                @Override
                public long allocate(long size) {
                    liveAtArrival.add(numbers.size());
                    long address = inner.allocate(size);
                    sizes.add(size);
                    answers.add(address);
                    if (address != NO_FIT) {
                        numbers.put(address, sizes.size());
                        if (inner instanceof CellFirstFitTestAllocator cells) {
                            maxUsed[0] = Math.max(maxUsed[0], cells.usedCells());
                        }
                    }
                    return address;
                }

                @Override
                public void free(long address, long size) {
                    freed.add(address);
                    if (numbers.containsKey(address)) {
                        long number = numbers.remove(address);
                        if (size >= 8 && view.getLong(address) != number) {
                            throw new AssertionError("block " + address + " does not start with " + number);
                        }
                        if (size >= 16 && view.getLong(address + size - 8) != number) {
                            throw new AssertionError("block " + address + " does not end with " + number);
                        }
                    }
                    inner.free(address, size);
                }

                @Override
                public long searches() {
                    return inner.searches();
                }
            };
            WorkloadContext context = new WorkloadContext(heap.data(), logging, seed);
            workload.run(context);
            return new Trace(sizes.toLongArray(), answers.toLongArray(), freed.toLongArray(),
                    liveAtArrival.toLongArray(), maxUsed[0], context, heap.data().references());
        }
    }

    /** The cells of each request, from its size in bytes: b * 16 - 8 bytes is b cells. */
    private static long[] cells(Trace t) {
        return Arrays.stream(t.sizes()).map(s -> (s + 8) / 16).toArray();
    }

    @Test
    void theRunEndsWithTheRequestsThFilledRequest() {
        Trace t = run(purdom(16, 16, 256, 1600), 1);
        WorkloadContext c = t.context();
        assertThat(c.allocations()).isEqualTo(1600);
        assertThat(t.filled()).isEqualTo(1600);
        // the last request made was filled: nothing is asked after the 1600th fill
        assertThat(t.answers()[t.answers().length - 1]).isNotEqualTo(Allocator.NO_FIT);
        assertThat(c.rejections()).isEqualTo(t.sizes().length - 1600L);
        // what is still live at the end is left allocated
        assertThat(c.frees()).isEqualTo(t.freed().length).isLessThan(1600);
        assertThat(c.allocations() - c.frees()).isPositive();
        assertThat(run(purdom(16, 16, 0, 1), 1).context().allocations()).isEqualTo(1);
    }

    @Test
    void everyRequestIsForWholeCellsLessTheHeader() {
        Trace t = run(new PurdomWorkload(8, 3, 0, 2000, 64, 24), 5, firstFit(64, 24));
        assertThat(Arrays.stream(t.sizes()).allMatch(s -> s >= 40 && (s + 24) % 64 == 0)).isTrue();
        // a block of b cells takes b cells of an allocator with that header: the most held is the most asked
        Trace bounded = run(purdom(16, 8, 64, 3000), 5);
        assertThat(bounded.maxUsedCells()).isLessThanOrEqualTo(64);
        assertThat(bounded.context().rejections()).isPositive();
    }

    @ParameterizedTest(name = "c={0}")
    @CsvSource({"16", "2.5", "40"})
    void sizesAreGeometricWithMeanC(double c) {
        Trace t = run(purdom(16, c, 0, 20_000), 2);
        long[] cells = cells(t);
        assertThat(cells).hasSize(20_000);
        double mean = Arrays.stream(cells).average().orElseThrow();
        assertThat(mean).isCloseTo(c, within(0.05 * c));
        assertThat(Arrays.stream(cells).min().orElseThrow()).isEqualTo(1);
        // the shape: P(b = 1) = p and P(b > k) = (1 - p)^k
        double p = 1 / c;
        assertThat(Arrays.stream(cells).filter(b -> b == 1).count() / 20_000.0).isCloseTo(p, within(0.1 * p));
        long k = Math.round(2 * c);
        assertThat(Arrays.stream(cells).filter(b -> b > k).count() / 20_000.0)
                .isCloseTo(Math.pow(1 - p, k), within(0.02));
    }

    @Test
    void cOfOneAsksForOneCellEveryTime() {
        Trace t = run(purdom(16, 1, 0, 3000), 3);
        assertThat(t.sizes()).hasSize(3000).containsOnly(8L);
    }

    @ParameterizedTest(name = "lambda={0}")
    @CsvSource({"16", "40", "3"})
    void aboutLambdaBlocksAreLiveInAGrowableHeap(double lambda) {
        // Poisson arrivals see time averages: the mean of what arrivals find live is the mean number live, which
        // by Little's law is lambda times the mean lifetime, 1; and in an M/M/infinity queue it is Poisson
        int requests = 40_000;
        Trace t = run(purdom(lambda, 4, 0, requests), 4);
        assertThat(t.context().rejections()).isZero();
        // skip the first 10 lifetimes, while the empty memory fills
        long[] live = Arrays.copyOfRange(t.liveAtArrival(), (int) (10 * lambda), requests);
        double mean = Arrays.stream(live).average().orElseThrow();
        double variance = Arrays.stream(live).mapToDouble(n -> (n - mean) * (n - mean)).sum() / (live.length - 1);
        assertThat(mean).isCloseTo(lambda, within(0.05 * lambda));
        assertThat(variance).isCloseTo(lambda, within(0.25 * lambda));
        // the memory starts empty
        assertThat(t.liveAtArrival()[0]).isZero();
    }

    @Test
    void aTinyMemoryRejectsYetTheRunStillEndsAfterTheRequestsFills() {
        Trace t = run(purdom(16, 4, 4, 500), 6);
        WorkloadContext c = t.context();
        assertThat(c.rejections()).isGreaterThan(500);
        assertThat(c.allocations()).isEqualTo(500);
        assertThat(t.maxUsedCells()).isLessThanOrEqualTo(4);
        // no request larger than the memory was ever filled
        long[] cells = cells(t);
        for (int i = 0; i < cells.length; i++) {
            if (cells[i] > 4) {
                assertThat(t.answers()[i]).isEqualTo(Allocator.NO_FIT);
            }
        }
    }

    @Test
    void theSameSeedGivesTheSameRunAndAnotherSeedAnotherRun() {
        PurdomWorkload workload = purdom(24, 16, 256, 1600);
        Trace a = run(workload, 7);
        Trace b = run(workload, 7);
        assertThat(b.sizes()).isEqualTo(a.sizes());
        assertThat(b.answers()).isEqualTo(a.answers());
        assertThat(b.freed()).isEqualTo(a.freed());
        assertThat(b.dataReferences()).isEqualTo(a.dataReferences());
        assertThat(b.context().rejections()).isEqualTo(a.context().rejections());

        Trace other = run(workload, 8);
        assertThat(other.sizes()).isNotEqualTo(a.sizes());
        assertThat(other.answers()).isNotEqualTo(a.answers());
        assertThat(other.freed()).isNotEqualTo(a.freed());
    }

    @Test
    void theArrivalStreamDoesNotDependOnTheAllocator() {
        PurdomWorkload workload = purdom(24, 8, 128, 1600);
        Trace firstFit = run(workload, 9);
        Trace wasteful = run(workload, 9, heap -> new CellFirstFitTestAllocator(heap, 16, 8, true));
        // rounding to powers of 2 wastes space: more requests are turned away, so more arrive before the end
        assertThat(wasteful.context().rejections()).isGreaterThan(firstFit.context().rejections() + 50);
        assertThat(wasteful.sizes().length).isGreaterThan(firstFit.sizes().length);
        // yet the i-th request is the same under both
        assertThat(Arrays.copyOf(wasteful.sizes(), firstFit.sizes().length)).isEqualTo(firstFit.sizes());
        assertThat(firstFit.context().allocations()).isEqualTo(wasteful.context().allocations()).isEqualTo(1600);
    }

    @Test
    void anAllocatorThatOverlapsBlocksFailsTheRun() {
        PurdomWorkload workload = purdom(16, 16, 0, 1600);
        assertThatThrownBy(() -> run(workload, 1, heap -> new OverlappingTestAllocator(heap, 8)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("purdom: the block of request ")
                .hasMessageContaining("overlapping blocks");
    }

    /** A correct allocator but for one write into the first or last 8 bytes of the block filled before. */
    private static Function<Heap, Allocator> scribbling(boolean atEnd) {
        return heap -> new Allocator() {
            private final CellFirstFitTestAllocator inner = new CellFirstFitTestAllocator(heap, 16, 8, false);
            private long previous = NO_FIT;
            private long previousSize;
            private int calls;

            @Override
            public long allocate(long size) {
                if (++calls == 300 && previous != NO_FIT) {
                    heap.bookkeeping().setByte(atEnd ? previous + previousSize - 1 : previous, (byte) 0x7F);
                }
                long address = inner.allocate(size);
                if (address != NO_FIT) {
                    previous = address;
                    previousSize = size;
                }
                return address;
            }

            @Override
            public void free(long address, long size) {
                if (address == previous) {
                    previous = NO_FIT;
                }
                inner.free(address, size);
            }
        };
    }

    @ParameterizedTest(name = "at the end: {0}")
    @CsvSource({"false", "true"})
    void aWriteIntoALiveBlocksFirstOrLastBytesFailsTheRun(boolean atEnd) {
        // c = 40: blocks of more than 16 bytes nearly always, so the first and last 8 bytes are apart
        PurdomWorkload workload = purdom(16, 40, 0, 1600);
        assertThatThrownBy(() -> run(workload, 3, scribbling(atEnd)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("at byte " + (atEnd ? "" : "0 "))
                .hasMessageContaining("the allocator handed out overlapping blocks, or wrote into a live one");
    }

    @Test
    void blocksOfFewerThanEightBytesHoldWhatFitsOfTheirNumber() {
        // a 12-byte header leaves 4 bytes in a 1-cell block
        Trace t = run(new PurdomWorkload(16, 2, 0, 2000, 16, 12), 4, firstFit(16, 12));
        assertThat(t.sizes()).contains(4L, 20L);
        assertThat(t.context().allocations()).isEqualTo(2000);
        assertThatThrownBy(() -> run(new PurdomWorkload(16, 2, 0, 2000, 16, 12), 4,
                heap -> new OverlappingTestAllocator(heap, 2)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void anAllocatorThatCannotFillTheSmallestRequestInAnEmptyMemoryFailsTheRunInsteadOfLoopingForever() {
        // the workload says the allocator keeps no header, but it keeps 8 bytes: a 16-byte request never fits
        // a 1-cell memory
        PurdomWorkload workload = new PurdomWorkload(16, 1, 1, 10, 16, 0);
        assertThatThrownBy(() -> run(workload, 1, firstFit(16, 8)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("purdom: request 1 for 1 cell (16 bytes) was rejected with no block live in a memory of"
                        + " 1 cells (expected: an empty memory to take the smallest request; is header=0 the"
                        + " allocator's header size?)");
        // with the right header it runs
        assertThat(run(new PurdomWorkload(16, 1, 1, 10, 16, 8), 1).context().allocations()).isEqualTo(10);
    }

    @Test
    void theDepartureQueueGivesDeparturesInTimeOrderWithTheirBlocks() {
        PurdomWorkload.Departures queue = new PurdomWorkload.Departures();
        SplittableRandom random = new SplittableRandom(11);
        double now = 0;
        long added = 0;
        long taken = 0;
        // interleaved, past the initial capacity of 64
        for (int round = 0; round < 2000; round++) {
            for (int i = random.nextInt(4); i > 0; i--) {
                double time = now + random.nextDouble();
                added++;
                queue.add(time, Double.doubleToLongBits(time), added, -added);
            }
            for (int i = random.nextInt(3); i > 0 && queue.size > 0; i--) {
                double time = queue.times[0];
                assertThat(time).isGreaterThanOrEqualTo(now);
                assertThat(queue.addresses[0]).isEqualTo(Double.doubleToLongBits(time));
                assertThat(queue.numbers[0]).isEqualTo(-queue.bytes[0]);
                now = time;
                queue.removeFirst();
                taken++;
            }
        }
        assertThat(queue.size).isEqualTo(added - taken).isGreaterThan(64);
        while (queue.size > 0) {
            assertThat(queue.times[0]).isGreaterThanOrEqualTo(now);
            now = queue.times[0];
            queue.removeFirst();
        }
    }

    @Test
    void isFoundByItsShortNameWithTypedOptions() {
        WorkloadProvider provider = Plugins.load().workloads().find("purdom");
        assertThat(provider).isInstanceOf(PurdomProvider.class);
        assertThat(provider.options()).extracting(o -> o.name() + "=" + o.defaultValue())
                .containsExactly("lambda=16", "c=16", "memory=256", "requests=1600", "cell=16", "header=8");

        Workload defaults = provider.create(Options.bind(provider, Spec.parse("purdom")));
        assertThat(defaults).hasToString("purdom:lambda=16,c=16,memory=256,requests=1600,cell=16,header=8");
        assertThat(defaults.blockSize()).isEqualTo(AllocatorSetup.VARIED);
        assertThat(defaults.heapCapacity()).isEqualTo(256 * 16);
        Workload growable = provider.create(Options.bind(provider,
                Spec.parse("purdom:memory=0,lambda=2.5,c=1,cell=64,header=0,requests=10")));
        assertThat(growable.heapCapacity()).isEqualTo(Heap.GROWABLE);
        assertThat(growable).hasToString("purdom:lambda=2.5,c=1,memory=0,requests=10,cell=64,header=0");
        assertThat(provider.create(Options.bind(provider, Spec.parse("purdom:memory=512,cell=32")))
                .heapCapacity()).isEqualTo(512 * 32);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "purdom:header=16|purdom: header=16 (expected: less than cell, 16)",
            "purdom:cell=64,header=100|purdom: header=100 (expected: less than cell, 64)",
            "purdom:cell=24|purdom: cell=24 (expected: a power of 2 >= 16)",
            "purdom:cell=8,header=0|purdom: cell=8 (expected: 16..1048576)",
            "purdom:cell=2097152|purdom: cell=2097152 (expected: 16..1048576)",
            "purdom:c=0.5|purdom: c=0.5 (expected: a number in 1..1048576)",
            "purdom:c=300|purdom: c=300 (expected: a mean block size of at most memory, 256 cells)",
            "purdom:memory=4,c=4.5|purdom: c=4.5 (expected: a mean block size of at most memory, 4 cells)",
            "purdom:memory=0,c=5000000|purdom: c=5000000 (expected: a number in 1..1048576)",
            "purdom:lambda=2000000|purdom: lambda=2000000 (expected: a positive number, at most 1000000)",
            "purdom:memory=1000000000000000000|purdom: memory=1000000000000000000 (expected: at most"
                    + " 576460752303423487 cells of 16 bytes)",
            "purdom:lambda=0|purdom: lambda=0 (expected: a positive number)",
            "purdom:c=-2|purdom: c=-2 (expected: a number in 1..1048576)",
            "purdom:memory=-1|purdom: memory=-1 (expected: a non-negative integer)",
            "purdom:requests=0|purdom: requests=0 (expected: a positive integer)",
            "purdom:header=-8|purdom: header=-8 (expected: a non-negative integer)",
            "purdom:size=3|purdom: unknown option 'size' (expected one of: lambda, c, memory, requests, cell,"
                    + " header)"})
    void aBadSpecFailsWithOneLineNamingTheCulprit(String spec, String message) {
        WorkloadProvider provider = new PurdomProvider();
        assertThatThrownBy(() -> provider.create(Options.bind(provider, Spec.parse(spec))))
                .isInstanceOf(SpecException.class)
                .hasMessage(message);
    }

    @Test
    void theConstructorChecksItsArguments() {
        assertThatThrownBy(() -> new PurdomWorkload(16, 16, 256, 1600, 16, 16))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("purdom: header=16 (expected: less than cell, 16)");
        assertThatThrownBy(() -> new PurdomWorkload(Double.NaN, 16, 256, 1600, 16, 8))
                .hasMessage("purdom: lambda=NaN (expected: a positive number, at most 1000000)");
        assertThatThrownBy(() -> new PurdomWorkload(16, Double.NaN, 256, 1600, 16, 8))
                .hasMessageStartingWith("purdom: c=NaN");
        assertThatThrownBy(() -> new PurdomWorkload(16, 16, 256, 0, 16, 8))
                .hasMessage("purdom: requests=0 (expected: a positive integer)");
        assertThatThrownBy(() -> new PurdomWorkload(16, 16, -1, 1600, 16, 8))
                .hasMessage("purdom: memory=-1 (expected: a number of cells, or 0 for a growable heap)");
        assertThatThrownBy(() -> new PurdomWorkload(16, 16, 256, 1600, 16, -1))
                .hasMessage("purdom: header=-1 (expected: not negative)");
    }

    /** Provides the first-fit test allocator over 16-byte cells with an 8-byte header, noting its heap's bound. */
    private static final class FirstFitProvider implements AllocatorProvider {
        long capacity;

        @Override
        public String name() {
            return "cell-first-fit";
        }

        @Override
        public String description() {
            return "test";
        }

        @Override
        public Allocator create(Options options, AllocatorSetup setup) {
            assertThat(setup.isFixedSize()).isFalse();
            capacity = setup.heap().capacity();
            return new CellFirstFitTestAllocator(setup.heap(), 16, 8, false);
        }
    }

    @Test
    void throughTheRunnerTheWorkloadBoundsItsOwnHeap() {
        FirstFitProvider allocator = new FirstFitProvider();
        Runner runner = new Runner(new Plugins(Registry.of("allocator", List.of(allocator)),
                Registry.of("policy", List.of()), Plugins.load().workloads()));

        RunResult tiny = runner.run(RunSpec.of(Spec.parse("purdom:memory=4,c=4"), Spec.parse("cell-first-fit"),
                List.of(), 64, 1));
        assertThat(allocator.capacity).isEqualTo(4 * 16);
        assertThat(tiny.rejections()).isPositive();
        assertThat(tiny.allocations()).isEqualTo(1600);
        assertThat(tiny.virtualPages()).isEqualTo(1);
        assertThat(tiny.filledShare()).isLessThan(1.0);
        assertThat(tiny.meanSearches()).isGreaterThanOrEqualTo(1.0);

        RunResult growable = runner.run(RunSpec.of(Spec.parse("purdom:memory=0,c=4"),
                Spec.parse("cell-first-fit"), List.of(), 64, 1));
        assertThat(allocator.capacity).isGreaterThan(1L << 32);
        assertThat(growable.rejections()).isZero();
        assertThat(growable.allocations()).isEqualTo(1600);
        assertThat(growable.filledShare()).isEqualTo(1.0);
        assertThat(growable.virtualPages()).isGreaterThan(1);
    }
}
