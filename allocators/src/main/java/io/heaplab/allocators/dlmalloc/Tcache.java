package io.heaplab.allocators.dlmalloc;

import io.heaplab.core.heap.HeapAccess;

/**
 * glibc 2.36's per-thread cache (malloc/malloc.c, {@code tcache_perthread_struct}, {@code tcache_put},
 * {@code tcache_get}): for each of 64 chunk sizes, 32 to 1040 bytes, a LIFO list of up to {@code tcache_count} chunks
 * that stay in use as far as the arena knows, so that a free and the next malloc of that size touch nothing else.
 *
 * <pre>
 *  the struct, 640 bytes, the user memory of the arena's first chunk (656 bytes with its header)
 *  +0     uint16_t counts[64]
 *  +128   tcache_entry *entries[64]   each the user memory (chunk + 16) of the last chunk put
 *
 *  a cached chunk's user memory:  +0 next (the entry put before it, or NULL)   +8 key (marks it cached)
 * </pre>
 *
 * glibc's safe-linking ({@code PROTECT_PTR}) scrambles {@code next} with the address it is stored at; that changes
 * only the bits stored, not which words are touched, so {@code next} is stored plain here.
 */
final class Tcache {

    /** {@code sizeof (tcache_perthread_struct)}. */
    static final int STRUCT_SIZE = 2 * ChunkSizes.TCACHE_BINS + 8 * ChunkSizes.TCACHE_BINS;
    /** The value of {@code tcache_key}, random in glibc; any constant marks a chunk as cached. */
    static final long KEY = 0x5eed_dead_beef_cafeL;

    private static final int ENTRIES = 2 * ChunkSizes.TCACHE_BINS;

    private final HeapAccess mem;
    private final int fill;
    /** The struct's address, 0 until {@code tcache_init} has allocated it. */
    private long struct;

    /** @param fill {@code mp_.tcache_count}: chunks kept per size, 1 to 65535 */
    Tcache(HeapAccess mem, int fill) {
        this.mem = mem;
        this.fill = fill;
    }

    boolean isReady() {
        return struct != 0;
    }

    long struct() {
        return struct;
    }

    int fill() {
        return fill;
    }

    /** {@code tcache_init}'s memset: the struct at {@code address} starts with every list empty. */
    void init(long address) {
        struct = address;
        for (int off = 0; off < STRUCT_SIZE; off += 8) {
            mem.setLong(address + off, 0);
        }
    }

    int count(int idx) {
        return mem.getShort(struct + 2L * idx) & 0xFFFF;
    }

    /** Whether list {@code idx} has room: {@code counts[idx] < mp_.tcache_count}. */
    boolean hasRoom(int idx) {
        return count(idx) < fill;
    }

    /** The user memory of the entry at the head of list {@code idx}, or 0. */
    long head(int idx) {
        return mem.getLong(struct + ENTRIES + 8L * idx);
    }

    /** The entry after {@code entry} in its list. */
    long next(long entry) {
        return mem.getLong(entry);
    }

    /** The key word of {@code entry}: {@link #KEY} while it is cached ({@code _int_free} reads it to catch a double free). */
    long key(long entry) {
        return mem.getLong(entry + 8);
    }

    /** {@code tcache_put}: {@code chunk} goes to the head of list {@code idx}. */
    void put(long chunk, int idx) {
        long entry = chunk + ChunkSizes.HEADER;
        mem.setLong(entry + 8, KEY);
        mem.setLong(entry, head(idx));
        mem.setLong(struct + ENTRIES + 8L * idx, entry);
        mem.setShort(struct + 2L * idx, (short) (count(idx) + 1));
    }

    /** {@code tcache_get}: takes the head of non-empty list {@code idx}; returns its user memory. */
    long get(int idx) {
        long entry = head(idx);
        mem.setLong(struct + ENTRIES + 8L * idx, next(entry));
        mem.setShort(struct + 2L * idx, (short) (count(idx) - 1));
        mem.setLong(entry + 8, 0);
        return entry;
    }
}
