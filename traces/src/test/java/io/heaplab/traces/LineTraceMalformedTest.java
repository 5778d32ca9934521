package io.heaplab.traces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.Traces.Trace;
import io.heaplab.traces.heaplab.BinaryTraceFormat;
import io.heaplab.traces.kit.AsciiLines;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed ARC, UCSD address and id traces: each stops with one line naming the file, the line and what was
 * expected there. A last line without its newline is a line like any other, and an empty file an empty trace.
 */
class LineTraceMalformedTest {

    static final String ARC_FIRST = "(expected: a first block, a whole number, as in '1024 8 0 1')";
    static final String ARC_COUNT = "(expected: a count of blocks, a whole number, as in '1024 8 0 1')";
    static final String ADDRESS_KIND = "(expected: a line that starts with l (load) or s (store))";
    static final String ADDRESS_HEX = "(expected: a hexadecimal address of up to 16 digits after l or s, as in"
            + " 'l 0x1fffff50 1')";

    @TempDir
    Path dir;

    /** The message of reading {@code content} as {@code format}, after checking it is one line about the file. */
    private String failure(String content, TraceFormat format, ReadOptions options) throws IOException {
        Path file = Files.write(dir.resolve("trace"), content.getBytes(StandardCharsets.ISO_8859_1));
        Throwable thrown = catchThrowable(() -> Traces.read(file, format, options));
        assertThat(thrown).as("reading %s as %s", content, format).isInstanceOf(TraceFormatException.class);
        assertThat(thrown.getMessage()).startsWith(file + ": line ").doesNotContain("\n", "\r");
        return thrown.getMessage().substring((file + ": ").length());
    }

    private Trace read(String content, TraceFormat format, ReadOptions options) throws IOException {
        return Traces.read(Files.writeString(dir.resolve("trace"), content), format, options);
    }

    private static long run(int page, int count, boolean write) {
        return PageRun.pack(page, count, write);
    }

    static Stream<Arguments> badArcLines() {
        return Stream.of(
                Arguments.of("x 3 0 1\n", "line 1: 'x 3 0 1' " + ARC_FIRST),
                Arguments.of("-100 3 0 1\n", "line 1: '-100 3 0 1' " + ARC_FIRST),
                Arguments.of("100,3,0,1\n", "line 1: '100,3,0,1' " + ARC_FIRST),
                Arguments.of("# a comment\n", "line 1: '# a comment' " + ARC_FIRST),
                Arguments.of("100 3x 0 1\n", "line 1: '100 3x 0 1' " + ARC_COUNT),
                Arguments.of("100 -3 0 1\n", "line 1: '100 -3 0 1' " + ARC_COUNT),
                Arguments.of("100\n", "line 1: '100' " + ARC_COUNT),
                Arguments.of("100 0 0 1\n", "line 1: '100 0 0 1': a count of 0 blocks (expected: 1 to 16777216)"),
                Arguments.of("100 16777217 0 1\n",
                        "line 1: '100 16777217 0 1': a count of 16777217 blocks (expected: 1 to 16777216)"),
                // the line number counts blank lines, and a \r before the newline is not part of the line
                Arguments.of("1 1 0 0\n\n   \n2 z 0 0\n", "line 4: '2 z 0 0' " + ARC_COUNT),
                Arguments.of("1 1 0 0\r\n2 z 0 0\r\n", "line 2: '2 z 0 0' " + ARC_COUNT),
                // control characters and bytes past ASCII are shown escaped, so the message stays one line
                Arguments.of("1 1 0 0\n\u0000\u0001\rz\u00ff 1 0 0\n", "line 2: '\\x00\\x01\\x0Dz\\xFF 1 0 0' "
                        + ARC_FIRST),
                // a last line cut before its count, without its newline
                Arguments.of("100 3 0 1\n200", "line 2: '200' " + ARC_COUNT),
                Arguments.of("100 3 0 1\n200 ", "line 2: '200 ' " + ARC_COUNT));
    }

    @ParameterizedTest
    @MethodSource("badArcLines")
    void aBadArcLineIsNamedWithItsNumberAndWhatWasExpected(String content, String expected) throws IOException {
        assertThat(failure(content, TraceFormat.ARC, null)).isEqualTo(expected);
    }

    static Stream<Arguments> badAddressLines() {
        return Stream.of(
                Arguments.of("# a comment\n", "line 1: '# a comment' " + ADDRESS_KIND),
                Arguments.of("x 0x10 1\n", "line 1: 'x 0x10 1' " + ADDRESS_KIND),
                Arguments.of("0x10 l 1\n", "line 1: '0x10 l 1' " + ADDRESS_KIND),
                Arguments.of("load 0x10 1\n", "line 1: 'load 0x10 1' " + ADDRESS_HEX),
                Arguments.of("l 0xzz 1\n", "line 1: 'l 0xzz 1' " + ADDRESS_HEX),
                Arguments.of("l -0x10 1\n", "line 1: 'l -0x10 1' " + ADDRESS_HEX),
                Arguments.of("l 0x10g 1\n", "line 1: 'l 0x10g 1' " + ADDRESS_HEX),
                Arguments.of("l 0x10,1\n", "line 1: 'l 0x10,1' " + ADDRESS_HEX),
                Arguments.of("l 0x12345678901234567 1\n", "line 1: 'l 0x12345678901234567 1' " + ADDRESS_HEX),
                Arguments.of("l 0x10 1\n\ns 0x20 1\nq 0x30 1\n", "line 4: 'q 0x30 1' " + ADDRESS_KIND),
                Arguments.of("l 0x10 1\r\nq 0x30 1\r\n", "line 2: 'q 0x30 1' " + ADDRESS_KIND),
                // cut short without the newline: after the kind, inside the 0x
                Arguments.of("l 0x10 1\ns", "line 2: 's' " + ADDRESS_HEX),
                Arguments.of("l 0x10 1\ns 0x", "line 2: 's 0x' " + ADDRESS_HEX));
    }

    @ParameterizedTest
    @MethodSource("badAddressLines")
    void aBadAddressLineIsNamedWithItsNumberAndWhatWasExpected(String content, String expected) throws IOException {
        assertThat(failure(content, TraceFormat.ADDRESS, null)).isEqualTo(expected);
    }

    static Stream<Arguments> badIdLines() {
        ReadOptions column2 = new ReadOptions(4096, false, 2, false);
        return Stream.of(
                // cut short without the newline: before the id's column, right after its comma
                Arguments.of("1,5\n2", column2, "line 2: '2' has no column 2 (expected: an id in column 2 of every"
                        + " line)"),
                Arguments.of("1,5\n2,", column2, "line 2: '2,' has an empty id in column 2 (expected: an object id)"),
                Arguments.of("1,\"\"\n", column2, "line 1: '1,\"\"' has an empty id in column 2 (expected: an object"
                        + " id)"),
                Arguments.of("1, \t ,3\n", column2, "line 1: '1, \\x09 ,3' has an empty id in column 2 (expected:"
                        + " an object id)"),
                // the header is line 1
                Arguments.of("time,id\n1,\n", new ReadOptions(4096, false, 2, true), "line 2: '1,' has an empty id in"
                        + " column 2 (expected: an object id)"),
                Arguments.of(",5\n", ReadOptions.defaults(), "line 1: ',5' has an empty id in column 1 (expected: an"
                        + " object id)"),
                Arguments.of("1,2\n", new ReadOptions(4096, false, 3, false), "line 1: '1,2' has no column 3"
                        + " (expected: an id in column 3 of every line)"));
    }

    @ParameterizedTest
    @MethodSource("badIdLines")
    void anIdLineWithoutItsIdIsNamedWithItsNumber(String content, ReadOptions options, String expected)
            throws IOException {
        assertThat(failure(content, TraceFormat.IDS, options)).isEqualTo(expected);
    }

    @Test
    void aLongBadLineIsShownShortenedSoTheMessageStaysReadable() throws IOException {
        String line = "q" + "x".repeat(200) + " 1 0 0";
        assertThat(failure("1 1 0 0\n" + line + "\n", TraceFormat.ARC, null))
                .isEqualTo("line 2: '" + line.substring(0, 60) + "...' " + ARC_FIRST);
        assertThat(failure(line + "\n", TraceFormat.ADDRESS, null))
                .isEqualTo("line 1: '" + line.substring(0, 60) + "...' " + ADDRESS_KIND);
    }

    /** A file that is not a trace (one endless line) is refused, not buffered whole in search of a newline. */
    @Test
    void anEndlessLineIsRefusedWithItsNumber() throws IOException {
        String endless = "9".repeat(BinaryTraceFormat.BUFFER_BYTES + 10);
        String expected = "line 2: line longer than " + AsciiLines.MAX_LINE_BYTES + " bytes (expected a trace line)";
        assertThat(failure("1 1 0 0\n" + endless, TraceFormat.ARC, null)).isEqualTo(expected);
        assertThat(failure("l 0x1 1\n" + endless, TraceFormat.ADDRESS, null)).isEqualTo(expected);
        assertThat(failure("1\n" + endless, TraceFormat.IDS, null)).isEqualTo(expected);
    }

    @Test
    void aCompleteLastLineWithoutItsNewlineIsReadNotDropped() throws IOException {
        assertThat(read("100 3 0 1\n200 2 0 2", TraceFormat.ARC, null).runs()).containsExactly(run(0, 1, false),
                run(1, 1, false), run(2, 1, false), run(3, 1, false), run(4, 1, false));
        assertThat(read("100 1 0 0\r\n200 1 0 0\r", TraceFormat.ARC, null).runs())
                .containsExactly(run(0, 1, false), run(1, 1, false));
        assertThat(read("l 0x10 1\ns 0x2000", TraceFormat.ADDRESS, null).runs())
                .containsExactly(run(0, 1, false), run(1, 1, true));
        assertThat(read("l 0x10 1\ns 0x0", TraceFormat.ADDRESS, null).runs()).containsExactly(run(0, 2, true));
        assertThat(read("5\n6", TraceFormat.IDS, null).runs()).containsExactly(run(0, 1, false), run(1, 1, false));
        assertThat(read("t,id\n1,5\n2,6", TraceFormat.IDS, new ReadOptions(4096, false, 2, true)).runs())
                .containsExactly(run(0, 1, false), run(1, 1, false));
    }

    @Test
    void anEmptyOrBlankFileIsAnEmptyTraceNotAnError() throws IOException {
        for (TraceFormat format : new TraceFormat[] {TraceFormat.ARC, TraceFormat.ADDRESS, TraceFormat.IDS}) {
            for (String content : new String[] {"", "\n", "\n \t\n\r\n", "   "}) {
                Trace trace = read(content, format, null);
                assertThat(trace.runs()).as("%s '%s'", format, content).isEmpty();
                assertThat(trace.markers()).isEmpty();
            }
        }
        Trace headerOnly = read("time,id,size\n", TraceFormat.IDS, new ReadOptions(4096, false, 2, true));
        assertThat(headerOnly.runs()).isEmpty();
    }

    /** Ids are tokens: only plain decimal digits are numbers, so "-5", "5.0" and "0x5" are objects apart from 5. */
    @Test
    void anIdThatIsNotPlainDigitsIsAnObjectOfItsOwnNameNotAnError() throws IOException {
        assertThat(read("5\n-5\n5.0\n0x5\n5\nfive\n", TraceFormat.IDS, null).runs()).containsExactly(
                run(0, 1, false), run(1, 1, false), run(2, 1, false), run(3, 1, false), run(0, 1, false),
                run(4, 1, false));
    }

    @Test
    void aBadLineStopsAConversionWhichLeavesNothingBehind() throws IOException {
        Path out = dir.resolve("out.hlt");
        Path arc = Files.writeString(dir.resolve("bad.lis"), "100 3 0 1\n200 x 0 2\n");
        Throwable thrown = catchThrowable(() -> TraceConversion.of(arc).format(TraceFormat.ARC).to(out));
        assertThat(thrown).isInstanceOf(TraceFormatException.class)
                .hasMessage(arc + ": line 2: '200 x 0 2' " + ARC_COUNT);
        Throwable fromStream = catchThrowable(() -> TraceConversion.of(new ByteArrayInputStream(
                "l 0x10 1\nl 0x20\nz\n".getBytes(StandardCharsets.US_ASCII)), "standard input")
                .format(TraceFormat.ADDRESS).target(TraceFormat.TEXT).compress(false).to(out));
        assertThat(fromStream).isInstanceOf(TraceFormatException.class)
                .hasMessage("standard input: line 3: 'z' " + ADDRESS_KIND);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(arc);
        }
    }
}
