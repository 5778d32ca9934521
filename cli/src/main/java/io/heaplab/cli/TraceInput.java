package io.heaplab.cli;

import io.heaplab.core.files.InputFile;
import io.heaplab.core.spi.SpecException;
import io.heaplab.traces.ReadOptionException;
import io.heaplab.traces.TraceConversion;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.TraceFormats;
import io.heaplab.traces.TraceReplay;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Option;

/**
 * How to read a trace file: its format (told from its name and content by default, when the library opens it) and,
 * for lackey and ids, what counts. The library refuses an option the trace gives no meaning to; this says so in
 * the options' names.
 */
final class TraceInput {

    /** The key of the {@code --format} help, which {@link FormatHelp} makes from the formats themselves. */
    static final String FORMAT_HELP = "heaplab.trace.format";

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "auto", descriptionKey = FORMAT_HELP,
            description = "The trace's format, or auto to tell from its content and name (default: ${DEFAULT-VALUE}).")
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

    /** Fails unless {@code file} is a trace to read: a file, not empty unless {@code --allow-empty}. */
    void checkFile(Path file) throws IOException {
        InputFile.check("trace", file, "a trace to read");
        checkNotEmpty(file);
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

    /** Fails on a {@code --format} heaplab does not read, before anything is read. */
    void checkFormat() {
        given();
    }

    /** The format given by {@code --format}, or {@code null} for auto: told when the trace is opened. */
    TraceFormatSpec given() {
        if (format.equals("auto")) {
            return null;
        }
        try {
            return TraceFormats.installed().parse(format);
        } catch (IllegalArgumentException e) {
            throw new SpecException("--format " + format + " (expected: auto, " + TraceFormats.installed().expected()
                    + ")");
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
     * Tells {@code replay} how to read its trace: its format, what counts, and the page size when one was given
     * ({@code null} otherwise: a lackey trace is then cut into the default pages).
     */
    void applyTo(TraceReplay replay, Integer pageSize) {
        replay.format(given()).instructions(instructions).ids(checkedColumn(), header);
        if (pageSize != null) {
            replay.pageSize(pageSize);
        }
    }

    /** Tells {@code conversion} how to read its input, as {@link #applyTo(TraceReplay, Integer)} does. */
    void applyTo(TraceConversion conversion, Integer pageSize) {
        conversion.format(given()).instructions(instructions).ids(checkedColumn(), header);
        if (pageSize != null) {
            conversion.pageSize(pageSize);
        }
    }

    /**
     * Runs {@code command}; a trace read as the wrong format says which, and why it was guessed, and an option the
     * trace gives no meaning to is named as given.
     */
    Integer explaining(Callable<Integer> command) throws Exception {
        try {
            return command.call();
        } catch (TraceFormatException e) {
            throw explained(e);
        } catch (ReadOptionException e) {
            throw flagged(e);
        }
    }

    /** {@code e} with the guess behind the format it was read as, when the format was told, not given. */
    static TraceFormatException explained(TraceFormatException e) {
        return e.explained("--format names another");
    }

    /** The library's refusal of a read option, in the words of the option as given. */
    static SpecException flagged(ReadOptionException e) {
        TraceFormats formats = TraceFormats.installed();
        String kind = "'" + e.trace() + "' is " + TraceFormats.article(e.format().label()) + " trace";
        String cutters = formats.labels(TraceFormatSpec::cutsAddresses, "and");
        return new SpecException(switch (e.option()) {
            case "instructions" -> {
                String takers = formats.labels(f -> f.options().contains("instructions"), "and");
                yield "--instructions counts " + TraceFormats.article(takers) + " trace's instruction fetches, but "
                        + kind + " (expected: --instructions for " + takers + " traces only)";
            }
            case "header", "idColumn" -> {
                String takers = formats.labels(f -> f.options().contains("header"), "and");
                yield (e.option().equals("header") ? "--header" : "--id-column " + e.value()) + " says where "
                        + TraceFormats.article(takers) + " trace holds its ids, but " + kind
                        + " (expected: --id-column and --header for " + takers + " traces only)";
            }
            case "sizeColumn" -> "--size-column " + e.value() + " says where an ids trace holds its sizes, but "
                    + kind + " (expected: --size-column for ids traces only)";
            case "pageSize" -> e.recorded() == 0
                    ? "--page-size " + e.value() + " but " + kind + " of object ids, not addresses (expected:"
                            + " --page-size only for " + cutters + " traces)"
                    : "--page-size " + e.value() + " but " + e.trace() + " was recorded with " + e.recorded()
                            + "-byte pages (expected: --page-size only for " + cutters + " traces)";
            default -> e.getMessage();
        });
    }
}
