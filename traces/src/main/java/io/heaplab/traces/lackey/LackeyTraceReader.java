package io.heaplab.traces.lackey;

import io.heaplab.core.trace.ReferenceRecorder;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.TraceFormatSpec;
import io.heaplab.traces.TraceReader;
import io.heaplab.traces.kit.AsciiLines;
import io.heaplab.traces.kit.DensePages;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Reads the memory trace of valgrind's lackey tool ({@code valgrind --tool=lackey --trace-mem=yes}):
 *
 * <pre>
 * ==1497== Lackey, an example Valgrind tool     log line: skipped
 * I  00401615,1                                 instruction fetch of 1 byte at 0x401615
 *  S 1fff0005a0,8                               store of 8 bytes (a write)
 *  L 1fff000594,4                               load (a read)
 *  M 1fff000594,4                               modify, a load and a store of the same bytes: one write
 * </pre>
 *
 * Addresses are hexadecimal without {@code 0x}, sizes decimal, from 1 to {@link #MAX_ACCESS_BYTES}. Each access
 * is one reference to every page it touches, from {@code addr / pageSize} to {@code (addr + size - 1) / pageSize},
 * so an access that straddles a page boundary touches both pages. Instruction fetches count only when
 * {@link ReadOptions#instructions()} asks for them. Consecutive references to one page merge into runs as in the
 * recorder.
 *
 * <p><b>Page numbering.</b> heaplab's simulators index arrays by page number, so pages must be dense small ints,
 * but a 64-bit address space divided by a page size is neither dense nor an int (a stack near
 * {@code 0x1fff000000} is page 33 million). So each distinct page gets the next id, 0, 1, 2, ..., in order of its
 * first reference, through {@link DensePages}: the renumbering keeps every reference's
 * identity, which is all that replacement policies look at, but not the distance between pages. (Binary and text
 * traces already hold heaplab's dense pages and are not renumbered.) Ids depend on what counts: with instruction
 * fetches, code pages take ids too.
 */
final class LackeyTraceReader implements TraceReader {

    /**
     * The largest access believed: real ones are at most a few KiB (64 for an AVX-512 load, a few thousand for an
     * XSAVE area); a larger size means a corrupt line, which would otherwise flood the sink with references.
     */
    static final int MAX_ACCESS_BYTES = 1 << 16;

    private static final String EXPECTED = "expected: 'I  ADDR,SIZE', ' L ADDR,SIZE', ' S ADDR,SIZE' or"
            + " ' M ADDR,SIZE' with a hexadecimal ADDR and a decimal SIZE, or a '==' log line";

    private final Path file;
    private final InputStream in;
    private final AsciiLines lines;
    private final int pageSize;
    private final int pageShift;
    private final boolean instructions;
    private final DensePages ids = new DensePages();
    private boolean replayed;

    /** Reads {@code in}, named {@code file} in messages; closes it on {@link #close()}. */
    LackeyTraceReader(Path file, InputStream in, ReadOptions options) {
        this.file = file;
        this.pageSize = options.pageSize();
        this.pageShift = Integer.numberOfTrailingZeros(pageSize);
        this.instructions = options.instructions();
        this.in = in;
        this.lines = new AsciiLines(file, in);
    }

    @Override
    public TraceFormatSpec format() {
        return TraceFormat.LACKEY;
    }

    @Override
    public int pageSize() {
        return pageSize;
    }

    @Override
    public long replay(ReferenceSink sink) throws IOException {
        if (replayed) {
            throw new IllegalStateException(file + ": a trace reader replays once");
        }
        replayed = true;
        ReferenceRecorder out = ReferenceRecorder.merging(sink);
        LackeyLine access = new LackeyLine();
        while (lines.next()) {
            byte[] b = lines.bytes();
            int start = lines.start();
            int end = lines.end();
            if (end - start >= 2 && b[start] == '=' && b[start + 1] == '=') {
                continue;
            }
            if (!access.parse(b, start, end)) {
                if (AsciiLines.isBlank(b, start, end)) {
                    continue;
                }
                throw error(lines.text() + (LackeyLine.looksLikeAccess(b, start, end) ? " is not a lackey access"
                        : " is not a lackey line") + " (" + EXPECTED + ")");
            }
            long address = access.address;
            int size = access.size;
            if (size < 1 || size > MAX_ACCESS_BYTES) {
                throw error("access size " + size + (size == Integer.MAX_VALUE ? " or more" : "")
                        + " in " + lines.text() + " (expected: 1 to " + MAX_ACCESS_BYTES + " bytes)");
            }
            long last = address + size - 1;
            if (Long.compareUnsigned(last, address) < 0) {
                throw error("access " + lines.text() + " runs past the end of the 64-bit address space"
                        + " (expected: ADDR + SIZE <= 2^64)");
            }
            if (access.kind == 'I' && !instructions) {
                continue;
            }
            boolean write = access.kind == 'S' || access.kind == 'M';
            // counted, not compared: with 1-byte pages a page above 2^63 is a negative long
            long first = address >>> pageShift;
            long pages = (last >>> pageShift) - first + 1;
            for (long k = 0; k < pages; k++) {
                out.reference(id(first + k), write);
            }
        }
        out.flush();
        return out.references();
    }

    /** The dense id of {@code page}, giving it the next one on its first appearance. */
    private int id(long page) {
        int id = ids.page(page);
        if (id < 0) {
            throw error("more than " + DensePages.MAX_PAGES
                    + " distinct pages (expected: at most that many, the most heaplab renumbers)");
        }
        return id;
    }

    /** Whether a line is a well-formed lackey access (for format detection). */
    static boolean isAccessLine(byte[] b, int start, int end) {
        return new LackeyLine().parse(b, start, end);
    }

    private TraceFormatException error(String problem) {
        return TraceFormatException.atLine(file, lines.number(), problem);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
