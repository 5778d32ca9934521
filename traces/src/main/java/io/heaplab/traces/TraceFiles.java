package io.heaplab.traces;

import io.heaplab.core.trace.ObjectSizes;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.traces.heaplab.BinaryTraceFormat;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Opens trace files for replay and creates them for recording: the entry point of this module. */
public final class TraceFiles {

    private TraceFiles() {
    }

    /**
     * Opens {@code file} for one replay, once: a format not given is told from the file's name, else from the
     * first bytes read from it, which the reader then reads again from memory. A header is read and checked here,
     * so {@link TraceReader#pageSize()} is known before replaying. A trace whose format was told fails with the
     * guess and why ({@link TraceFormatException#guess()}), since the guess may be the problem.
     *
     * @param format  the file's format, or {@code null} to tell it ({@link TraceFormats#installed()})
     * @param options page size and instruction fetches for lackey traces; {@code null} for the defaults
     * @throws TraceFormatException when the header is malformed
     */
    public static TraceReader open(Path file, TraceFormatSpec format, ReadOptions options) throws IOException {
        ReadOptions read = options != null ? options : ReadOptions.defaults();
        if (format != null) {
            return format.open(file, read);
        }
        InputStream raw = Files.newInputStream(file);
        TraceFormats.Guess guess;
        InputStream in;
        try {
            // the head that tells the format is read once, then given back to the reader ahead of the rest, which
            // reaches the reader unbuffered, as a file whose format was given does
            byte[] head = raw.readNBytes(TraceFormats.SNIFF_BYTES);
            guess = TraceFormats.installed().guess(file, head);
            in = new SequenceInputStream(new ByteArrayInputStream(head), raw);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
        return opened(guess, in, file, read);
    }

    /**
     * Opens a stream for one replay, as {@link #open(Path, TraceFormatSpec, ReadOptions)} opens a file: standard
     * input, say, or a pipe from valgrind; a format not given is told from its content. Closing the reader closes
     * {@code in}.
     *
     * @param name    what messages call the stream (a file name, or {@code "standard input"})
     * @param format  the stream's format, or {@code null} to tell it from its content
     * @param options page size and instruction fetches for lackey traces; {@code null} for the defaults
     * @throws TraceFormatException when the header is malformed
     */
    public static TraceReader open(InputStream in, String name, TraceFormatSpec format, ReadOptions options)
            throws IOException {
        Path file = Path.of(name);
        InputStream buffered = in.markSupported() ? in : new BufferedInputStream(in, BinaryTraceFormat.BUFFER_BYTES);
        ReadOptions read = options != null ? options : ReadOptions.defaults();
        if (format != null) {
            return format.open(buffered, file, read);
        }
        TraceFormats.Guess guess;
        try {
            guess = TraceFormats.installed().guess(buffered);
        } catch (IOException | RuntimeException e) {
            buffered.close();
            throw e;
        }
        return opened(guess, buffered, file, read);
    }

    /** A reader of {@code in} in the format {@code guess} told; its failures say so, and leave {@code in} closed. */
    private static TraceReader opened(TraceFormats.Guess guess, InputStream in, Path file, ReadOptions options)
            throws IOException {
        try {
            return new Guessed(guess.format().open(in, file, options), guess);
        } catch (IOException | RuntimeException e) {
            // a reader closes what it was given when its header fails, but a spec may fail before it makes one
            in.close();
            if (e instanceof TraceFormatException format) {
                throw format.guessed(guess);
            }
            throw e;
        }
    }

    /**
     * Starts writing a trace that appears at {@code file} on {@link TraceWriter#commit()}.
     *
     * @param format   a format heaplab {@linkplain TraceFormatSpec#writes() writes}; lackey traces come from valgrind
     * @param pageSize bytes per page the recorded run used (a power of 2), or 0 when unknown
     * @param compress whether to compress the body; text traces are not compressed
     */
    public static TraceWriter create(Path file, TraceFormatSpec format, int pageSize, boolean compress)
            throws IOException {
        if (!BinaryTraceFormat.isPageSize(pageSize)) {
            throw new IllegalArgumentException("pageSize: " + pageSize + " (expected: a power of 2, or 0 for unknown)");
        }
        if (format == null) {
            throw new IllegalArgumentException("format: null (expected: " + TraceFormats.installed().writable() + ")");
        }
        if (!format.writes()) {
            throw new IllegalArgumentException("format: " + format.label() + " traces are read, not written"
                    + " (expected: " + TraceFormats.installed().writable() + ")");
        }
        return format.create(file, pageSize, compress);
    }

    /** A reader whose format was told, not given: its failures carry the guess. */
    private record Guessed(TraceReader reader, TraceFormats.Guess guess) implements TraceReader {

        @Override
        public TraceFormatSpec format() {
            return reader.format();
        }

        @Override
        public int pageSize() {
            return reader.pageSize();
        }

        @Override
        public long replay(ReferenceSink sink) throws IOException {
            try {
                return reader.replay(sink);
            } catch (TraceFormatException e) {
                throw e.guessed(guess);
            }
        }

        @Override
        public long replayDense(ReferenceSink sink) throws IOException {
            try {
                return reader.replayDense(sink);
            } catch (TraceFormatException e) {
                throw e.guessed(guess);
            }
        }

        @Override
        public boolean recordSizes(ObjectSizes sizes) {
            return reader.recordSizes(sizes);
        }

        @Override
        public void close() throws IOException {
            reader.close();
        }
    }
}
