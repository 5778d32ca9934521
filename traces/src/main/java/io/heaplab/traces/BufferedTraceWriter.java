package io.heaplab.traces;

import io.heaplab.core.files.PendingFile;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * What the streaming trace writers share: a {@link PendingFile} committed only when the trace is whole, and one
 * reused byte buffer that a subclass fills with encoded references and that is drained into {@link #sink()} when
 * full, so no object is made per reference.
 */
abstract class BufferedTraceWriter implements TraceWriter {

    final Path file;
    final PendingFile pending;
    final byte[] buffer;
    int filled;
    long references;

    BufferedTraceWriter(Path file, int bufferBytes) throws IOException {
        this.file = file;
        this.pending = new PendingFile(file);
        this.buffer = new byte[bufferBytes];
    }

    /** Where the buffer drains to: the pending file's stream, or an encoder on it. */
    abstract OutputStream sink();

    /** Ends what {@link #sink()} still holds (a compressed frame), before the file is committed; nothing here. */
    void endSink() throws IOException {
    }

    /** Nothing to do: only {@link #commit()} completes the file. */
    @Override
    public void finish() {
    }

    @Override
    public void commit() throws IOException {
        checkOpen();
        sink().write(buffer, 0, filled);
        filled = 0;
        endSink();
        pending.commit();
    }

    @Override
    public long references() {
        return references;
    }

    @Override
    public void close() throws IOException {
        pending.close();
    }

    void checkOpen() {
        if (!pending.isOpen()) {
            throw new IllegalStateException(file + ": the trace writer is already committed or closed");
        }
    }

    /** Writes the filled part of the buffer out; a write error names the file. */
    void drain() {
        try {
            sink().write(buffer, 0, filled);
            filled = 0;
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
    }
}
