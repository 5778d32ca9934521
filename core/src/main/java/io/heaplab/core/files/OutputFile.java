package io.heaplab.core.files;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

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

    /**
     * A hidden name beside {@code path} for work on its way there, {@code .NAME.<hex>.KIND} ({@code tmp} while
     * written, {@code old} for what it replaces): in the same directory, so the final rename stays on one file
     * system and can be atomic, and unlikely to be taken (48 random bits; a caller creating it exclusively retries).
     */
    public static Path hiddenBeside(Path path, String kind) {
        return path.resolveSibling("." + path.getFileName() + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16) + "." + kind);
    }

    /**
     * Renames {@code from} over {@code to} in one step, so a reader sees the old one or the new; beside each other
     * on one file system that is always possible, and only an exotic file system falls back to a plain replace.
     */
    public static void rename(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Whether {@code path} exists as something other than a regular file or a directory: a device, FIFO, socket. */
    public static boolean isSpecial(Path path) {
        return Files.exists(path, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)
                && !Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * {@code e}, a failure writing {@code target} or the temporary file beside it, as one line in words that names
     * the path the user gave: {@code "out.hlt: cannot write it: no space left on device"}.
     */
    public static IOException failure(Path target, IOException e) {
        if (e instanceof WriteFailure) {
            return e;
        }
        return new WriteFailure(target + ": cannot write it: " + reason(e), e);
    }

    /**
     * What went wrong in {@code e}, in words and without a path: the operating system's reason ("no space left on
     * device"), or what an exception that carries none stands for ("permission denied").
     */
    public static String reason(IOException e) {
        String reason = e instanceof FileSystemException f ? f.getReason() : e.getMessage();
        if (reason == null || reason.isBlank()) {
            reason = switch (e) {
                case NoSuchFileException n -> "no such file or directory";
                case AccessDeniedException a -> "permission denied";
                case NotDirectoryException n -> "a part of the path is not a directory";
                case FileAlreadyExistsException f -> "it exists already";
                case DirectoryNotEmptyException d -> "the directory is not empty";
                default -> e.getClass().getSimpleName();
            };
        }
        reason = reason.isEmpty() ? reason : Character.toLowerCase(reason.charAt(0)) + reason.substring(1);
        // the only limit a user meets here without knowing it: the shell's on the size of a file it writes
        return reason.equals("file too large") ? reason + " (the size limit for a file, ulimit -f, is reached)"
                : reason;
    }

    /** A failure to write an output, its message already one line that names the user's path and the reason. */
    public static final class WriteFailure extends IOException {
        private static final long serialVersionUID = 1L;

        WriteFailure(String message, IOException cause) {
            super(message, cause);
        }
    }
}
