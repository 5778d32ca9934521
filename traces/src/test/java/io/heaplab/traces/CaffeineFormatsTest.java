package io.heaplab.traces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trace formats Caffeine's simulator reads beside libCacheSim's: the ARC, UCSD address and LIRS traces. */
class CaffeineFormatsTest {

    @TempDir
    Path dir;

    private Traces.Trace text(String pages) throws IOException {
        return Traces.read(Files.writeString(dir.resolve("same.txt"), pages), TraceFormat.TEXT, null);
    }

    @Test
    void anArcLineReadsItsRunOfBlocks() throws IOException {
        Path arc = Files.writeString(dir.resolve("P1.lis"), "100 3 0 1\n\n5000000000 1 0 2\n101 2 0 3\n");
        Traces.Trace trace = Traces.read(arc, TraceFormat.ARC, null);
        // blocks 100 101 102, then a far block, then 101 102 again
        assertThat(trace.runs()).isEqualTo(text("0\n1\n2\n3\n1\n2\n").runs());
        Path bad = Files.writeString(dir.resolve("bad.lis"), "100 x 0 1\n");
        assertThatThrownBy(() -> Traces.read(bad, TraceFormat.ARC, null)).isInstanceOf(TraceFormatException.class)
                .hasMessage(bad + ": line 1: '100 x 0 1' (expected: a count of blocks, a whole number, as in"
                        + " '1024 8 0 1')");
        Path huge = Files.writeString(dir.resolve("huge.lis"), "1 999999999 0 1\n");
        assertThatThrownBy(() -> Traces.read(huge, TraceFormat.ARC, null))
                .hasMessageContaining("a count of 999999999 blocks (expected: 1 to 16777216)");
    }

    @Test
    void aUcsdAddressIsAPageOfItsBytesAndAStoreWritesIt() throws IOException {
        Path ucsd = Files.writeString(dir.resolve("gcc.trace"),
                "l 0x1fffff50 1\ns 0x1fffff58 3\nl 0x30000000 2\nL 0x1FFFFF00 0\n");
        Traces.Trace trace = Traces.read(ucsd, TraceFormat.ADDRESS, new ReadOptions(4096, false));
        // the first two share a 4 KiB page, written by the store; the last comes back to it
        assertThat(trace.runs()).isEqualTo(text("0 W\n0 W\n1\n0\n").runs());
        // with 64-byte pages the load and the store still share one, the last address has its own
        Traces.Trace small = Traces.read(ucsd, TraceFormat.ADDRESS, new ReadOptions(64, false));
        assertThat(small.runs()).isEqualTo(text("0 W\n0 W\n1\n2\n").runs());
        Path bad = Files.writeString(dir.resolve("bad.trace"), "x 0x10 1\n");
        assertThatThrownBy(() -> Traces.read(bad, TraceFormat.ADDRESS, null))
                .hasMessage(bad + ": line 1: 'x 0x10 1' (expected: a line that starts with l (load) or s (store))");
        Path noAddress = Files.writeString(dir.resolve("none.trace"), "l zz 1\n");
        assertThatThrownBy(() -> Traces.read(noAddress, TraceFormat.ADDRESS, null))
                .hasMessageContaining("(expected: a hexadecimal address of up to 16 digits after l or s");
    }

    @Test
    void aLirsTraceIsAnIdPerLineWithStarsBetweenItsParts() throws IOException {
        Path lirs = Files.writeString(dir.resolve("ps.trc"), "7\n8\n*\n7\n\n * \t\n9\n");
        assertThat(Traces.read(lirs, TraceFormat.IDS, null).runs()).isEqualTo(text("0\n1\n0\n2\n").runs());
    }
}
