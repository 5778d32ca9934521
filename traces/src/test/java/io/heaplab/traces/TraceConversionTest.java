package io.heaplab.traces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.Traces.Trace;
import io.heaplab.traces.heaplab.BinaryTraceFormat;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceConversionTest {

    @TempDir
    Path dir;

    private static long run(int page, int count, boolean write) {
        return PageRun.pack(page, count, write);
    }

    @Test
    void aWholeTraceConvertsToTheSameRunsDeflated() throws IOException {
        Trace trace = new Trace(new long[] {run(3, 5, false), run(7, 1, true), run(3, 2, false), run(9, 4, true)},
                List.of(2));
        Path text = dir.resolve("in.txt");
        Traces.write(text, TraceFormat.TEXT, 512, false, trace, 3);
        Path out = dir.resolve("out.hlt");

        ConversionResult result = TraceConversion.of(text).to(out);

        assertThat(result).isEqualTo(new ConversionResult(text.toString(), TraceFormat.TEXT, 512, 0, 12, 4, 2, 3,
                false));
        assertThat(TraceFormat.detect(out)).isEqualTo(TraceFormat.BINARY);
        assertThat(Files.readAllBytes(out)[11] & BinaryTraceFormat.FLAG_DEFLATED).isNotZero();
        Trace back = Traces.read(out);
        assertThat(back.runs()).containsExactly(Traces.read(text).runs());
        assertThat(back.markers()).containsExactly(2);
        try (TraceReader reader = TraceFiles.open(out, null, null)) {
            assertThat(reader.pageSize()).isEqualTo(512);
        }
    }

    @Test
    void theLimitSplitsTheLastRunAndTheSkipTheFirst() throws IOException {
        Trace trace = new Trace(new long[] {run(0, 4, false), run(1, 6, true), run(2, 5, false)}, List.of());
        Path in = dir.resolve("in.hlt");
        Traces.write(in, TraceFormat.BINARY, 4096, false, trace, 10);

        Path limited = dir.resolve("limited.hlt");
        ConversionResult cut = TraceConversion.of(in).limit(7).to(limited);
        assertThat(Traces.read(limited).runs()).containsExactly(run(0, 4, false), run(1, 3, true));
        assertThat(cut.references()).isEqualTo(7);
        assertThat(cut.cut()).isTrue();

        Path window = dir.resolve("window.hlt");
        ConversionResult middle = TraceConversion.of(in).skip(3).limit(9).compress(false).to(window);
        assertThat(Traces.read(window).runs()).containsExactly(run(0, 1, false), run(1, 6, true), run(2, 2, false));
        assertThat(middle.skipped()).isEqualTo(3);
        assertThat(middle.distinctPages()).isEqualTo(3);

        Path all = dir.resolve("all.hlt");
        ConversionResult whole = TraceConversion.of(in).limit(1000).to(all);
        assertThat(whole.cut()).isFalse();
        assertThat(whole.references()).isEqualTo(15);
    }

    @Test
    void aLackeyStreamIsReadUntilTheLimitOnlyAndRenumberedInsideTheWindow() throws IOException {
        StringBuilder lackey = new StringBuilder("==1== Lackey\n");
        lackey.append("I  00400000,4\n L 7ff000,8\n");           // pages 0x400 and 0x7ff: skipped
        lackey.append(" S 900000,8\n L 7ff008,8\n M 900010,4\n"); // page 0x900 (a write), 0x7ff, 0x900
        for (int i = 0; i < 100_000; i++) {
            lackey.append(i % 2 == 0 ? " L a00000,8\n" : " L b00000,8\n");
        }
        AtomicInteger read = new AtomicInteger();
        InputStream in = new ByteArrayInputStream(lackey.toString().getBytes(StandardCharsets.US_ASCII)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                int n = super.read(b, off, len);
                read.addAndGet(Math.max(n, 0));
                return n;
            }
        };
        Path out = dir.resolve("stdin.hlt");
        ConversionResult result = TraceConversion.of(in, "standard input").instructions(true).skip(2).limit(5)
                .to(out);

        // in the window, 0x900 is page 0, 0x7ff page 1, 0xa00 page 2, 0xb00 page 3
        assertThat(Traces.read(out).runs()).containsExactly(run(0, 1, true), run(1, 1, false), run(0, 1, true),
                run(2, 1, false), run(3, 1, false));
        assertThat(result.format()).isEqualTo(TraceFormat.LACKEY);
        assertThat(result.source()).isEqualTo("standard input");
        assertThat(result.cut()).isTrue();
        assertThat(read.get()).as("bytes read of a stream cut at the limit").isLessThan(lackey.length());
    }

    @Test
    void badInputNamesTheCulpritAndLeavesNothingBehind() throws IOException {
        Path bad = dir.resolve("bad.lackey");
        Files.writeString(bad, "==1== Lackey\n L 1000,8\n X nonsense\n");
        Path out = dir.resolve("out.hlt");
        assertThatThrownBy(() -> TraceConversion.of(bad).format(TraceFormat.LACKEY).to(out))
                .isInstanceOf(TraceFormatException.class).hasMessageStartingWith(bad + ": line 3: ");
        assertThatThrownBy(() -> TraceConversion.of(new ByteArrayInputStream(" X 1,1\n".getBytes(
                StandardCharsets.US_ASCII)), "standard input").format(TraceFormat.LACKEY).to(out))
                .hasMessageStartingWith("standard input: line 1: ");
        assertThatThrownBy(() -> TraceConversion.of(dir.resolve("missing")).to(out))
                .isInstanceOf(SpecException.class).hasMessageContaining("is not a file");
        Path text = dir.resolve("in.txt");
        Files.writeString(text, "# heaplab trace v1 page-size=512\n1\n2\n");
        assertThatThrownBy(() -> TraceConversion.of(text).pageSize(4096).to(out))
                .isInstanceOf(SpecException.class).hasMessageContaining("512-byte pages, not 4096");
        assertThatThrownBy(() -> TraceConversion.of(text).limit(0)).hasMessage(
                "limit: 0 (expected: 1 or more references)");
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactlyInAnyOrder(bad, text);
        }
    }
}
