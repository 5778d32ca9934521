package io.heaplab.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.heap.Accounting;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.plugins.Registry;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.Workload;
import io.heaplab.core.spi.WorkloadContext;
import io.heaplab.core.spi.WorkloadProvider;
import io.heaplab.core.testing.ColdMisses;
import io.heaplab.core.testing.CountingPolicy;
import io.heaplab.core.trace.PageRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RunnerTest {

    /** Hands out blocks in address order; never reuses. */
    private static final class Bump implements AllocatorProvider {
        @Override
        public String name() {
            return "bump";
        }

        @Override
        public String description() {
            return "test";
        }

        @Override
        public Allocator create(Options options, AllocatorSetup setup) {
            Heap heap = setup.heap();
            return new Allocator() {
                @Override
                public long allocate(long size) {
                    return heap.grow(size);
                }

                @Override
                public void free(long address, long size) {
                }
            };
        }
    }

    /** Throws at its third request: a strategy with a bug. */
    private static final class Failing implements AllocatorProvider {
        @Override
        public String name() {
            return "failing";
        }

        @Override
        public String description() {
            return "test";
        }

        @Override
        public Allocator create(Options options, AllocatorSetup setup) {
            Allocator bump = new Bump().create(options, setup);
            return new Allocator() {
                private int requests;

                @Override
                public long allocate(long size) {
                    if (++requests == 3) {
                        throw new IllegalStateException("lost a block");
                    }
                    return bump.allocate(size);
                }

                @Override
                public void free(long address, long size) {
                    bump.free(address, size);
                }
            };
        }
    }

    /** Bump with a cell that must be a power of 2 from 16 to 4096: the range is bound, the power checked when made. */
    private static final class Picky implements AllocatorProvider {
        @Override
        public String name() {
            return "picky";
        }

        @Override
        public String description() {
            return "test";
        }

        @Override
        public List<Option> options() {
            return List.of(Option.range("cell", OptionType.POSITIVE_INT, 16, 4096, "16", "bytes per cell"));
        }

        @Override
        public Allocator create(Options options, AllocatorSetup setup) {
            int cell = options.getInt("cell");
            if (Integer.bitCount(cell) != 1) {
                throw new SpecException("cell: " + cell + " (expected: a power of 2)");
            }
            return new Bump().create(options, setup);
        }
    }

    /** Cannot be made at all: a strategy with a bug in its constructor. */
    private static final class Unmakeable implements AllocatorProvider {
        @Override
        public String name() {
            return "unmakeable";
        }

        @Override
        public String description() {
            return "test";
        }

        @Override
        public Allocator create(Options options, AllocatorSetup setup) {
            throw new IllegalStateException("no constructor works");
        }
    }

    /** Writes {@code blocks} blocks of one page each, then reads them all again; measures the second pass. */
    private static final class TwoPasses implements WorkloadProvider {
        @Override
        public String name() {
            return "two-passes";
        }

        @Override
        public String description() {
            return "test";
        }

        @Override
        public List<Option> options() {
            return List.of(Option.of("blocks", OptionType.POSITIVE_INT, "4", "pages"),
                    Option.of("warmup", OptionType.BOOLEAN, "true", "measure only the second pass"),
                    Option.of("memory", OptionType.INT, "0", "the workload's own heap bound in bytes; 0: none"));
        }

        @Override
        public Workload create(Options options) {
            int blocks = options.getInt("blocks");
            boolean warmup = options.getBoolean("warmup");
            int memory = options.getInt("memory");
            return new Workload() {
                @Override
                public long blockSize() {
                    return 64;
                }

                @Override
                public long heapCapacity() {
                    return memory == 0 ? Heap.GROWABLE : memory;
                }

                @Override
                public void run(WorkloadContext context) {
                    long[] addresses = new long[blocks];
                    for (int i = 0; i < blocks; i++) {
                        addresses[i] = context.allocate(64);
                        if (addresses[i] == Allocator.NO_FIT) {
                            return;
                        }
                        context.heap().setLong(addresses[i], context.random().nextLong());
                    }
                    if (warmup) {
                        context.startMeasuring();
                    }
                    for (long address : addresses) {
                        context.heap().getLong(address);
                    }
                }
            };
        }
    }

    /**
     * Hands out blocks in address order and keeps a ledger word in the heap that it writes once per allocation and
     * once per disposal: bookkeeping references at both times.
     */
    private static final class Ledger implements AllocatorProvider {
        @Override
        public String name() {
            return "ledger";
        }

        @Override
        public String description() {
            return "test";
        }

        @Override
        public Allocator create(Options options, AllocatorSetup setup) {
            Heap heap = setup.heap();
            long ledger = heap.grow(heap.pageSize());
            return new Allocator() {
                @Override
                public long allocate(long size) {
                    long address = heap.grow(size);
                    heap.bookkeeping().setLong(ledger, address);
                    return address;
                }

                @Override
                public void free(long address, long size) {
                    heap.bookkeeping().setLong(ledger, -address);
                }
            };
        }
    }

    /**
     * Builds a linked list of 16-byte blocks, walks it twice (the second walk measured) following each link, and
     * frees it: a phase each.
     */
    private static final class Chain implements WorkloadProvider {
        @Override
        public String name() {
            return "chain";
        }

        @Override
        public String description() {
            return "test";
        }

        @Override
        public List<Option> options() {
            return List.of(Option.of("blocks", OptionType.POSITIVE_INT, "10", "blocks in the list"));
        }

        @Override
        public Workload create(Options options) {
            int blocks = options.getInt("blocks");
            return new Workload() {
                @Override
                public long blockSize() {
                    return 16;
                }

                @Override
                public void run(WorkloadContext context) {
                    int build = context.phase("build");
                    int walk = context.phase("walk");
                    int free = context.phase("free");
                    context.enter(build);
                    long head = -1;
                    for (int i = 0; i < blocks; i++) {
                        long block = context.allocate(16);
                        context.heap().setLong(block, head);
                        head = block;
                    }
                    context.enter(walk);
                    walk(context, head);
                    context.startMeasuring();
                    walk(context, head);
                    context.enter(free);
                    for (long block = head; block != -1; ) {
                        long next = context.heap().getLong(block);
                        context.free(block, 16);
                        block = next;
                    }
                }

                private void walk(WorkloadContext context, long head) {
                    context.visited(head);
                    for (long block = head; context.heap().getLong(block) != -1; ) {
                        long next = context.heap().getLong(block);
                        context.followed(block, next);
                        context.visited(next);
                        block = next;
                    }
                }
            };
        }
    }

    /** Keeps the last page referenced in its one frame, counting faults as it goes. */
    private static final class OneFrame implements ReplacementPolicyProvider {
        @Override
        public String name() {
            return "one-frame";
        }

        @Override
        public String description() {
            return "test";
        }

        @Override
        public PagingSimulator create(Options options) {
            return new CountingPolicy() {
                private int resident = -1;

                @Override
                protected boolean faults(int page) {
                    boolean fault = page != resident;
                    resident = page;
                    return fault;
                }
            };
        }
    }

    /** Counts references and pages never seen before, since the measured phase began. */
    private static final class Counting implements ReplacementPolicyProvider {
        @Override
        public String name() {
            return "counting";
        }

        @Override
        public String description() {
            return "test";
        }

        @Override
        public PagingSimulator create(Options options) {
            return new ColdMisses() {
                @Override
                public long faultsSoFar() {
                    return -1; // counted only at the end, as a curve is: no phase is charged with its faults
                }
            };
        }
    }

    private static final Runner RUNNER = new Runner(new Plugins(
            Registry.of("allocator", List.of(new Bump(), new Ledger())),
            Registry.of("policy", List.of(new Counting(), new OneFrame())),
            Registry.of("workload", List.of(new TwoPasses(), new Chain()))));

    private static RunSpec spec(String workload, long seed) {
        return RunSpec.of(Spec.parse(workload), Spec.parse("bump"), List.of(Spec.parse("counting")), 64, seed);
    }

    @Test
    void faultsAreCountedOnlyInTheMeasuredPhaseWhichBeginsWhereTheWorkloadSays() {
        RunResult warm = RUNNER.run(spec("two-passes:blocks=5", 1));
        assertThat(warm.measuredFrom()).isEqualTo(5);
        assertThat(warm.references()).isEqualTo(10);
        assertThat(warm.faults("counting")).isZero();

        RunResult cold = RUNNER.run(spec("two-passes:blocks=5,warmup=false", 1));
        assertThat(cold.measuredFrom()).isZero();
        assertThat(cold.faults("counting")).isEqualTo(5);
    }

    @Test
    void observersSeeTheSameStreamAsThePoliciesWithTheMeasuredPhaseAndTheEnd() {
        io.heaplab.core.trace.ReferenceTally tally = new io.heaplab.core.trace.ReferenceTally();
        boolean[] finished = new boolean[1];
        io.heaplab.core.trace.ReferenceSink end = new io.heaplab.core.trace.ReferenceSink() {
            @Override
            public void accept(long[] runs, int length) {
            }

            @Override
            public void finish() {
                finished[0] = true;
            }
        };
        RunResult run = RUNNER.run(spec("two-passes:blocks=5", 1), List.of(tally, end));
        assertThat(tally.references()).isEqualTo(run.references());
        assertThat(tally.measuredFrom()).isEqualTo(run.measuredFrom());
        assertThat(tally.distinctPages()).isEqualTo(run.pagesTouched());
        assertThat(finished[0]).isTrue();
    }

    @Test
    void pluginsMakeASimulatorFromASpec() {
        Plugins plugins = new Plugins(Registry.of("allocator", List.of(new Bump())),
                Registry.of("policy", List.of(new Counting())), Registry.of("workload", List.of(new TwoPasses())));
        assertThat(plugins.simulator(Spec.parse("counting")).outcome()).isEqualTo(new PagingOutcome.Faults(0));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> plugins.simulator(Spec.parse("nope")))
                .isInstanceOf(io.heaplab.core.spi.SpecException.class).hasMessageContaining("nope");
    }

    @Test
    void aWorkloadMayBoundItsHeapAndTheSmallerOfItsBoundAndTheRunsWins() {
        RunResult own = RUNNER.run(spec("two-passes:blocks=5,memory=192", 1));
        assertThat(own.allocations()).isEqualTo(3);
        assertThat(own.rejections()).isEqualTo(1);
        assertThat(own.filledShare()).isEqualTo(3.0 / 4);

        RunSpec tighter = new RunSpec(Spec.parse("two-passes:blocks=5,memory=192"), Spec.parse("bump"),
                List.of(), 64, 128, 1, Accounting.WORKLOAD, false);
        assertThat(RUNNER.run(tighter).allocations()).isEqualTo(2);
    }

    @Test
    void anUnrecordedRunDoesTheSameWorkWithNoVirtualTimeAndNoPolicies() {
        RunSpec recorded = spec("two-passes:blocks=5", 1);
        RunSpec bare = RunSpec.of(recorded.workload(), recorded.allocator(), List.of(), 64, 1);
        RunResult result = RUNNER.runUnrecorded(bare);
        assertThat(result.allocations()).isEqualTo(RUNNER.run(recorded).allocations());
        assertThat(result.references()).isZero();
        assertThat(result.paging()).isEmpty();
        assertThatThrownBy(() -> RUNNER.runUnrecorded(recorded)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no policies");
    }

    @Test
    void runAllKeepsTheOrderOfTheSpecsWhateverTheThreads() {
        List<RunSpec> specs = new ArrayList<>();
        for (int blocks = 1; blocks <= 12; blocks++) {
            specs.add(spec("two-passes:warmup=false,blocks=" + blocks, blocks));
        }
        List<RunResult> one = RUNNER.runAll(specs, 1);
        List<RunResult> four = RUNNER.runAll(specs, 4);
        for (int i = 0; i < specs.size(); i++) {
            assertThat(four.get(i).workload()).isEqualTo(specs.get(i).workload().toString());
            assertThat(four.get(i).allocations()).isEqualTo(i + 1);
            assertThat(four.get(i).paging()).isEqualTo(one.get(i).paging());
        }
    }

    @Test
    void runAllChecksEverySpecBeforeRunningAny() {
        List<RunSpec> specs = List.of(spec("two-passes", 1), spec("two-passes:blocks=0", 1));
        assertThatThrownBy(() -> RUNNER.runAll(specs, 2)).isInstanceOf(SpecException.class)
                .hasMessageContaining("blocks=0");
    }

    @Test
    void aSweepChecksEveryAllocatorOptionBeforeTheFirstRun() {
        Runner runner = new Runner(new Plugins(Registry.of("allocator", List.of(new Bump(), new Picky(),
                new Unmakeable())), Registry.of("policy", List.of(new Counting())),
                Registry.of("workload", List.of(new TwoPasses()))));
        AtomicInteger ran = new AtomicInteger();
        for (String bad : List.of("picky:cell=8|picky: cell=8 (expected: 16..4096)",
                "picky:cell=24|cell: 24 (expected: a power of 2)")) {
            String[] specAndMessage = bad.split("\\|");
            List<RunSpec> specs = List.of(
                    RunSpec.of(Spec.parse("two-passes"), Spec.parse("bump"), List.of(), 64, 1),
                    RunSpec.of(Spec.parse("two-passes"), Spec.parse(specAndMessage[0]), List.of(), 64, 1));
            assertThatThrownBy(() -> runner.sweep(specs, 1, ran::incrementAndGet))
                    .isInstanceOf(SpecException.class).hasMessage(specAndMessage[1]);
        }
        assertThat(ran).as("runs before the bad spec was found").hasValue(0);
        // a strategy that breaks is no bad spec: its row fails and the others run
        List<RunOutcome> outcomes = runner.sweep(List.of(
                RunSpec.of(Spec.parse("two-passes"), Spec.parse("unmakeable"), List.of(), 64, 1),
                RunSpec.of(Spec.parse("two-passes"), Spec.parse("picky:cell=32"), List.of(), 64, 1)), 1, () -> { });
        assertThat(outcomes).extracting(RunOutcome::failed).containsExactly(true, false);
    }

    @Test
    void aSweepMarksAFailedRunAndMeasuresEveryOther() {
        Runner runner = new Runner(new Plugins(Registry.of("allocator", List.of(new Bump(), new Failing())),
                Registry.of("policy", List.of(new Counting())), Registry.of("workload", List.of(new TwoPasses()))));
        List<RunSpec> specs = new ArrayList<>();
        for (String allocator : List.of("bump", "failing", "bump")) {
            specs.add(RunSpec.of(Spec.parse("two-passes:blocks=4"), Spec.parse(allocator),
                    List.of(Spec.parse("counting")), 64, specs.size()));
        }
        List<RunOutcome> outcomes = runner.sweep(specs, 2, () -> { });
        assertThat(outcomes).extracting(RunOutcome::failed).containsExactly(false, true, false);
        assertThat(outcomes.get(1).failure()).isEqualTo("error: IllegalStateException: lost a block");
        assertThat(outcomes.get(2).result().allocations()).isEqualTo(4);
        assertThat(outcomes.get(2).result().seed()).isEqualTo(2);
        assertThatThrownBy(() -> runner.runAll(specs, 1)).hasMessage("error: IllegalStateException: lost a block");
    }

    private static RunSpec.Builder chain(int blocks) {
        return RunSpec.workload("chain:blocks=" + blocks).allocator("ledger").policy("one-frame").policy("counting")
                .pageSize(64);
    }

    @Test
    void theAllocatorsReferencesArePagedAtAllocationAtDisposalBothOrNeither() {
        Map<Accounting.AllocatorReferences, Long> references = new java.util.EnumMap<>(Accounting.AllocatorReferences.class);
        for (Accounting.AllocatorReferences paged : Accounting.AllocatorReferences.values()) {
            RunResult run = RUNNER.run(chain(10).accounting(Accounting.WORKLOAD.withAllocatorReferences(paged)).build());
            references.put(paged, run.references());
            assertThat(run.allocatorReferences()).as("made, paged or not").isEqualTo(20);
            assertThat(run.accounting().allocatorReferences()).isEqualTo(paged);
        }
        long none = references.get(Accounting.AllocatorReferences.NONE);
        assertThat(references.get(Accounting.AllocatorReferences.ALLOCATE)).isEqualTo(none + 10);
        assertThat(references.get(Accounting.AllocatorReferences.DISPOSE)).isEqualTo(none + 10);
        assertThat(references.get(Accounting.AllocatorReferences.ALL)).isEqualTo(none + 20);
    }

    @Test
    void leavingOutFirstTouchesTakesEachNewPageOfTheMeasuredPhaseOffEveryPolicy() {
        RunResult counted = RUNNER.run(spec("two-passes:blocks=5,warmup=false", 1));
        RunResult excluded = RUNNER.run(spec("two-passes:blocks=5,warmup=false", 1).toBuilder()
                .accounting(Accounting.WORKLOAD.withFirstTouchCounted(false)).build());
        assertThat(counted.firstTouches()).isEqualTo(5);
        assertThat(excluded.firstTouches()).isEqualTo(5);
        assertThat(counted.faults("counting")).isEqualTo(5);
        assertThat(excluded.faults("counting")).isZero();
        // a warm-up that touched every page leaves no first touch to the measured phase
        assertThat(RUNNER.run(spec("two-passes:blocks=5", 1)).firstTouches()).isZero();
    }

    @Test
    void diagnosticsMeasureLinksAgesAndPhasesWithoutChangingAnyCount() {
        RunResult plain = RUNNER.run(chain(10).build());
        RunResult diagnosed = RUNNER.run(chain(10).diagnosed(true).build());
        assertThat(plain.diagnostics()).isNull();
        assertThat(diagnosed.paging()).isEqualTo(plain.paging());
        assertThat(diagnosed.references()).isEqualTo(plain.references());

        io.heaplab.core.diagnostics.Diagnostics d = diagnosed.diagnostics();
        assertThat(d.blocksPerPage()).isEqualTo(4);
        assertThat(d.allocations()).as("none in the measured phase").isZero();
        // the list runs from the newest block to the oldest: each link joins neighbours in allocation order
        assertThat(d.links()).isEqualTo(9);
        assertThat(d.linksWithinPage()).isEqualTo(9);
        assertThat(d.linkGaps().buckets()).containsExactly(0, 9);
        // ages 0 to 9 once each: 0 | 1 | 2-3 | 4-7 | 8-9
        assertThat(d.visits()).isEqualTo(10);
        assertThat(d.ages().buckets()).containsExactly(1, 1, 2, 4, 2);
        assertThat(d.ages().sum()).isEqualTo(45);
        assertThat(d.phases()).extracting(io.heaplab.core.diagnostics.Diagnostics.Phase::name)
                .containsExactly("rest", "build", "walk", "free");
        io.heaplab.core.diagnostics.Diagnostics.Phase walk = d.phases().get(2);
        io.heaplab.core.diagnostics.Diagnostics.Phase free = d.phases().get(3);
        assertThat(walk.entries()).as("in progress when the measured phase began").isEqualTo(1);
        assertThat(d.phases().get(1).entries()).as("over before it began").isZero();
        assertThat(free.entries()).isEqualTo(1);
        // the measured walk reads each block's link twice but the last's once; freeing reads each link once
        assertThat(walk.references() + free.references()).isEqualTo(plain.references() - plain.measuredFrom());
        assertThat(free.references()).isEqualTo(10);
        // only the policy that counts as it goes is charged by phase, and its phases add up to its faults
        assertThat(walk.faults()).containsOnlyKeys("one-frame");
        long phased = d.phases().stream().mapToLong(p -> p.faults().get("one-frame")).sum();
        assertThat(phased).isEqualTo(plain.faults("one-frame"));
        assertThat(free.faults().get("one-frame")).isPositive();
    }
}
