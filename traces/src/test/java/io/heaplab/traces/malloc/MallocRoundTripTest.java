package io.heaplab.traces.malloc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Any trace written in either writable format reads back equal, event for event. */
class MallocRoundTripTest {

    @Provide
    Arbitrary<MallocTrace> traces() {
        Arbitrary<long[]> event = Combinators.combine(Arbitraries.integers().between(0, 5),
                Arbitraries.integers().between(0, 3), Arbitraries.longs().between(0, 1L << 47),
                Arbitraries.longs().between(0, 1L << 47), Arbitraries.longs().between(0, 1 << 20),
                Arbitraries.longs().between(1, 64)).as((op, thread, a, b, size, n) ->
                new long[] {op, thread, a, b, size, n});
        return Combinators.combine(event.list().ofMaxSize(200), Arbitraries.strings().alpha().ofMaxLength(20))
                .as(MallocRoundTripTest::build);
    }

    private static MallocTrace build(List<long[]> events, String provenance) {
        MallocTrace.Builder trace = MallocTrace.builder().provenance(provenance);
        for (long[] e : events) {
            int thread = (int) e[1] * 1000;
            switch ((int) e[0]) {
                case 0 -> trace.malloc(thread, e[2], e[4]);
                case 1 -> trace.calloc(thread, e[2], e[5], e[4]);
                case 2 -> trace.realloc(thread, e[2], e[3], e[4]);
                case 3 -> trace.memalign(thread, e[2], 1L << (e[5] % 16), e[4]);
                case 4 -> trace.free(thread, e[3]);
                default -> trace.threadDone(thread);
            }
        }
        return trace.build();
    }

    @Property(tries = 60)
    void heaplabsFormatGivesBackWhatItWasGiven(@ForAll("traces") MallocTrace trace, @ForAll boolean deflate)
            throws IOException {
        Path file = Files.createTempFile("round", ".hmt");
        try {
            HeaplabMallocFormat.write(trace, file, deflate);
            assertThat(MallocTraces.read(file)).isEqualTo(trace);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Property(tries = 60)
    void androidTextGivesBackWhatItWasGiven(@ForAll("traces") MallocTrace trace) throws IOException {
        Path file = Files.createTempFile("round", ".txt");
        try {
            AndroidMallocFormat.write(trace, file);
            assertThat(AndroidMallocFormat.read(file)).isEqualTo(trace);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
