package io.heaplab.traces;

import io.heaplab.core.files.InputFile;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.CountingSink;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.core.trace.ReferenceTally;
import io.heaplab.traces.kit.DenseRenumbering;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.LongConsumer;

/**
 * A trace of any format heaplab reads, rewritten in heaplab's binary format, optionally cut to a window of its
 * references:
 * <pre>{@code
 * ConversionResult result = TraceConversion.of(Path.of("sort.lackey"))
 *         .instructions(true).skip(1_000_000).limit(5_000_000)
 *         .to(Path.of("sort.hlt"));
 * }</pre>
 * The input may be a file or a stream ({@link #of(InputStream, String)}: standard input, a pipe from valgrind), so a
 * lackey trace far too large to keep need never touch the disk. The window is the references from {@link #skip}
 * on, at most {@link #limit} of them; a run that straddles either edge is split, and reading stops as soon as the
 * window is full (so the program writing a pipe sees it closed). The output is written atomically, deflated by
 * default.
 *
 * <p>A lackey trace's pages are numbered in order of first appearance within the window, so they stay dense when
 * the references before the window are skipped; a heaplab trace's pages keep their numbers.
 */
public final class TraceConversion {

    private final Path file;
    private final InputStream stream;
    private final String name;
    private TraceFormatSpec format;
    private int pageSize = ReadOptions.DEFAULT_PAGE_SIZE;
    private boolean pageSizeGiven;
    private boolean instructions;
    private int idColumn = 1;
    private boolean header;
    private long skip;
    private long limit = Long.MAX_VALUE;
    private boolean compress = true;
    private TraceFormatSpec target = TraceFormat.BINARY;
    /** Told the references read so far after each batch, or null. */
    private LongConsumer progress;

    private TraceConversion(Path file, InputStream stream, String name) {
        this.file = file;
        this.stream = stream;
        this.name = name;
    }

    /** A conversion of the trace file {@code source}. */
    public static TraceConversion of(Path source) {
        Objects.requireNonNull(source, "source");
        return new TraceConversion(source, null, source.toString());
    }

    /** A conversion of the trace read from {@code in}, which messages call {@code name}; it is read once and closed. */
    public static TraceConversion of(InputStream in, String name) {
        return new TraceConversion(null, Objects.requireNonNull(in, "in"), Objects.requireNonNull(name, "name"));
    }

    /** The input's format; {@code null}, as by default, to tell it from the content. */
    public TraceConversion format(TraceFormatSpec format) {
        this.format = format;
        return this;
    }

    /**
     * Bytes per page, a power of 2, to cut a lackey trace's byte addresses into (default {@value
     * ReadOptions#DEFAULT_PAGE_SIZE}); a heaplab trace names its own, and giving it another fails the conversion.
     */
    public TraceConversion pageSize(int pageSize) {
        new ReadOptions(pageSize, instructions); // checks it here, where the mistake is made
        this.pageSize = pageSize;
        this.pageSizeGiven = true;
        return this;
    }

    /** Whether a lackey trace's instruction fetches are references too (default: data references only). */
    public TraceConversion instructions(boolean instructions) {
        this.instructions = instructions;
        return this;
    }

    /**
     * Where an id trace (libCacheSim's txt or csv) holds its object ids: the 1-based comma-separated column
     * (default 1), and whether its first line is a header to skip (default not).
     */
    public TraceConversion ids(int column, boolean header) {
        new ReadOptions(ReadOptions.DEFAULT_PAGE_SIZE, false, column, header); // checks it where the mistake is made
        this.idColumn = column;
        this.header = header;
        return this;
    }

    /** References to drop from the start of the input (default 0): a program's start-up, say. */
    public TraceConversion skip(long skip) {
        if (skip < 0) {
            throw new IllegalArgumentException("skip: " + skip + " (expected: 0 or more references)");
        }
        this.skip = skip;
        return this;
    }

    /** The most references to keep after the skipped ones (default: all of them). */
    public TraceConversion limit(long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit: " + limit + " (expected: 1 or more references)");
        }
        this.limit = limit;
        return this;
    }

    /**
     * The format to write: heaplab's binary (the default), its text, or libCacheSim's oracleGeneral (for a
     * replay by its {@code cachesim} on the same references); a text trace is never compressed.
     */
    public TraceConversion target(TraceFormatSpec target) {
        if (!target.writes()) {
            throw new SpecException("target: " + target.label() + " (expected: " + TraceFormats.installed().writable()
                    + ")");
        }
        this.target = target;
        return this;
    }

    /** {@code listener} is told how many references have been read so far after each batch: a progress bar's feed. */
    public TraceConversion progress(LongConsumer listener) {
        this.progress = Objects.requireNonNull(listener, "listener");
        return this;
    }

    /** Whether to deflate the output's body (default: yes). */
    public TraceConversion compress(boolean compress) {
        this.compress = compress;
        return this;
    }

    /**
     * Reads the input and writes the window of it to {@code out} in the binary format, atomically: on any failure
     * nothing appears at {@code out}.
     *
     * @throws SpecException        when the input is not a file; a {@link ReadOptionException} when an option
     *                              given means nothing to the input or it contradicts it
     * @throws TraceFormatException when the input is malformed, naming the line or byte
     */
    public ConversionResult to(Path out) throws IOException {
        Objects.requireNonNull(out, "out");
        if (file != null) {
            InputFile.check("trace", file, "a trace to read");
        }
        ReadOptions options = new ReadOptions(pageSize, instructions, idColumn, header);
        try (TraceReader reader = file != null ? TraceFiles.open(file, format, options)
                : TraceFiles.open(stream, name, format, options)) {
            TraceFormatSpec actual = reader.format();
            options.checkApplies(reader, name, pageSizeGiven);
            ReferenceTally tally = new ReferenceTally();
            try (TraceWriter writer = TraceFiles.create(out, target, reader.pageSize(),
                    compress && target != TraceFormat.TEXT)) {
                // a heaplab trace's page numbers pass to the writer as they are, densely only to the count
                ReferenceSink counted = actual.renumbers() ? tally : new DenseRenumbering(Path.of(name), tally);
                Window window = new Window(writer, counted, skip, limit, actual.renumbers());
                boolean cut = false;
                try {
                    reader.replay(progress == null ? window : CountingSink.around(window, progress));
                } catch (Window.Full full) {
                    cut = true;
                }
                writer.commit();
                return new ConversionResult(name, actual, reader.pageSize(), window.skipped, tally.references(),
                        tally.runs(), tally.writeRuns(), tally.distinctPages(), cut);
            }
        }
    }

    /**
     * Passes on the references from {@code skip} on, at most {@code limit} of them, splitting runs at the edges and
     * renumbering pages when asked; stops the replay by throwing {@link Full} once the window is full.
     */
    private static final class Window implements ReferenceSink {

        /** Thrown, without a stack trace, to stop reading once the window is full. */
        static final class Full extends RuntimeException {
            private static final long serialVersionUID = 1L;

            Full() {
                super("the window is full", null, false, false);
            }
        }

        private final TraceWriter writer;
        private final ReferenceSink tally;
        private final long skip;
        private final long limit;
        private final boolean renumber;
        private long[] out = new long[1024];
        private int[] ids = new int[0];
        private int nextId;
        long skipped;
        private long kept;

        Window(TraceWriter writer, ReferenceSink tally, long skip, long limit, boolean renumber) {
            this.writer = writer;
            this.tally = tally;
            this.skip = skip;
            this.limit = limit;
            this.renumber = renumber;
        }

        @Override
        public void accept(long[] runs, int length) {
            if (out.length < length) {
                out = new long[length];
            }
            int n = 0;
            boolean full = false;
            for (int i = 0; i < length && !full; i++) {
                long run = runs[i];
                int count = PageRun.count(run);
                if (skipped < skip) {
                    long drop = Math.min(count, skip - skipped);
                    skipped += drop;
                    count -= (int) drop;
                    if (count == 0) {
                        continue;
                    }
                }
                if (count >= limit - kept) {
                    count = (int) (limit - kept);
                    full = true;
                }
                kept += count;
                int page = renumber ? id(PageRun.page(run)) : PageRun.page(run);
                out[n++] = PageRun.pack(page, count, PageRun.isWrite(run));
            }
            if (n > 0) {
                writer.accept(out, n);
                tally.accept(out, n);
            }
            if (full) {
                throw new Full();
            }
        }

        /** The measured phase starts where it did, or at the window's start when it started before. */
        @Override
        public void startMeasuring() {
            if (skipped == skip && kept > 0) {
                writer.startMeasuring();
                tally.startMeasuring();
            }
        }

        private int id(int page) {
            if (page >= ids.length) {
                int old = ids.length;
                ids = Arrays.copyOf(ids, Math.max(page + 1, old * 2));
                Arrays.fill(ids, old, ids.length, -1);
            }
            if (ids[page] < 0) {
                ids[page] = nextId++;
            }
            return ids[page];
        }
    }
}
