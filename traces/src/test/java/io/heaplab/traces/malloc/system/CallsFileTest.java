package io.heaplab.traces.malloc.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.traces.malloc.MallocTrace;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The calls the native replayer reads: the bytes of a small file, the odd events settled as {@code malloc replay}
 * settles them, and the live bytes the same as the trace's own profile.
 */
class CallsFileTest {

    @TempDir
    Path dir;

    private static List<long[]> calls(Path file) throws Exception {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        bytes.position(CallsFile.HEADER);
        List<long[]> calls = new ArrayList<>();
        while (bytes.hasRemaining()) {
            calls.add(new long[] {bytes.getInt(), bytes.getInt(), bytes.getLong(), bytes.getLong()});
        }
        return calls;
    }

    @Test
    void aSmallTraceGivesTheseBytes() throws Exception {
        MallocTrace trace = MallocTrace.builder().malloc(1, 0x100, 24).calloc(1, 0x200, 3, 8).free(1, 0x100)
                .build();
        Path file = dir.resolve("calls.bin");
        CallsFile.Profile profile = CallsFile.write(trace, file);
        assertThat(HexFormat.of().formatHex(Files.readAllBytes(file))).isEqualTo(
                // "HLCALLS1", 3 calls, 2 slots, a sample every call, the peak after call 1, no flags
                "484c43414c4c5331" + "0300000000000000" + "0200000000000000" + "0100000000000000"
                        + "0100000000000000" + "0000000000000000"
                        // malloc slot 0 of 24 bytes; calloc slot 1 of 3 x 8 bytes; free slot 0
                        + "01000000" + "00000000" + "1800000000000000" + "0000000000000000"
                        + "02000000" + "01000000" + "1800000000000000" + "0300000000000000"
                        + "05000000" + "00000000" + "0000000000000000" + "0000000000000000");
        assertThat(profile.peakLiveBytes()).isEqualTo(48);
        assertThat(profile.sampleCalls()).containsExactly(1, 2, 3);
        assertThat(profile.sampleLive()).containsExactly(24, 48, 24);
    }

    @Test
    void oddEventsAreSettledAsAReplaySettlesThem() throws Exception {
        MallocTrace trace = MallocTrace.builder()
                .malloc(1, 0, 10)                 // failed in the program: no call
                .free(1, 0)                       // free(NULL): no call
                .free(1, 0x500)                   // never allocated: no call
                .malloc(1, 0x100, 10)             // slot 0
                .malloc(1, 0x100, 20)             // 0x100 again while live: its free, then slot 0 again
                .realloc(1, 0x300, 0x100, 50)     // moved: keeps slot 0, the old size as aux
                .realloc(1, 0x400, 0, 7)          // realloc(NULL, 7): a malloc, slot 1
                .memalign(1, 0x800, 24, 100)      // alignment 24 raised to 32
                .realloc(1, 0, 0x300, 0)          // realloc(p, 0) that returned NULL: a free
                .build();
        Path file = dir.resolve("calls.bin");
        CallsFile.Profile profile = CallsFile.write(trace, file);
        assertThat(calls(file)).containsExactly(
                new long[] {CallsFile.MALLOC, 0, 10, 0},
                new long[] {CallsFile.FREE, 0, 0, 0},
                new long[] {CallsFile.MALLOC, 0, 20, 0},
                new long[] {CallsFile.REALLOC, 0, 50, 20},
                new long[] {CallsFile.MALLOC, 1, 7, 0},
                new long[] {CallsFile.MEMALIGN, 2, 100, 32},
                new long[] {CallsFile.FREE, 0, 0, 0});
        assertThat(profile.slots()).isEqualTo(3);
        assertThat(profile.peakLiveBytes()).isEqualTo(157);
        assertThat(profile.peakLiveBlocks()).isEqualTo(3);
        assertThat(profile.peakLiveBytes()).isEqualTo(trace.liveProfile().peakLiveBytes());
    }

    @Property(tries = 50)
    void theLivePeakIsTheTracesOwn(@ForAll @IntRange(min = 1, max = 2000) int events,
                                   @ForAll @IntRange(min = 0, max = 1000) int seed) throws Exception {
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        MallocTrace.Builder trace = MallocTrace.builder();
        List<Long> live = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            int choice = random.nextInt(10);
            long pointer = 16L * (1 + random.nextInt(400));
            if (choice < 5) {
                trace.malloc(1, random.nextInt(20) == 0 ? 0 : pointer, random.nextInt(3000));
                live.add(pointer);
            } else if (choice < 8 || live.isEmpty()) {
                trace.free(1, live.isEmpty() || random.nextInt(10) == 0 ? pointer : live.remove(0));
            } else {
                trace.realloc(1, pointer, live.remove(live.size() - 1), random.nextInt(5000));
                live.add(pointer);
            }
        }
        MallocTrace built = trace.build();
        Path file = Files.createTempFile("heaplab-calls", ".bin"); // jqwik gives a property no @TempDir
        CallsFile.Profile profile;
        long size;
        try {
            profile = CallsFile.write(built, file);
            size = Files.size(file);
        } finally {
            Files.delete(file);
        }
        assertThat(profile.peakLiveBytes()).isEqualTo(built.liveProfile().peakLiveBytes());
        assertThat(size).isEqualTo(CallsFile.HEADER + CallsFile.RECORD * profile.calls());
        long[] calls = profile.sampleCalls();
        assertThat(calls.length == 0 ? 0 : calls[calls.length - 1]).as("the last call is sampled")
                .isEqualTo(profile.calls());
    }
}
