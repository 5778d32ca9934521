package io.heaplab.core.files;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The temporary files and directories of outputs being written, removed when the process ends before they are
 * committed: Ctrl-C or a {@code kill} during {@code trace record} or a report leaves no hidden debris behind. A
 * shutdown hook does it, so it covers SIGINT, SIGTERM and an exit, though not SIGKILL.
 */
public final class Leftovers {

    private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("heaplab cleanup").unstarted(Leftovers::removeAll));
    }

    private Leftovers() {
    }

    /** Marks {@code path} (a file, or a directory and all in it) for removal should the process end now. */
    public static void add(Path path) {
        PENDING.add(path.toAbsolutePath());
    }

    /** Forgets {@code path}: it was committed (renamed into place) or removed. */
    public static void remove(Path path) {
        PENDING.remove(path.toAbsolutePath());
    }

    /** Whether {@code path} would be removed should the process end now. */
    public static boolean isPending(Path path) {
        return PENDING.contains(path.toAbsolutePath());
    }

    private static void removeAll() {
        for (Path path : PENDING) {
            // other threads run on while the hook does (a report's drawing threads): a file one writes as the
            // directory is walked leaves it not empty, so the removal is tried again until nothing is left
            for (int attempt = 0; attempt < 20 && Files.exists(path, LinkOption.NOFOLLOW_LINKS); attempt++) {
                try {
                    delete(path);
                } catch (IOException | RuntimeException e) {
                    try {
                        Thread.sleep(25);
                    } catch (InterruptedException stop) {
                        return; // what cannot be removed stays, hidden, named .*.tmp
                    }
                }
            }
        }
    }

    /** Deletes {@code path}, a file or a directory with everything in it; nothing when it is not there. */
    public static void delete(Path path) throws IOException {
        if (!Files.isDirectory(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.deleteIfExists(path);
            return;
        }
        Files.walkFileTree(path, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
