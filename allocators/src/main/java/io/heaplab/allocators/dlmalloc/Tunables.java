package io.heaplab.allocators.dlmalloc;

import io.heaplab.core.heap.Bytes;
import io.heaplab.core.spi.SpecException;

/**
 * The parameters of glibc 2.36's malloc that heaplab lets a spec set, with glibc's defaults (malloc/malloc.c's
 * {@code mp_} and {@code global_max_fast}; the tunables {@code glibc.malloc.tcache_count}, {@code mxfast},
 * {@code top_pad}, {@code mmap_threshold} in elf/dl-tunables.list).
 *
 * @param tcacheCount      chunks the tcache keeps per size ({@code TCACHE_FILL_COUNT} 7); 0: no tcache at all
 * @param maxFastRequest   M_MXFAST: the largest request fastbins serve, 0 to 160 bytes ({@code DEFAULT_MXFAST} 128)
 * @param topPad           M_TOP_PAD: bytes sbrk asks for beyond a request (128 KiB, sysdeps/generic/malloc-machine.h)
 * @param mmapThreshold    M_MMAP_THRESHOLD: the chunk size from which a request the arena cannot serve is mmapped
 *                         (128 KiB); 0: never mmap
 * @param dynamicThreshold whether freeing an mmapped chunk raises the threshold to its size (up to 32 MiB), as glibc
 *                         does unless a threshold was set by mallopt or a tunable
 * @param touchedOnly      whether heaplab's heap grows only over the pages the arena touches (a process's resident
 *                         memory) rather than with the break (its virtual size)
 */
public record Tunables(int tcacheCount, int maxFastRequest, long topPad, long mmapThreshold, boolean dynamicThreshold,
                       boolean touchedOnly) {

    /** glibc's {@code MAX_TCACHE_COUNT}: counts are {@code uint16_t}. */
    public static final int MAX_TCACHE_COUNT = 65535;
    /** The largest top_pad and mmap threshold a spec may give. */
    public static final long MAX_BYTES = 1L << 30;
    /** glibc 2.36 on x86-64 as it starts. */
    public static final Tunables GLIBC = new Tunables(7, ChunkSizes.DEFAULT_MXFAST, 128 << 10, 128 << 10, true, true);

    public Tunables {
        if (tcacheCount < 0 || tcacheCount > MAX_TCACHE_COUNT) {
            throw new SpecException(DlmallocAllocatorProvider.NAME + ": tcache=" + tcacheCount + " (expected: 0 to "
                    + MAX_TCACHE_COUNT + " chunks per size, 0 for no tcache)");
        }
        if (maxFastRequest < 0 || maxFastRequest > ChunkSizes.MAX_FAST_REQUEST) {
            throw new SpecException(DlmallocAllocatorProvider.NAME + ": fast=" + maxFastRequest + " (expected: 0 to "
                    + ChunkSizes.MAX_FAST_REQUEST + " bytes, M_MXFAST)");
        }
        checkBytes("pad", topPad, String.valueOf(topPad));
        checkBytes("mmap", mmapThreshold, String.valueOf(mmapThreshold));
    }

    /**
     * The bytes {@code raw} names for option {@code option} (a number, or with a unit: {@code 128KiB}), 0 to
     * {@link #MAX_BYTES}; otherwise a one-line {@link SpecException} naming the option.
     */
    public static long bytes(String option, String raw) {
        long bytes;
        try {
            bytes = Bytes.parse(raw);
        } catch (SpecException e) {
            throw new SpecException(DlmallocAllocatorProvider.NAME + ": " + option + "=" + raw + " (expected: bytes,"
                    + " optionally with a unit, such as 4096 or 128KiB)");
        }
        checkBytes(option, bytes, raw);
        return bytes;
    }

    private static void checkBytes(String option, long bytes, String shown) {
        if (bytes < 0 || bytes > MAX_BYTES) {
            throw new SpecException(DlmallocAllocatorProvider.NAME + ": " + option + "=" + shown
                    + " (expected: 0 to 1GiB)");
        }
    }
}
