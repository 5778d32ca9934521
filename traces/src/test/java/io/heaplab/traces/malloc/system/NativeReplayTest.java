package io.heaplab.traces.malloc.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.heaplab.traces.malloc.CCompiler;
import io.heaplab.traces.malloc.MallocTrace;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native replayer on traces of known calls, under the C library's malloc (always there) and, where installed,
 * the others: the peak of resident memory against the live bytes worked by hand, the replayer's own memory taken
 * off, blocks returned at the end, and the faults.
 */
class NativeReplayTest {

    private static final int PAGE = 4096;
    /** Below glibc's mmap threshold (128 KiB), so the blocks come from the heap that sbrk grows. */
    private static final int BLOCK = 40_000;
    private static final int BLOCKS = 200;

    @TempDir
    static Path dir;

    private static Map<String, String> environment;
    private static NativeReplay replay;

    @BeforeAll
    static void needsACompiler() {
        environment = new HashMap<>(System.getenv());
        boolean compiler;
        try {
            new CCompiler(dir.resolve("cache"), environment, "test").compiler();
            compiler = true;
        } catch (CCompiler.CompileException e) {
            compiler = false;
        }
        assumeTrue(compiler, "no C compiler on this machine");
        replay = new NativeReplay(dir.resolve("cache"), environment);
    }

    /** 200 blocks of 40,000 bytes allocated, then all freed: 8,000,000 bytes live at the peak. */
    private static MallocTrace rampAndDrain() {
        MallocTrace.Builder trace = MallocTrace.builder();
        for (int i = 0; i < BLOCKS; i++) {
            trace.malloc(1, 0x10000 + i * 0x10000L, BLOCK);
        }
        for (int i = 0; i < BLOCKS; i++) {
            trace.free(1, 0x10000 + i * 0x10000L);
        }
        return trace.build();
    }

    @Test
    void glibcsPeakIsTheLiveBytesInTheirChunksRoundedToPages() throws Exception {
        NativeMeasures glibc = replay.replay(rampAndDrain(), List.of(new SystemAllocator("glibc", null)), 1, () -> {
        }).getFirst();
        assertThat(glibc.profile().peakLiveBytes()).isEqualTo(8_000_000);
        assertThat(glibc.profile().calls()).isEqualTo(400);
        // each chunk is the request and glibc's 8-byte size word rounded to 16: 40,016 bytes, contiguous from the
        // break, every byte written, so 200 chunks fill ceil(8,003,200 / 4096) = 1,954 pages; the top pad sbrk adds
        // beyond them (128 KiB) is never touched. The slack allows the arena's first page and a page either side.
        long chunks = (long) BLOCKS * 40_016;
        long pages = (chunks + PAGE - 1) / PAGE;
        assertThat(glibc.peakBytes()).as("peak resident heap").isBetween(pages * PAGE - PAGE, (pages + 3) * PAGE);
        // the peak is at the call of most live bytes: the 200th
        int peak = glibc.peakSample();
        assertThat(glibc.profile().sampleCalls()[peak]).isEqualTo(BLOCKS);
        assertThat(glibc.profile().sampleLive()[peak]).isEqualTo(8_000_000);
        // freeing everything coalesces into top, and free trims a top above 128 KiB: nearly nothing stays resident
        assertThat(glibc.finalBytes()).as("resident at the end").isLessThan(256 * 1024);
        // every page of the heap was touched once, a minor fault each
        assertThat(glibc.minorFaults()).isBetween(pages - 2, pages + 64);
        assertThat(glibc.failed()).isZero();
        assertThat(glibc.nanosPerCall()).isPositive();
    }

    @Test
    void aBlockAboveTheMmapThresholdIsResidentUntilFreedAndTheReplayersOwnTableIsTakenOff() throws Exception {
        MallocTrace.Builder trace = MallocTrace.builder();
        trace.malloc(1, 0x1000, 4 << 20);           // 4 MiB: glibc maps it
        trace.calloc(1, 0x2000, 1000, 8);           // 8,000 bytes
        trace.realloc(1, 0x3000, 0x2000, 16_000);   // moved: the old block freed
        trace.free(1, 0x1000);
        trace.free(1, 0x9999);                      // never allocated: dropped
        trace.malloc(1, 0, 100);                    // failed in the program: dropped
        MallocTrace built = trace.build();
        NativeMeasures glibc = replay.replay(built, List.of(new SystemAllocator("glibc", null)), 3, () -> {
        }).getFirst();
        assertThat(glibc.profile().calls()).as("the two dropped events make no call").isEqualTo(4);
        assertThat(glibc.repeats()).isEqualTo(3);
        // 4 MiB written at the peak, 1,024 pages of the mapping, and the arena's few for the small blocks
        assertThat(glibc.peakBytes()).isBetween((4L << 20), (4L << 20) + 64 * 1024);
        // the mapping is unmapped by free: what stays is the 16,000-byte block in the arena, of which the 8,000
        // bytes realloc copied are written (the bytes it added are left unwritten, as malloc replay leaves them)
        assertThat(glibc.finalBytes()).isBetween(8_000L, 200 * 1024L);
        // the heap at each sample is the run's resident memory less the allocator-free run's at the same call
        for (int i = 0; i < glibc.heapAtSamples().length; i++) {
            assertThat(glibc.heapAtSamples()[i]).isEqualTo(Math.max(0,
                    glibc.run().sampleAnon()[i] - glibc.baseline().sampleAnon()[i]));
        }
        assertThat(java.util.Arrays.stream(glibc.baseline().sampleAnon()).min().orElse(0)).as("the replayer's own"
                + " memory at every sample").isPositive();
    }

    /**
     * 10,002 calls sample every third call (ceil(10,002 / 4,096) = 3), the call of most live bytes (the 5,002nd, not
     * a multiple of 3) and the last; the replayer's samples must be at exactly those calls, or reading them fails.
     */
    @Test
    void theReplayerSamplesAtTheCallsTheProfileLists() throws Exception {
        MallocTrace.Builder trace = MallocTrace.builder();
        for (int i = 0; i < 5_001; i++) {
            trace.malloc(1, 0x1000 + 16L * i, 100);
        }
        trace.calloc(1, 0x900000, 3, 1000);      // 3,000 bytes in 3 elements of 1,000
        for (int i = 0; i < 5_000; i++) {
            trace.free(1, 0x1000 + 16L * i);
        }
        MallocTrace built = trace.build();
        NativeMeasures glibc = replay.replay(built, List.of(new SystemAllocator("glibc", null)), 1, () -> {
        }).getFirst();
        CallsFile.Profile profile = glibc.profile();
        assertThat(profile.calls()).isEqualTo(10_002);
        assertThat(profile.sampleEvery()).isEqualTo(3);
        assertThat(profile.peakCall()).isEqualTo(5_001);
        assertThat(profile.sampleCalls()).contains(3, 5_001, 5_002, 10_002).doesNotContain(5_000, 5_003);
        assertThat(profile.sampleCalls()).hasSize(3_334 + 1);
        assertThat(profile.peakLiveBytes()).isEqualTo(503_100);
        assertThat(glibc.heapAtSamples()[glibc.peakSample()]).isGreaterThanOrEqualTo(503_100);
    }

    /**
     * A block of 100,000 bytes beside glibc's top grown to 120,000: glibc's realloc extends it in place, and the
     * 20,000 new bytes are left unwritten, so about 100,000 bytes are resident at the peak; made a malloc, a copy and
     * a free, both blocks are written at once, about 200,000.
     */
    @Test
    void aMovingReallocHoldsBothBlocksWhereGlibcGrowsInPlace() throws Exception {
        MallocTrace grow = MallocTrace.builder().malloc(1, 0x1000, 100_000).realloc(1, 0x1000, 0x1000, 120_000)
                .build();
        SystemAllocator glibc = new SystemAllocator("glibc", null);
        NativeMeasures inPlace = replay.replay(grow, List.of(glibc), 1, false, () -> {
        }).getFirst();
        NativeMeasures moving = replay.replay(grow, List.of(glibc), 1, true, () -> {
        }).getFirst();
        assertThat(inPlace.peakBytes()).isBetween(100_000L - PAGE, 100_000L + 3L * PAGE);
        assertThat(moving.peakBytes()).isBetween(200_000L - PAGE, 200_000L + 3L * PAGE);
    }

    @Test
    void aTraceOfNoCallsReplaysToNothing() throws Exception {
        MallocTrace nothing = MallocTrace.builder().free(1, 0x10).malloc(1, 0, 5).build();
        NativeMeasures glibc = replay.replay(nothing, List.of(new SystemAllocator("glibc", null)), 1, () -> {
        }).getFirst();
        assertThat(glibc.profile().calls()).isZero();
        assertThat(glibc.heapAtSamples()).isEmpty();
        assertThat(glibc.peakBytes()).isZero();
    }

    @Test
    void aLibraryTheLoaderCannotPreloadIsRefusedRatherThanMeasuredAsGlibc() throws Exception {
        Path notALibrary = java.nio.file.Files.writeString(dir.resolve("libnot.so"), "not an ELF file\n");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> replay.replay(rampAndDrain(),
                        List.of(SystemAllocator.find("mine=" + notALibrary, List.of())), 1, () -> {
                        }))
                .isInstanceOf(NativeReplay.ReplayException.class)
                .hasMessageStartingWith("malloc native: " + notALibrary + " cannot be preloaded for mine");
    }

    @Test
    void everyInstalledAllocatorReplaysTheSameCalls() throws Exception {
        List<SystemAllocator> installed = new java.util.ArrayList<>();
        for (String name : SystemAllocator.KNOWN) {
            try {
                installed.add(SystemAllocator.find(name, SystemAllocator.libraryDirectories()));
            } catch (SystemAllocator.NotInstalled e) {
                assertThat(e.getMessage()).startsWith(name + " is not installed").contains("apt-get install lib");
            }
        }
        List<NativeMeasures> all = replay.replay(rampAndDrain(), installed, 1, () -> {
        });
        assertThat(all).hasSameSizeAs(installed);
        for (NativeMeasures m : all) {
            // whatever the allocator, 8,000,000 bytes written must be resident at the peak; no allocator here
            // needs twice that
            assertThat(m.peakBytes()).as(m.allocator().name()).isBetween(8_000_000L, 16_000_000L);
            assertThat(m.failed()).isZero();
        }
        // each library really was loaded: a silently ignored preload would give glibc's own figures
        for (NativeMeasures m : all) {
            if (m.allocator().library() != null) {
                assertThat(m.peakBytes()).as(m.allocator().name() + " beside glibc")
                        .isNotEqualTo(all.getFirst().peakBytes());
            }
        }
    }
}
