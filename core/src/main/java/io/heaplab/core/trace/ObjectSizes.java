package io.heaplab.core.trace;

/**
 * The bytes of each object of a sized trace (libCacheSim's oracleGeneral, a csv with a size column), by its dense
 * page number: the size at the object's first request; a later size of the same object is ignored.
 *
 * <p>A reader writes a size when an object first comes, before the batch that holds it is handed on, and never
 * again; sinks on other threads read only objects of batches handed to them. The table is in chunks under a fixed
 * directory, so growing it moves nothing a reader on another thread might be reading.
 */
public final class ObjectSizes {

    private static final int CHUNK_BITS = 14;
    private static final int CHUNK = 1 << CHUNK_BITS;
    /** Objects the table can hold: the most dense pages a reader numbers. */
    public static final int MAX_OBJECTS = 1 << 28;

    private final int[][] chunks = new int[MAX_OBJECTS >>> CHUNK_BITS][];
    /** Objects with a size: they are {@code 0 .. known)}. */
    private int known;

    /**
     * Records that dense page {@code page} was requested with {@code bytes} (an unsigned 32-bit size): kept when
     * the page is the next new one, ignored for a page seen before.
     */
    public void request(int page, int bytes) {
        if (page == known) {
            int[] chunk = chunks[page >>> CHUNK_BITS];
            if (chunk == null) {
                chunk = new int[CHUNK];
                chunks[page >>> CHUNK_BITS] = chunk;
            }
            chunk[page & (CHUNK - 1)] = bytes;
            known++;
        } else if (page > known) {
            // dense pages are numbered as they first come: a gap is a reader's bug, and would weigh objects as 0
            throw new IllegalStateException("page " + page + " before page " + known + " was requested");
        }
    }

    /** The bytes of the object on dense page {@code page}, one already requested. */
    public long bytes(int page) {
        return Integer.toUnsignedLong(chunks[page >>> CHUNK_BITS][page & (CHUNK - 1)]);
    }

    /** How many objects have a size. */
    public int known() {
        return known;
    }
}
