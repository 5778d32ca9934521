package io.heaplab.traces.malloc.system;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A real allocator a native replay runs under: the C library's own malloc, or a shared library preloaded in its
 * place (Debian's jemalloc, mimalloc and tcmalloc, or any other given by path); found installed, never fetched.
 *
 * @param name    what reports call it
 * @param library the library to preload; null for the C library's malloc
 */
public record SystemAllocator(String name, Path library) {

    /** The names heaplab knows, in the order of its default list. */
    public static final List<String> KNOWN = List.of("glibc", "jemalloc", "mimalloc", "tcmalloc");

    /** A known allocator that is not installed: the message says which package installs it. */
    public static final class NotInstalled extends Exception {
        private static final long serialVersionUID = 1L;

        NotInstalled(String message) {
            super(message);
        }
    }

    /** The library files that provide a known allocator, and the Debian package of the first. */
    private record Known(List<String> files, String debianPackage) {
    }

    private static final Map<String, Known> LIBRARIES = Map.of(
            "jemalloc", new Known(List.of("libjemalloc.so.2"), "libjemalloc2"),
            "mimalloc", new Known(List.of("libmimalloc.so.2", "libmimalloc.so"), "libmimalloc2.0"),
            "tcmalloc", new Known(List.of("libtcmalloc_minimal.so.4", "libtcmalloc.so.4"), "libtcmalloc-minimal4"));

    /**
     * Resolves one item of an allocator list: a known name ({@link #KNOWN}), or {@code NAME=PATH} for a library of
     * one's own; {@code directories} are searched for the known libraries in order.
     *
     * @throws IllegalArgumentException for an unknown name or a path that is not a file, in one line
     * @throws NotInstalled             for a known allocator whose library is in none of the directories
     */
    public static SystemAllocator find(String item, List<Path> directories) throws NotInstalled {
        int equals = item.indexOf('=');
        if (equals >= 0) {
            String name = item.substring(0, equals).strip();
            Path library = Path.of(item.substring(equals + 1).strip());
            if (!name.matches("[A-Za-z0-9._-]+") || !Files.isRegularFile(library)) {
                throw new IllegalArgumentException("allocator '" + item + "' (expected: NAME=PATH, a name of letters,"
                        + " digits, '.', '_' or '-' and a shared library file, or one of " + String.join(", ", KNOWN)
                        + ")");
            }
            return new SystemAllocator(name, library.toAbsolutePath());
        }
        String name = item.strip().toLowerCase(Locale.ROOT);
        if (name.equals("glibc")) {
            return new SystemAllocator("glibc", null);
        }
        Known known = LIBRARIES.get(name);
        if (known == null) {
            throw new IllegalArgumentException("unknown allocator '" + item + "' (expected: one of "
                    + String.join(", ", KNOWN) + ", or NAME=PATH for a shared library)");
        }
        for (Path dir : directories) {
            for (String file : known.files()) {
                Path library = dir.resolve(file);
                if (Files.isRegularFile(library)) {
                    return new SystemAllocator(name, library);
                }
            }
        }
        throw new NotInstalled(name + " is not installed (" + known.files().getFirst() + " is in none of "
                + directories.size() + " library directories): apt-get install " + known.debianPackage());
    }

    /**
     * The directories a system keeps its shared libraries in, those that exist: {@code /usr/local/lib}, each
     * multiarch directory ({@code /usr/lib/x86_64-linux-gnu} and the like, the machine's own first),
     * {@code /usr/lib64}, {@code /usr/lib}, {@code /lib64}, {@code /lib}.
     */
    public static List<Path> libraryDirectories() {
        List<Path> dirs = new ArrayList<>();
        dirs.add(Path.of("/usr/local/lib"));
        // this machine's own architecture first: another's library (i386 beside x86_64) cannot be preloaded
        String own = switch (System.getProperty("os.arch", "")) {
            case "amd64", "x86_64" -> "x86_64-linux-gnu";
            case "aarch64", "arm64" -> "aarch64-linux-gnu";
            default -> System.getProperty("os.arch", "") + "-linux-gnu";
        };
        for (String root : List.of("/usr/lib", "/lib")) {
            List<Path> multiarch = new ArrayList<>();
            try (DirectoryStream<Path> found = Files.newDirectoryStream(Path.of(root), "*-linux-gnu*")) {
                found.forEach(multiarch::add);
            } catch (IOException e) {
                // no such root: nothing to add
            }
            multiarch.sort(java.util.Comparator.comparing((Path d) -> !d.getFileName().toString().equals(own))
                    .thenComparing(Path::toString));
            dirs.addAll(multiarch);
        }
        dirs.addAll(List.of(Path.of("/usr/lib64"), Path.of("/usr/lib"), Path.of("/lib64"), Path.of("/lib")));
        return dirs.stream().filter(Files::isDirectory).toList();
    }

    @Override
    public String toString() {
        return name;
    }
}
