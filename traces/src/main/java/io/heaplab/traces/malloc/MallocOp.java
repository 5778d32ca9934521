package io.heaplab.traces.malloc;

/** What one event of a malloc trace is: a call of the C allocation interface, or a thread's end. */
public enum MallocOp {
    /** {@code malloc(size)}. */
    MALLOC("malloc"),
    /** {@code calloc(nmemb, size)}: the trace keeps the product and {@code nmemb}. */
    CALLOC("calloc"),
    /** {@code realloc(old, size)}. */
    REALLOC("realloc"),
    /** {@code memalign}, {@code posix_memalign}, {@code aligned_alloc}, {@code valloc}: a size and an alignment. */
    MEMALIGN("memalign"),
    /** {@code free(pointer)}. */
    FREE("free"),
    /** A thread ended (Android's {@code thread_done}). */
    THREAD_DONE("thread_done");

    private static final MallocOp[] BY_CODE = values();

    private final String word;

    MallocOp(String word) {
        this.word = word;
    }

    /** Its name in Android's text format. */
    public String word() {
        return word;
    }

    /** The op of code {@code code} ({@link #ordinal()}); an unknown code answers null. */
    static MallocOp of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
