package io.heaplab.core.files;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file being written under a temporary name in its target's directory (so the final rename stays on one file
 * system and can be atomic); {@link #commit} moves it over the target, {@link #close} without commit deletes it.
 * A reader of the target thus sees the old file or the whole new one, never half of it. A symbolic link is followed
 * to the file it names, which is replaced; a device or a FIFO is written into directly ({@link OutputFile}).
 */
public final class PendingFile implements Closeable {

    private final Path target;
    /** The target as the user named it, for messages. */
    private final Path given;
    /** The file written, null when {@link #target} is a device or FIFO written directly. */
    private final Path temporary;
    private final FileChannel channel;
    private final OutputStream stream;
    private boolean committed;
    private boolean closed;

    /** Opens a temporary file beside {@code target}, creating missing directories; a failure names {@code target}. */
    public PendingFile(Path target) throws IOException {
        this.given = target;
        try {
            this.target = OutputFile.resolve(target);
            if (OutputFile.isSpecial(this.target)) {
                this.temporary = null;
                this.channel = FileChannel.open(this.target, StandardOpenOption.WRITE);
                this.stream = new ChannelStream(channel, target);
                return;
            }
            Path directory = this.target.getParent();
            Files.createDirectories(directory);
            this.temporary = createBeside(this.target);
            Leftovers.add(temporary);
        } catch (IOException e) {
            throw OutputFile.failure(target, e);
        }
        this.channel = FileChannel.open(temporary, StandardOpenOption.WRITE);
        this.stream = new ChannelStream(channel, target);
    }

    /** Creates a new, empty, hidden file beside {@code target} and returns its path. */
    private static Path createBeside(Path target) throws IOException {
        // not Files.createTempFile: its owner-only permissions would stay on the committed trace; this file gets
        // the usual ones (the umask's), as the target would if written directly
        for (int attempt = 0; ; attempt++) {
            try {
                return Files.createFile(OutputFile.hiddenBeside(target, "tmp"));
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }

    /** Where the bytes go; writers buffer themselves, so every write here is a large one. */
    public OutputStream stream() {
        return stream;
    }

    Path temporary() {
        return temporary;
    }

    /** Forces the bytes to disk, then renames the temporary file over the target. */
    public void commit() throws IOException {
        if (closed) {
            throw new IllegalStateException(target + ": already " + (committed ? "committed" : "closed"));
        }
        try {
            if (temporary == null) {
                channel.close(); // a device or FIFO: written as the bytes came, nothing to rename
                committed = true;
                return;
            }
            channel.force(true);
            channel.close();
            OutputFile.rename(temporary, target);
            committed = true;
        } catch (IOException e) {
            throw OutputFile.failure(given, e);
        } finally {
            closed = true;
            if (temporary != null) {
                if (!committed) {
                    Files.deleteIfExists(temporary);
                }
                Leftovers.remove(temporary);
            }
        }
    }

    /** Whether the file is neither committed nor closed, so it may still be written. */
    public boolean isOpen() {
        return !closed;
    }

    /** Discards the temporary file unless committed. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            channel.close();
        } finally {
            if (temporary != null) {
                Files.deleteIfExists(temporary);
                Leftovers.remove(temporary);
            }
        }
    }

    /** An unbuffered stream onto the channel; the writers hand it whole buffers. A failure names the target. */
    private static final class ChannelStream extends OutputStream {
        private final FileChannel channel;
        private final Path target;

        ChannelStream(FileChannel channel, Path target) {
            this.channel = channel;
            this.target = target;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
            try {
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            } catch (IOException e) {
                throw OutputFile.failure(target, e); // a full disk says only "No space left on device"
            }
        }
    }
}
