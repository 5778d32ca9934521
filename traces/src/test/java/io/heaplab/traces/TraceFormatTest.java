package io.heaplab.traces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.Traces.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceFormatTest {

    @TempDir
    Path dir;

    private TraceFormat detect(String content) throws IOException {
        Path file = dir.resolve("sniffed");
        Files.writeString(file, content);
        return TraceFormat.detect(file);
    }

    private TraceFormat detect(byte[] content) throws IOException {
        Path file = dir.resolve("sniffed");
        Files.write(file, content);
        return TraceFormat.detect(file);
    }

    @Test
    void binaryTracesAreDetectedByTheirMagicCompressedOrNot() throws IOException {
        Trace trace = new Trace(new long[] {PageRun.pack(1, 2, true)}, List.of());
        for (boolean compress : new boolean[] {false, true}) {
            Path file = dir.resolve("t" + compress + ".hlt");
            Traces.write(file, TraceFormat.BINARY, 4096, compress, trace, 1);
            assertThat(TraceFormat.detect(file)).isEqualTo(TraceFormat.BINARY);
            assertThat(Traces.read(file).runs()).containsExactly(trace.runs());
        }
        assertThat(detect("HLT")).isEqualTo(TraceFormat.BINARY);  // cut inside the magic: still ours
    }

    @Test
    void aForeignBinaryFileGoesToTheBinaryReader() throws IOException {
        assertThat(detect(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0})).isEqualTo(TraceFormat.BINARY);
        assertThat(detect("12\n\0\n")).isEqualTo(TraceFormat.BINARY);
    }

    @Test
    void lackeyIsDetectedByALogLineOrAnAccess() throws IOException {
        assertThat(detect("==123== Lackey, an example Valgrind tool\nI  0040,2\n")).isEqualTo(TraceFormat.LACKEY);
        assertThat(detect("\n\nI  0040,2\n L 10,4\n")).isEqualTo(TraceFormat.LACKEY);
        assertThat(detect(" S 1fff000758,8\r\n")).isEqualTo(TraceFormat.LACKEY);
        assertThat(detect("==123==\n")).isEqualTo(TraceFormat.LACKEY);
    }

    @Test
    void everythingElseIsText() throws IOException {
        assertThat(detect("# heaplab trace v1 page-size=4096\n1\n")).isEqualTo(TraceFormat.TEXT);
        assertThat(detect("1\n2 W\n")).isEqualTo(TraceFormat.TEXT);
        assertThat(detect("\n  \n# comment\n 1 R\n")).isEqualTo(TraceFormat.TEXT);
        assertThat(detect("")).isEqualTo(TraceFormat.TEXT);
        assertThat(detect("x12\n")).isEqualTo(TraceFormat.TEXT);  // garbage text: the text reader says which line
    }

    @Test
    void namesParseToTheirConstants() {
        assertThat(TraceFormat.parse("binary")).isEqualTo(TraceFormat.BINARY);
        assertThat(TraceFormat.parse("TEXT")).isEqualTo(TraceFormat.TEXT);
        assertThat(TraceFormat.parse(" lackey ")).isEqualTo(TraceFormat.LACKEY);
        for (TraceFormat format : TraceFormat.values()) {
            assertThat(TraceFormat.parse(format.label())).isEqualTo(format);
        }
        assertThat(TraceFormat.LACKEY.label()).isEqualTo("lackey");
        assertThatThrownBy(() -> TraceFormat.parse("bin")).isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("format: 'bin' (expected: " + TraceFormats.builtIn().expected() + ")");
        assertThatThrownBy(() -> TraceFormat.parse(null)).isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("format: null (expected: " + TraceFormats.builtIn().expected() + ")");
    }
}
