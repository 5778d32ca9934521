package io.heaplab.traces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.traces.kit.DensePages;
import io.heaplab.traces.kit.DescribedFormat;
import io.heaplab.traces.kit.LineTraceReader;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A format is added by its reader and its spec, and nothing else: a throwaway one, {@code ids-v1} (a header line
 * {@code #ids-v1}, then an object id per line), is registered as a jar registers one, by a line in {@code
 * META-INF/services/io.heaplab.traces.TraceFormatSpec}, and is then parsed, told from its header, read, converted
 * to heaplab's binary, listed in the expected lists and the help, and its options checked like any other's.
 */
public class TraceFormatRegistrationTest {

    @TempDir
    Path dir;

    /** The throwaway format's spec: all a registry needs of it. */
    public static class IdsV1 extends DescribedFormat {

        static final String HEADER = "#ids-v1";

        public IdsV1() {
            super("ids-v1", "ids-v1 (a test's object ids, one per line after " + HEADER + ")", References.IDS);
        }

        @Override
        public TraceReader open(InputStream in, Path name, ReadOptions options) {
            return new Reader(this, name, in);
        }

        @Override
        public String bySignature(byte[] head, int length) {
            byte[] header = HEADER.getBytes(StandardCharsets.US_ASCII);
            return length >= header.length && Arrays.equals(head, 0, header.length, header, 0, header.length)
                    ? "it starts with " + HEADER : null;
        }
    }

    /** The throwaway format's reader: the header, then a decimal id per line, each a read of its object. */
    static final class Reader extends LineTraceReader {

        private final TraceFormatSpec format;

        Reader(TraceFormatSpec format, Path file, InputStream in) {
            super(file, in);
            this.format = format;
        }

        @Override
        public TraceFormatSpec format() {
            return format;
        }

        @Override
        public int pageSize() {
            return 0;
        }

        @Override
        protected void line(byte[] b, int start, int end, ReferenceRecorder out, DensePages pages) {
            if (lines.number() == 1) {
                byte[] header = IdsV1.HEADER.getBytes(StandardCharsets.US_ASCII);
                if (!Arrays.equals(b, start, end, header, 0, header.length)) {
                    throw bad("the header " + IdsV1.HEADER);
                }
                return;
            }
            long id = 0;
            for (int i = start; i < end; i++) {
                if (b[i] < '0' || b[i] > '9') {
                    throw bad("a decimal object id");
                }
                id = id * 10 + (b[i] - '0');
            }
            out.reference(page(pages.page(id)), false);
        }
    }

    /** The formats a jar holding {@link IdsV1} and its services file would add. */
    private TraceFormats registered() throws IOException {
        Path services = Files.createDirectories(dir.resolve("jar/META-INF/services"));
        Files.writeString(services.resolve(TraceFormatSpec.class.getName()), IdsV1.class.getName() + "\n");
        URLClassLoader loader = new URLClassLoader(new URL[] {dir.resolve("jar").toUri().toURL()},
                getClass().getClassLoader());
        return TraceFormats.load(loader);
    }

    @Test
    void aFormatRegisteredByItsServicesLineIsParsedToldReadConvertedAndListed() throws IOException {
        TraceFormats formats = registered();
        TraceFormatSpec idsV1 = formats.parse("IDS-V1");
        assertThat(idsV1).isInstanceOf(IdsV1.class);
        assertThat(formats.all()).startsWith(TraceFormat.values()).endsWith(idsV1);

        // told from its header, which heaplab's own formats would take for a text trace's comment
        Path trace = Files.writeString(dir.resolve("objects.trace"), IdsV1.HEADER + "\n7\n7\n900\n7\n");
        assertThat(formats.guess(trace)).isEqualTo(new TraceFormats.Guess(idsV1, "it starts with #ids-v1"));
        assertThat(TraceFormats.builtIn().guess(trace).format()).isEqualTo(TraceFormat.TEXT);

        // read: object 7 is page 0, object 900 page 1, runs merged
        RecordingSink sink = new RecordingSink();
        try (TraceReader reader = TraceFiles.open(trace, idsV1, null)) {
            assertThat(reader.format()).isSameAs(idsV1);
            assertThat(reader.replayDense(sink)).isEqualTo(4);
        }
        long[] expected = {PageRun.pack(0, 2, false), PageRun.pack(1, 1, false), PageRun.pack(0, 1, false)};
        assertThat(sink.runs()).containsExactly(expected);

        // converted to heaplab's binary format, which reads back as the same runs
        Path binary = dir.resolve("objects.hlt");
        ConversionResult converted = TraceConversion.of(trace).format(idsV1).to(binary);
        assertThat(converted.format()).isSameAs(idsV1);
        assertThat(converted.references()).isEqualTo(4);
        RecordingSink back = new RecordingSink();
        try (TraceReader reader = TraceFiles.open(binary, null, null)) {
            assertThat(reader.format()).isEqualTo(TraceFormat.BINARY);
            reader.replay(back);
        }
        assertThat(back.runs()).containsExactly(expected);

        // listed wherever formats are: expected lists and help
        assertThat(formats.expected()).isEqualTo(String.join(", ", Arrays.stream(TraceFormat.values())
                .map(TraceFormat::label).toList()) + " or ids-v1");
        assertThat(formats.writable()).isEqualTo(TraceFormats.builtIn().writable());
        assertThat(formats.help()).isEqualTo(TraceFormats.builtIn().help() + ", " + idsV1.help());
        assertThatThrownBy(() -> formats.parse("ids-v2")).hasMessage("format: 'ids-v2' (expected: "
                + formats.expected() + ")").hasMessageEndingWith(", address or ids-v1)");

        // and its options checked as any format's are: a page size means nothing to object ids
        assertThatThrownBy(() -> TraceConversion.of(trace).format(idsV1).pageSize(512).to(dir.resolve("x.hlt")))
                .isInstanceOf(ReadOptionException.class)
                .hasMessage("pageSize: 512, but trace '" + trace + "' is an ids-v1 trace of object ids, not addresses"
                        + " (expected: a page size for lackey and address traces only)");
        assertThat(dir.resolve("x.hlt")).doesNotExist();
    }

    /** A format that takes a label heaplab's own has. */
    public static final class Impostor extends IdsV1 {

        @Override
        public String label() {
            return "lackey";
        }
    }

    @Test
    void aLabelTakenAlreadyIsRefused() throws IOException {
        Path services = Files.createDirectories(dir.resolve("impostor/META-INF/services"));
        Files.writeString(services.resolve(TraceFormatSpec.class.getName()), Impostor.class.getName() + "\n");
        URLClassLoader loader = new URLClassLoader(new URL[] {dir.resolve("impostor").toUri().toURL()},
                getClass().getClassLoader());
        assertThatThrownBy(() -> TraceFormats.load(loader)).isInstanceOf(IllegalStateException.class)
                .hasMessage("trace format 'lackey' registered twice (" + Impostor.class.getName()
                        + "; expected: each label once)");
    }
}
