package io.heaplab.traces;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * A trace format: how to read it (and write it, when heaplab does), what its references are, and how to tell it
 * from its name or first bytes. heaplab's own are the constants of {@link TraceFormat}, each backed by a spec in its
 * family's package; a format from another jar implements this and names its class in {@code
 * META-INF/services/io.heaplab.traces.TraceFormatSpec} ({@link TraceFormats}).
 */
public interface TraceFormatSpec {

    /** The name {@link TraceFormats#parse} and {@code --format} take: lower case, words joined by '-'. */
    String label();

    /** What the format is, for the {@code --format} help: the label, then anything it needs said in parentheses. */
    String help();

    /** Whether the trace holds byte addresses, which the page size cuts into pages (lackey's, UCSD's). */
    boolean cutsAddresses();

    /** Whether the reader numbers pages itself, densely in order of first appearance (all but heaplab's). */
    boolean renumbers();

    /**
     * The {@link ReadOptions} the reader takes besides the page size, by component name: {@code "instructions"}
     * for lackey, {@code "idColumn"} and {@code "header"} for ids; an option given that the format does not take is
     * refused ({@link ReadOptions#checkApplies}).
     */
    default Set<String> options() {
        return Set.of();
    }

    /**
     * Opens {@code file} for one replay, reading and checking any header: by default as a stream ({@link
     * #open(InputStream, Path, ReadOptions)}), which is closed again if that fails.
     */
    default TraceReader open(Path file, ReadOptions options) throws IOException {
        InputStream in = Files.newInputStream(file);
        try {
            return open(in, file, options);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** Opens {@code in}, read from its start and named {@code name} in messages, for one replay; closed with it. */
    TraceReader open(InputStream in, Path name, ReadOptions options) throws IOException;

    /** Whether heaplab writes the format too ({@link #create}). */
    default boolean writes() {
        return false;
    }

    /**
     * Starts writing a trace that appears at {@code file} on {@link TraceWriter#commit()}.
     *
     * @param pageSize bytes per page the references were cut with (a power of 2), or 0 when unknown
     */
    default TraceWriter create(Path file, int pageSize, boolean compress) throws IOException {
        throw new UnsupportedOperationException(label() + " traces are read, not written");
    }

    /** Why a file of this name, in lower case, is one of this format ({@code "its name ends in .csv"}), or null. */
    default String byName(String name) {
        return null;
    }

    /** Why the first {@code length} bytes of a trace are this format's signature (a magic, a header), or null. */
    default String bySignature(byte[] head, int length) {
        return null;
    }

    /**
     * Why the first non-blank line, {@code b[start .. end)}, of a trace whose head is text and has no signature is
     * this format's, or null: for line formats with no header.
     */
    default String byFirstLine(byte[] b, int start, int end) {
        return null;
    }
}
