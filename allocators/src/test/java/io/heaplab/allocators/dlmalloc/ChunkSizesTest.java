package io.heaplab.allocators.dlmalloc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** glibc 2.36's size arithmetic at the edges of its bins, worked by hand from malloc/malloc.c's macros. */
class ChunkSizesTest {

    @Test
    void request2sizeAddsTheSizeFieldAndRoundsTo16AtLeast32() {
        // (req + 8 + 15) & ~15, at least 32
        long[][] requestChunk = {{0, 32}, {1, 32}, {24, 32}, {25, 48}, {40, 48}, {41, 64}, {120, 128}, {121, 144},
                {1000, 1008}, {1001, 1024}, {1032, 1040}, {1033, 1056}, {131064, 131072}, {131065, 131088}};
        for (long[] c : requestChunk) {
            assertThat(ChunkSizes.request2size(c[0])).as("request of %d", c[0]).isEqualTo(c[1]);
        }
    }

    @Test
    void smallBinsAre16BytesApartBelow1024() {
        assertThat(ChunkSizes.binIndex(32)).isEqualTo(2);
        assertThat(ChunkSizes.binIndex(48)).isEqualTo(3);
        assertThat(ChunkSizes.binIndex(1008)).as("1008 >> 4").isEqualTo(63);
        assertThat(ChunkSizes.isSmall(1008)).isTrue();
        assertThat(ChunkSizes.isSmall(1024)).as("MIN_LARGE_SIZE").isFalse();
    }

    @Test
    void largeBinsWidenAtEachStep() {
        long[][] sizeBin = {
            {1024, 64}, {1072, 64}, {1088, 65},        // 48 + (size >> 6): 64 bytes wide
            {3120, 96}, {3136, 97},                    // >> 6 is 48 at 3120; 91 + (3136 >> 9 = 6)
            {10736, 111}, {10752, 112},                // 91 + 20; 110 + (10752 >> 12 = 2)
            {40960, 120}, {45040, 120}, {45056, 120},  // 110 + 10; 119 + (45056 >> 15 = 1): the slop, bin 120 twice
            {65536, 121}, {163824, 123}, {163840, 124}, // 119 + 2, 119 + 4; 124 + (163840 >> 18 = 0)
            {786416, 126}, {786432, 126}, {1L << 30, 126}};
        for (long[] c : sizeBin) {
            assertThat(ChunkSizes.largebinIndex(c[0])).as("chunk of %d", c[0]).isEqualTo((int) c[1]);
            assertThat(ChunkSizes.binIndex(c[0])).as("bin_index of %d", c[0]).isEqualTo((int) c[1]);
        }
    }

    @Test
    void fastbinsTcacheBinsAndMaxFast() {
        assertThat(ChunkSizes.fastbinIndex(32)).isZero();
        assertThat(ChunkSizes.fastbinIndex(128)).isEqualTo(6);
        assertThat(ChunkSizes.fastbinIndex(176)).as("request2size(160), the last fastbin").isEqualTo(9);
        // set_max_fast: (s + 8) & ~15, or 16 (no chunk) for s <= 7
        assertThat(ChunkSizes.maxFast(128)).isEqualTo(128);
        assertThat(ChunkSizes.maxFast(160)).isEqualTo(160);
        assertThat(ChunkSizes.maxFast(24)).isEqualTo(32);
        assertThat(ChunkSizes.maxFast(0)).isEqualTo(16);
        assertThat(ChunkSizes.maxFast(7)).isEqualTo(16);
        // csize2tidx: (size - 32 + 15) / 16
        assertThat(ChunkSizes.tcacheIndex(32)).isZero();
        assertThat(ChunkSizes.tcacheIndex(1040)).isEqualTo(63);
        assertThat(ChunkSizes.tcacheIndex(1056)).as("not cached").isEqualTo(64);
        assertThat(ChunkSizes.MAX_TCACHE_REQUEST).isEqualTo(1032);
        assertThat(ChunkSizes.tcacheSize(63)).isEqualTo(1040);
    }
}
