package io.heaplab.cli;

import io.heaplab.core.files.InputFile;
import io.heaplab.core.spi.SpecException;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.TraceReplay;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Option;

/** How to read a trace file: its format (found from its content by default) and, for lackey, what counts. */
final class TraceInput {

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "auto",
            description = "The trace's format: binary, text, lackey, oracle-general (libCacheSim's binary records, "
                    + "plain or .zst), ids (libCacheSim's txt and csv, LIRS: an object id per line or column), arc (the "
                    + "ARC paper's block traces), address (UCSD's l|s 0xADDR n), or auto to tell from its content and"
                    + " name (default: ${DEFAULT-VALUE}).")
    private String format;

    @Option(names = "--instructions",
            description = "Count a lackey trace's instruction fetches as references too (default: data only).")
    private boolean instructions;

    @Option(names = "--id-column", paramLabel = "N", defaultValue = "1",
            description = "The comma-separated column of an ids (libCacheSim csv) trace that holds the object id "
                    + "(default: ${DEFAULT-VALUE}).")
    private int idColumn;

    @Option(names = "--header", description = "Skip the first line of an ids trace, a header (default: read it).")
    private boolean header;

    @Option(names = "--allow-empty",
            description = "Take a 0-byte trace as an empty one (default: refuse it, as a failed capture leaves one).")
    private boolean allowEmpty;

    /** The format told from the trace's content, when it was not given, and why. */
    private TraceFormat.Guess guessed;

    /** The format of {@code file}: as given, or told from its content. */
    TraceFormat format(Path file) throws IOException {
        InputFile.check("trace", file, "a trace to read");
        checkNotEmpty(file);
        if (format.equals("auto")) {
            guessed = TraceFormat.guess(file);
            return guessed.format();
        }
        try {
            return TraceFormat.parse(format);
        } catch (IllegalArgumentException e) {
            throw new SpecException("--format " + format + " (expected: auto, binary, text, lackey, oracle-general, ids, arc or address)");
        }
    }

    /**
     * Fails when {@code file} has no bytes at all, unless {@code --allow-empty}: a capture that failed leaves such a
     * file, and its empty result would look like a measurement.
     */
    void checkNotEmpty(Path file) throws IOException {
        if (!allowEmpty && Files.size(file) == 0) {
            throw new SpecException("trace '" + file + "' is empty, 0 bytes (expected: a trace of references;"
                    + " --allow-empty takes it as an empty trace)");
        }
    }

    /** The format given by {@code --format}, or {@code null} for auto: told from the content when it is read. */
    TraceFormat given() {
        if (format.equals("auto")) {
            return null;
        }
        try {
            return TraceFormat.parse(format);
        } catch (IllegalArgumentException e) {
            throw new SpecException("--format " + format + " (expected: auto, binary, text, lackey, oracle-general, ids, arc or address)");
        }
    }

    /** The id column, checked: a usage error names the option. */
    int checkedColumn() {
        if (idColumn < 1) {
            throw new SpecException("--id-column " + idColumn + " (expected: 1 or more)");
        }
        return idColumn;
    }

    /** Whether an ids trace's first line is a header. */
    boolean header() {
        return header;
    }

    /** Whether lackey's instruction fetches count. */
    boolean instructions() {
        return instructions;
    }

    /**
     * Tells {@code replay} how to read its trace: in {@code format}, and for lackey whether instructions count and
     * the bytes per page that cut its addresses (a heaplab trace names its own).
     */
    void applyTo(TraceReplay replay, TraceFormat format, int pageSize) {
        replay.format(format).instructions(instructions).ids(checkedColumn(), header);
        if (format.cutsAddresses()) {
            replay.pageSize(pageSize);
        }
    }

    /**
     * Fails on an option given that {@code file}, of {@code format}, gives no meaning to, rather than ignoring it:
     * {@code --instructions} but for lackey, {@code --id-column} and {@code --header} but for ids, and a page size
     * ({@code pageSize}, null when not given) for a trace of object ids or one recorded with another page size.
     */
    void checkApplies(Path file, TraceFormat format, Integer pageSize) throws IOException {
        String kind = "'" + file + "' is a" + (format.label().matches("[aeiou].*") ? "n " : " ") + format.label()
                + " trace";
        if (instructions && format != TraceFormat.LACKEY) {
            throw new SpecException("--instructions counts a lackey trace's instruction fetches, but " + kind
                    + " (expected: --instructions for lackey traces only)");
        }
        if ((header || idColumn != 1) && format != TraceFormat.IDS) {
            throw new SpecException((header ? "--header" : "--id-column " + idColumn) + " says where an ids trace"
                    + " holds its ids, but " + kind + " (expected: --id-column and --header for ids traces only)");
        }
        if (pageSize != null && !format.cutsAddresses()) {
            int recorded = recordedPageSize(file, format);
            if (recorded == 0 && format.renumbers()) {
                throw new SpecException("--page-size " + pageSize + " but " + kind + " of object ids, not"
                        + " addresses (expected: --page-size only for lackey and address traces)");
            }
            if (recorded != 0 && recorded != pageSize) {
                throw new SpecException("--page-size " + pageSize + " but " + file + " was recorded with "
                        + recorded + "-byte pages (expected: --page-size only for lackey traces)");
            }
        }
    }

    /** Runs {@code command}; a trace it reads as the wrong format says which, and why it was guessed. */
    Integer explaining(Callable<Integer> command) throws Exception {
        try {
            return command.call();
        } catch (TraceFormatException e) {
            throw explained(e);
        }
    }

    /** {@code e} with the guess behind the format it was read as, when the format was told, not given. */
    TraceFormatException explained(TraceFormatException e) {
        return guessed == null ? e : e.withGuess(guessed);
    }

    /** The page size a heaplab trace's header names, read before the replay so a mismatch costs no pass. */
    static int recordedPageSize(Path file, TraceFormat format) throws IOException {
        try (TraceReader reader = TraceFiles.open(file, format, null)) {
            return reader.pageSize();
        }
    }
}
