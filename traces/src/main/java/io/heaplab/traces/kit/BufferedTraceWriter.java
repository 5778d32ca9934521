package io.heaplab.traces.kit;

import io.heaplab.core.files.PendingFile;
import io.heaplab.traces.TraceWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * What the streaming trace writers share: a {@link PendingFile} committed only when the trace is whole, and one
 * reused byte buffer that a subclass fills with encoded references and that is drained into {@link #sink()} when
 * full, so no object is made per reference.
 */
public abstract class BufferedTraceWriter implements TraceWriter {

    protected final Path file;
    protected final PendingFile pending;
    protected final byte[] buffer;
    protected int filled;
    protected long references;

    protected BufferedTraceWriter(Path file, int bufferBytes) throws IOException {
        this.file = file;
        this.pending = new PendingFile(file);
        this.buffer = new byte[bufferBytes];
    }

    /** Where the buffer drains to: the pending file's stream, or an encoder on it. */
    protected abstract OutputStream sink();

    /** Ends what {@link #sink()} still holds (a compressed frame), before the file is committed; nothing here. */
    protected void endSink() throws IOException {
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

    protected void checkOpen() {
        if (!pending.isOpen()) {
            throw new IllegalStateException(file + ": the trace writer is already committed or closed");
        }
    }

    /** Writes the filled part of the buffer out; a write error names the file. */
    protected void drain() {
        try {
            sink().write(buffer, 0, filled);
            filled = 0;
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
    }
}
