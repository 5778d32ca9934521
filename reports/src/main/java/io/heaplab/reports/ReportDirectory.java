package io.heaplab.reports;

import io.heaplab.core.files.Leftovers;
import io.heaplab.core.files.OutputFile;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A report directory written beside its place, then put there whole: a reader, or a command interrupted while
 * writing, sees the old report or the new one, never a new page beside old results. A directory that holds files of
 * its own (the results a report was made from, say) is not replaced: the report's entries are moved into it one by
 * one, the page last, so a page that exists has its charts and data beside it.
 */
final class ReportDirectory implements Closeable {

    private final Path target;
    private final Path staging;
    private boolean published;

    private ReportDirectory(Path target, Path staging) {
        this.target = target;
        this.staging = staging;
    }

    /** A new, empty directory beside {@code target}, removed if the process ends before it is published. */
    static ReportDirectory beside(Path target) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        Files.createDirectories(absolute.getParent());
        Path staging = Files.createDirectory(OutputFile.hiddenBeside(absolute, "tmp"));
        Leftovers.add(staging);
        return new ReportDirectory(absolute, staging);
    }

    /** Where the report is written before {@link #publish}. */
    Path path() {
        return staging;
    }

    /** Puts the report in place: the whole directory when it holds nothing else, else entry by entry. */
    void publish() throws IOException {
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)
                || !Files.isSymbolicLink(target) && holdsOnly(target, names(staging))) {
            replace(staging, target);
        } else {
            List<String> entries = names(staging).stream().sorted().collect(Collectors.toList());
            // the page last: until it is replaced, the old page stands with what it had, or the new with all it has
            if (entries.remove(Reports.PAGE)) {
                entries.add(Reports.PAGE);
            }
            for (String entry : entries) {
                replace(staging.resolve(entry), target.resolve(entry));
            }
            Leftovers.delete(staging);
        }
        published = true;
        Leftovers.remove(staging);
    }

    /** Removes the directory unless it was published. */
    @Override
    public void close() throws IOException {
        if (!published) {
            Leftovers.delete(staging);
            Leftovers.remove(staging);
        }
    }

    /** Puts {@code staged} in place of {@code entry}: a file, or what is new, by a rename; a directory by a swap. */
    private static void replace(Path staged, Path entry) throws IOException {
        if (!Files.isDirectory(staged) || !Files.exists(entry, LinkOption.NOFOLLOW_LINKS)) {
            OutputFile.rename(staged, entry);
            return;
        }
        Path old = OutputFile.hiddenBeside(entry, "old");
        Leftovers.add(old);
        OutputFile.rename(entry, old);
        OutputFile.rename(staged, entry);
        Leftovers.delete(old);
        Leftovers.remove(old);
    }

    private static boolean holdsOnly(Path dir, Set<String> allowed) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.allMatch(e -> allowed.contains(e.getFileName().toString()));
        }
    }

    private static Set<String> names(Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(e -> e.getFileName().toString()).collect(Collectors.toSet());
        }
    }
}
