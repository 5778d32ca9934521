package io.heaplab.core.trace;

/**
 * Packs a run of consecutive references to one page into a {@code long}, so batches are plain {@code long[]}.
 *
 * <pre>
 *  63            33  32  31                 0
 * +----------------+---+--------------------+
 * |     count      | w |        page        |
 * +----------------+---+--------------------+
 * </pre>
 * {@code w} is set when any reference of the run wrote the page.
 */
public final class PageRun {

    /** The longest run one entry holds; a longer one is split. */
    public static final int MAX_COUNT = Integer.MAX_VALUE;

    private static final long WRITE_BIT = 1L << 32;

    private PageRun() {
    }

    public static long pack(int page, int count, boolean write) {
        return ((long) count << 33) | (write ? WRITE_BIT : 0L) | (page & 0xFFFF_FFFFL);
    }

    public static int page(long run) {
        return (int) run;
    }

    public static int count(long run) {
        return (int) (run >>> 33);
    }

    /** The references the first {@code length} runs of a batch stand for: the sum of their counts. */
    public static long references(long[] runs, int length) {
        long sum = 0;
        for (int i = 0; i < length; i++) {
            sum += count(runs[i]);
        }
        return sum;
    }

    public static boolean isWrite(long run) {
        return (run & WRITE_BIT) != 0;
    }
}
