package io.heaplab.traces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.plugins.Registry;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.WorkloadProvider;
import io.heaplab.core.trace.PageRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceReplayTest {

    /** The textbook reference string (Silberschatz): LRU faults 12 times in 3 frames, 20 references to 6 pages. */
    private static final int[] CLASSIC = {7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1};
    private static final long[] LRU_CURVE = {20, 17, 12, 8, 7, 6};

    /** LRU by brute force, reference by reference: a count at {@code frames}, or the curve when it is all. */
    private static final class ToyLru implements ReplacementPolicyProvider {
        @Override
        public String name() {
            return "lru";
        }

        @Override
        public String description() {
            return "LRU by brute force, for tests";
        }

        @Override
        public List<Option> options() {
            return List.of(Option.required("frames", OptionType.POSITIVE_INT_OR_ALL, "frames, or all"));
        }

        @Override
        public PagingSimulator create(Options options) {
            boolean all = options.isAll("frames");
            int frames = all ? 0 : options.getInt("frames");
            return new PagingSimulator() {
                private final List<Integer> pages = new ArrayList<>();
                private long references;

                @Override
                public void accept(long[] runs, int length) {
                    for (int i = 0; i < length; i++) {
                        pages.add(PageRun.page(runs[i]));
                        references += PageRun.count(runs[i]);
                    }
                }

                @Override
                public void startMeasuring() {
                    throw new UnsupportedOperationException("no measured phase in these tests");
                }

                @Override
                public PagingOutcome outcome() {
                    int distinct = (int) pages.stream().distinct().count();
                    if (!all) {
                        return new PagingOutcome.Faults(faults(frames));
                    }
                    long[] faults = IntStream.rangeClosed(1, distinct).mapToLong(this::faults).toArray();
                    return PagingOutcome.Curve.ofFrames(faults, new long[distinct], new double[distinct], references);
                }

                private long faults(int frames) {
                    List<Integer> memory = new ArrayList<>();
                    long faults = 0;
                    for (int page : pages) {
                        if (!memory.remove((Integer) page)) {
                            faults++;
                            if (memory.size() == frames) {
                                memory.removeFirst();
                            }
                        }
                        memory.add(page);
                    }
                    return faults;
                }
            };
        }
    }

    private static final Plugins PLUGINS = new Plugins(Registry.of("allocator", List.<AllocatorProvider>of()),
            Registry.of("policy", List.of(new ToyLru())), Registry.of("workload", List.<WorkloadProvider>of()));

    @TempDir
    Path dir;

    private Path classic(String name, int pageSize) throws IOException {
        String lines = IntStream.of(CLASSIC).mapToObj(Integer::toString).collect(Collectors.joining("\n", "", "\n"));
        return Files.writeString(dir.resolve(name), "# heaplab trace v1 page-size=" + pageSize + "\n" + lines);
    }

    @Test
    void aTextTraceReplaysToTheTextbookFaultsWithTypedAccess() throws IOException {
        Path trace = classic("classic.txt", 512);
        ReplayResult result = TraceReplay.of(trace).policies("lru:frames=3", "lru:frames=all").run(PLUGINS);

        assertThat(result.faults("lru:frames=3")).isEqualTo(12);
        assertThat(result.curve("lru:frames=all").faults()).isEqualTo(LRU_CURVE);
        assertThat(result.curve("lru:frames=all").faultsAt(3)).isEqualTo(result.faults("lru:frames=3"));
        assertThat(result.paging().keySet()).containsExactly("lru:frames=3", "lru:frames=all");
        assertThat(result.trace()).isEqualTo(trace);
        assertThat(result.format()).isEqualTo(TraceFormat.TEXT);
        assertThat(result.pageSize()).isEqualTo(512);
        assertThat(result.references()).isEqualTo(20);
        assertThat(result.runs()).isEqualTo(20);
        assertThat(result.distinctPages()).isEqualTo(6);
        assertThat(result.measuredFrom()).isZero();
        assertThat(result.source()).containsExactly(java.util.Map.entry("trace", trace.toString()),
                java.util.Map.entry("format", "text"), java.util.Map.entry("pageSize", 512));
        assertThatThrownBy(() -> result.faults("lru:frames=all")).hasMessageContaining("gave a curve of 6 points");
    }

    @Test
    void aBinaryTraceOfTheSameRunsGivesTheSameResultsAndAReplayRunsAgain() throws IOException {
        Path text = classic("classic.txt", 512);
        Path binary = dir.resolve("classic.hlt");
        try (TraceReader reader = TraceFiles.open(text, null, null);
             TraceWriter writer = TraceFiles.create(binary, TraceFormat.BINARY, 512, true)) {
            reader.replay(writer);
            writer.finish();
            writer.commit();
        }
        TraceReplay replay = TraceReplay.of(binary).policy("lru:frames=all").policy("lru:frames=2");
        ReplayResult first = replay.run(PLUGINS);
        assertThat(first.format()).isEqualTo(TraceFormat.BINARY);
        assertThat(first.paging()).isEqualTo(TraceReplay.of(text).policies("lru:frames=all", "lru:frames=2")
                .run(PLUGINS).paging());
        assertThat(replay.run(PLUGINS)).isEqualTo(first);
        // a page size the trace agrees with is no mistake
        assertThat(replay.pageSize(512).run(PLUGINS).paging()).isEqualTo(first.paging());
    }

    @Test
    void aLackeyTraceIsCutIntoPagesOfTheSizeGiven() throws IOException {
        Path lackey = Path.of("src/test/resources/lackey/tiny.lackey");
        ReplayResult pages4k = TraceReplay.of(lackey).policy("lru:frames=4").run(PLUGINS);
        ReplayResult pages1k = TraceReplay.of(lackey).pageSize(1024).policy("lru:frames=4").run(PLUGINS);
        ReplayResult code = TraceReplay.of(lackey).format(TraceFormat.LACKEY).instructions(true)
                .policy("lru:frames=4").run(PLUGINS);
        assertThat(pages4k.format()).isEqualTo(TraceFormat.LACKEY);
        assertThat(pages4k.pageSize()).isEqualTo(4096);
        assertThat(pages1k.pageSize()).isEqualTo(1024);
        assertThat(pages1k.distinctPages()).isGreaterThan(pages4k.distinctPages());
        assertThat(pages1k.references()).isEqualTo(pages4k.references());
        assertThat(code.references()).isGreaterThan(pages4k.references());
        assertThat(pages4k.faults("lru:frames=4")).isPositive();
    }

    @Test
    void mistakesFailInOneLineBeforeAnythingIsRead() throws IOException {
        Path trace = classic("classic.txt", 512);
        assertThatThrownBy(() -> TraceReplay.of(trace).policies("lru:frames=3", "lru: frames=3").run(PLUGINS))
                .isInstanceOf(SpecException.class).hasMessage("policy 'lru:frames=3' given twice (expected: each once)");
        assertThatThrownBy(() -> TraceReplay.of(trace).policy("fifo:frames=3").check(PLUGINS))
                .isInstanceOf(SpecException.class).hasMessageStartingWith("unknown policy 'fifo'");
        assertThatThrownBy(() -> TraceReplay.of(dir.resolve("missing")).policy("lru:frames=3").check(PLUGINS))
                .isInstanceOf(SpecException.class)
                .hasMessage("trace '" + dir.resolve("missing") + "' is not a file: no such file or directory"
                        + " (expected: a trace to read)");
        assertThatThrownBy(() -> TraceReplay.of(dir).run(PLUGINS)).hasMessageContaining("is not a file");
        assertThatThrownBy(() -> TraceReplay.of(trace).pageSize(1000))
                .hasMessage("pageSize: 1000 (expected: a power of 2)");
        assertThatThrownBy(() -> TraceReplay.of(trace).pageSize(1024).policy("lru:frames=3").run(PLUGINS))
                .isInstanceOf(SpecException.class).hasMessage("trace '" + trace + "' was recorded with 512-byte "
                        + "pages, not 1024 (expected: a page size for lackey and address traces only, whose addresses"
                        + " are bytes)")
                .hasMessageNotContaining("--");
        assertThatThrownBy(() -> TraceReplay.of(trace).format(TraceFormat.BINARY).run(PLUGINS))
                .isInstanceOf(TraceFormatException.class);
    }
}
