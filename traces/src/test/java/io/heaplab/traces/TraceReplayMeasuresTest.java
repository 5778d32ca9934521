package io.heaplab.traces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.plugins.Registry;
import io.heaplab.core.run.ByteMisses;
import io.heaplab.core.run.FaultWindows;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.WorkloadProvider;
import io.heaplab.core.testing.CountingPolicy;
import io.heaplab.core.trace.PageRun;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A replay's warm-up, its miss ratio in windows and its byte miss ratio, on hand-worked strings. */
class TraceReplayMeasuresTest {

    /** The textbook string (Silberschatz): LRU in 3 frames faults 12 times, 4 of them in the first 5 references. */
    private static final int[] CLASSIC = {7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1};

    /** LRU in a list, counting its faults as it goes, with a measured phase; the counts a policy plugin keeps. */
    private static final class CountingLru implements ReplacementPolicyProvider {
        @Override
        public String name() {
            return "lru";
        }

        @Override
        public String description() {
            return "LRU in a list, for tests";
        }

        @Override
        public List<Option> options() {
            return List.of(Option.required("frames", OptionType.POSITIVE_INT, "frames"));
        }

        @Override
        public PagingSimulator create(Options options) {
            int frames = options.getInt("frames");
            return new CountingPolicy() {
                private final List<Integer> memory = new ArrayList<>();

                @Override
                protected boolean faults(int page) {
                    boolean fault = !memory.remove((Integer) page);
                    if (fault && memory.size() == frames) {
                        memory.removeFirst();
                    }
                    memory.add(page);
                    return fault;
                }
            };
        }
    }

    private static final Plugins PLUGINS = new Plugins(Registry.of("allocator", List.<AllocatorProvider>of()),
            Registry.of("policy", List.of(new CountingLru())), Registry.of("workload", List.<WorkloadProvider>of()));

    @TempDir
    Path dir;

    private Path classic() throws IOException {
        String lines = IntStream.of(CLASSIC).mapToObj(Integer::toString).collect(Collectors.joining("\n", "", "\n"));
        return Files.writeString(dir.resolve("classic.txt"), "# heaplab trace v1 page-size=512\n" + lines);
    }

    /** An oracleGeneral trace of {@code ids}, each record of the size beside it. */
    private Path oracle(long[] ids, int[] sizes) throws IOException {
        ByteBuffer records = ByteBuffer.allocate(24 * ids.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < ids.length; i++) {
            records.putInt(i).putLong(ids[i]).putInt(sizes[i]).putLong(-1);
        }
        return Files.write(dir.resolve("sized.oracleGeneral.bin"), records.array());
    }

    @Test
    void aWarmupOfFiveLeavesLrusEightLaterFaults() throws IOException {
        ReplayResult result = TraceReplay.of(classic()).policies("lru:frames=3", "lru:frames=2").warmup(5)
                .run(PLUGINS);
        assertThat(result.faults("lru:frames=3")).isEqualTo(8);
        assertThat(result.faults("lru:frames=2")).isEqualTo(12);
        assertThat(result.warmup()).isEqualTo(5);
        assertThat(result.measuredFrom()).isEqualTo(5);
        assertThat(result.references()).isEqualTo(20);
    }

    @Test
    void aWarmupFractionIsOfTheTracesReferencesRoundedDown() throws IOException {
        ReplayResult quarter = TraceReplay.of(classic()).policy("lru:frames=3").warmupFraction(0.26).run(PLUGINS);
        assertThat(quarter.warmup()).isEqualTo(5);
        assertThat(quarter.faults("lru:frames=3")).isEqualTo(8);
        assertThat(TraceReplay.of(classic()).policy("lru:frames=3").warmupFraction(0).run(PLUGINS)
                .faults("lru:frames=3")).isEqualTo(12);
    }

    @Test
    void aWarmupAsLongAsTheTraceOrBadValuesFailInOneLine() throws IOException {
        Path trace = classic();
        assertThatThrownBy(() -> TraceReplay.of(trace).policy("lru:frames=3").warmup(20).run(PLUGINS))
                .isInstanceOf(SpecException.class).hasMessage("warmup: 20 references, but trace '" + trace
                        + "' holds 20 (expected: a warm-up shorter than the trace)");
        assertThatThrownBy(() -> TraceReplay.of(trace).warmup(-1)).isInstanceOf(SpecException.class)
                .hasMessage("warmup: -1 (expected: a number of references, 0 or more)");
        assertThatThrownBy(() -> TraceReplay.of(trace).warmupFraction(1)).isInstanceOf(SpecException.class)
                .hasMessage("warmup: 1.0 of the trace (expected: a fraction from 0 up to 1, 1 excluded)");
        assertThatThrownBy(() -> TraceReplay.of(trace).window(0)).isInstanceOf(SpecException.class)
                .hasMessage("window: 0 (expected: a number of references, 1 or more)");
    }

    @Test
    void aWarmupShareOfReferencesAlreadyCountedTakesNoPassToCountThem() throws IOException {
        // a share of the 20 references counted here, or of the 40 a (wrong) earlier pass said: the count told is used
        assertThat(TraceReplay.of(classic()).policy("lru:frames=3").warmupFraction(0.25).run(PLUGINS).warmup())
                .isEqualTo(5);
        assertThat(TraceReplay.of(classic()).policy("lru:frames=3").warmupFraction(0.25).references(40).run(PLUGINS)
                .warmup()).isEqualTo(10);
    }

    @Test
    void windowsGiveTheMissRatioOverTimeWarmupIncluded() throws IOException {
        ReplayResult result = TraceReplay.of(classic()).policies("lru:frames=3", "lru:frames=4").window(8)
                .warmup(5).run(PLUGINS);
        FaultWindows windows = result.windows();
        assertThat(windows.length()).isEqualTo(8);
        assertThat(windows.ends()).containsExactly(8, 16, 20);
        // LRU faults in references 1-8, 9-16 and 17-20: 6, 5, 1 in 3 frames; 6, 1, 1 in 4
        assertThat(windows.faults().get("lru:frames=3")).containsExactly(6, 5, 1);
        assertThat(windows.faults().get("lru:frames=4")).containsExactly(6, 1, 1);
        assertThat(windows.missRatio("lru:frames=3")).containsExactly(0.75, 0.625, 0.25);
        assertThat(windows.notWindowed()).isEmpty();
    }

    @Test
    void withoutAWindowLengthTheWindowsFitTheTrace() throws IOException {
        assertThat(TraceReplay.of(classic()).policy("lru:frames=3").run(PLUGINS).windows()).isNull(); // none asked
        FaultWindows windows = TraceReplay.of(classic()).policy("lru:frames=3").adaptiveWindows().run(PLUGINS)
                .windows();
        // 20 references: fewer than the most windows, so each is one reference long
        assertThat(windows.length()).isEqualTo(1);
        assertThat(windows.ends()).hasSize(20);
        assertThat(java.util.Arrays.stream(windows.faults().get("lru:frames=3")).sum()).isEqualTo(12);
    }

    @Test
    void aSizedTraceGivesTheByteMissRatioBesideTheObjectMissRatio() throws IOException {
        // A B A C A B of 100, 10, 100, 1000, 100 and 10 bytes; LRU in 2 frames misses A, B, C and the last B
        Path trace = oracle(new long[] {11, 22, 11, 33, 11, 22}, new int[] {100, 10, 100, 1000, 100, 10});
        ReplayResult result = TraceReplay.of(trace).policy("lru:frames=2").byteMissRatio(true).run(PLUGINS);
        Map<String, Number> measures = ((PagingOutcome.Faults) result.paging().get("lru:frames=2")).measures();
        assertThat(result.faults("lru:frames=2")).isEqualTo(4);
        assertThat(measures.get(ByteMisses.BYTES_REQUESTED)).isEqualTo(1320L);
        assertThat(measures.get(ByteMisses.BYTES_MISSED)).isEqualTo(1120L);
        assertThat(measures.get(ByteMisses.BYTE_MISS_RATIO).doubleValue()).isEqualTo(1120.0 / 1320);

        // after a warm-up of A B A: C misses, A hits, B misses
        ReplayResult warmed = TraceReplay.of(trace).policy("lru:frames=2").byteMissRatio(true).warmup(3)
                .run(PLUGINS);
        Map<String, Number> after = ((PagingOutcome.Faults) warmed.paging().get("lru:frames=2")).measures();
        assertThat(after.get(ByteMisses.BYTES_REQUESTED)).isEqualTo(1110L);
        assertThat(after.get(ByteMisses.BYTES_MISSED)).isEqualTo(1010L);
    }

    @Test
    void aCsvTraceGivesItsSizesFromTheColumnNamed() throws IOException {
        // the same A B A C A B as the oracleGeneral trace, as a libCacheSim csv: time, id, size
        Path csv = Files.writeString(dir.resolve("sized.csv"), "time,id,size\n1,11,100\n2,22,10\n3,11,100\n"
                + "4,33,1000\n5,11,100\n6,22,10\n");
        ReplayResult result = TraceReplay.of(csv).ids(2, true).sizeColumn(3).policy("lru:frames=2")
                .byteMissRatio(true).run(PLUGINS);
        Map<String, Number> measures = ((PagingOutcome.Faults) result.paging().get("lru:frames=2")).measures();
        assertThat(result.faults("lru:frames=2")).isEqualTo(4);
        assertThat(measures.get(ByteMisses.BYTES_REQUESTED)).isEqualTo(1320L);
        assertThat(measures.get(ByteMisses.BYTES_MISSED)).isEqualTo(1120L);
        // without a size column, the csv has no sizes; a line without one fails naming it
        assertThatThrownBy(() -> TraceReplay.of(csv).ids(2, true).policy("lru:frames=2").byteMissRatio(true)
                .run(PLUGINS)).isInstanceOf(SpecException.class).hasMessageContaining("gives no object sizes");
        Path cut = Files.writeString(dir.resolve("cut.csv"), "1,11,100\n2,22\n");
        assertThatThrownBy(() -> TraceReplay.of(cut).ids(2, false).sizeColumn(3).policy("lru:frames=2")
                .byteMissRatio(true).run(PLUGINS)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("line 2: '2,22' has no column 3 (expected: a size in column 3 of every line)");
        Path bad = Files.writeString(dir.resolve("bad.csv"), "1,11,many\n");
        assertThatThrownBy(() -> TraceReplay.of(bad).ids(2, false).sizeColumn(3).policy("lru:frames=2")
                .byteMissRatio(true).run(PLUGINS)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("'1,11,many' has no size in column 3 (expected: a whole number of bytes below 2^32)");
    }

    @Test
    void aTraceWithoutSizesRefusesTheByteMissRatio() throws IOException {
        Path trace = classic();
        assertThatThrownBy(() -> TraceReplay.of(trace).policy("lru:frames=2").byteMissRatio(true).run(PLUGINS))
                .isInstanceOf(SpecException.class).hasMessage("byte miss ratio: trace '" + trace + "' is a text "
                        + "trace, which gives no object sizes (expected: a trace with sizes: libCacheSim's "
                        + "oracleGeneral, or an ids trace with a size column)");
    }
}
