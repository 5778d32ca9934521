package io.heaplab.core.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Where an output named {@code target} is written. Results are written beside the file and renamed over it, so a
 * reader sees the old file or the whole new one; a rename replaces a directory entry, though, so done blindly it
 * would put a regular file in place of a symbolic link or of a device. A link is followed to the file it names,
 * which is then replaced (the link stays); a device, a FIFO or a socket is written into directly, as a shell's
 * {@code >} would, since it has no contents to replace.
 */
public final class OutputFile {

    /** Links followed at most, as the kernel's own limit for one lookup. */
    private static final int MAX_LINKS = 40;

    private OutputFile() {
    }

    /** The file {@code target} names at the end of its symbolic links, absolute; itself when it is no link. */
    public static Path resolve(Path target) throws IOException {
        Path path = target.toAbsolutePath();
        for (int links = 0; Files.isSymbolicLink(path); links++) {
            if (links == MAX_LINKS) {
                throw new IOException(target + ": more than " + MAX_LINKS + " symbolic links (expected: a file to"
                        + " write, or a link to one)");
            }
            path = path.resolveSibling(Files.readSymbolicLink(path));
        }
        return path;
    }

    /** Whether {@code path} exists as something other than a regular file or a directory: a device, FIFO, socket. */
    public static boolean isSpecial(Path path) {
        return Files.exists(path, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)
                && !Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS);
    }

    /** {@code e} as an I/O failure naming {@code target}, for messages that otherwise say only "No space left". */
    public static IOException naming(Path target, IOException e) {
        String message = e.getMessage();
        if (message != null && message.contains(target.toString())) {
            return e;
        }
        return new IOException(target + ": " + (message == null ? e.getClass().getSimpleName() : message), e);
    }
}
