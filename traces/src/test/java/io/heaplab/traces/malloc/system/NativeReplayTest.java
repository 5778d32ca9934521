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
        assertThat(glibc.fastestPerCall()).isLessThanOrEqualTo(glibc.nanosPerCall());
        assertThat(glibc.nanosPerCall()).isLessThanOrEqualTo(glibc.slowestPerCall());
        // 4 MiB + 16 KiB written at the peak: 1,024 pages of the mapping and the chunk's few
        assertThat(glibc.peakBytes()).isBetween((4L << 20), (4L << 20) + 64 * 1024);
        // the mapping is unmapped by free: what stays is the 16,000-byte block in the arena
        assertThat(glibc.finalBytes()).isBetween(16_000L, 200 * 1024L);
        // the allocator-free run has the replayer's own memory, which is no part of the heap
        assertThat(glibc.baseline().anonKb()).isPositive();
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
    }
}
