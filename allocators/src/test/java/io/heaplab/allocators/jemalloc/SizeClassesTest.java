package io.heaplab.allocators.jemalloc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * jemalloc's size classes as {@code sc.c} computes them with a 16-byte quantum and 4 KiB pages, each small class's
 * slab and regions, the page-size classes, and the thread cache's slots: figures a reader can check against
 * jemalloc's {@code SC_*} constants and its stats output.
 */
class SizeClassesTest {

    private final SizeClasses sc = new SizeClasses(12);

    @Test
    void theClassTableBeginsWithTheTinyClassThePseudoGroupThenFourPerDoubling() {
        long[] first = {8, 16, 32, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 640};
        for (int i = 0; i < first.length; i++) {
            assertThat(sc.size(i)).as("class %d", i).isEqualTo(first[i]);
        }
        // 1 tiny + 4 pseudo + 57 groups of 4 from base 64 to base 2^62, the last with 3: SC_NSIZES = 232
        assertThat(sc.nsizes()).isEqualTo(232);
        // small below 4 pages: the last is 8192 + 3 * 2048 = 14336, class 35; SC_NBINS = 36
        assertThat(sc.nbins()).isEqualTo(36);
        assertThat(sc.smallMax()).isEqualTo(14336);
        assertThat(sc.size(36)).isEqualTo(16384);
        // SC_LARGE_MAXCLASS = 2^62 + 3 * 2^60
        assertThat(sc.largeMax()).isEqualTo((1L << 62) + 3 * (1L << 60));
    }

    @Test
    void aRequestMapsToTheFirstClassThatHoldsIt() {
        // size -> class index: 0 and 1..8 are the tiny class; 9..16 the quantum; 129 the first of base 128 step 32
        long[][] sizeIndex = {{0, 0}, {1, 0}, {8, 0}, {9, 1}, {16, 1}, {17, 2}, {128, 8}, {129, 9}, {160, 9},
                {161, 10}, {14336, 35}, {14337, 36}, {16385, 37}};
        for (long[] c : sizeIndex) {
            assertThat(sc.index(c[0])).as("index of %d bytes", c[0]).isEqualTo((int) c[1]);
        }
        assertThat(sc.index(sc.largeMax() + 1)).isEqualTo(sc.nsizes());
    }

    @Test
    void theFormulaAgreesWithTheTableAtEveryClassBoundary() {
        for (int i = 0; i < sc.nsizes(); i++) {
            assertThat(sc.index(sc.size(i))).as("class %d's own size", i).isEqualTo(i);
            if (i + 1 < sc.nsizes()) {
                assertThat(sc.index(sc.size(i) + 1)).as("one byte past class %d", i).isEqualTo(i + 1);
            }
        }
    }

    @Test
    void aSlabIsTheFewestPagesItsRegionsTileExactly() {
        // class -> pages, regions: lcm(4096, size) / 4096 pages
        long[][] classPagesRegions = {{8, 1, 512}, {16, 1, 256}, {48, 3, 256}, {80, 5, 256}, {112, 7, 256},
                {160, 5, 128}, {192, 3, 64}, {4096, 1, 1}, {8192, 2, 1}, {10240, 5, 2}, {14336, 7, 2}};
        for (long[] c : classPagesRegions) {
            int bin = sc.index(c[0]);
            assertThat(sc.slabPages(bin)).as("pages of a slab of %d", c[0]).isEqualTo((int) c[1]);
            assertThat(sc.nregs(bin)).as("regions of a slab of %d", c[0]).isEqualTo((int) c[2]);
        }
        // with 8 KiB pages small classes go up to 4 pages: 28672 is the last; 48-byte slabs are 3 pages of 8 KiB
        SizeClasses big = new SizeClasses(13);
        assertThat(big.smallMax()).isEqualTo(28672);
        assertThat(big.slabPages(big.index(48))).isEqualTo(3);
        assertThat(big.nregs(big.index(48))).isEqualTo(512);
    }

    @Test
    void pageSizeClassesAndTheirQuantizationWithTheLargePad() {
        // SC_NPSIZES = 199: 4, 8, 12, 16 KiB, then 49 groups of 4 from base 16 KiB, the last with 3
        assertThat(sc.npsizes()).isEqualTo(199);
        assertThat(sc.pindSize(0)).isEqualTo(4096);
        assertThat(sc.pindSize(4)).isEqualTo(20480);
        assertThat(sc.pszIndex(4097)).isEqualTo(1);
        // 4 classes to 16 KiB, then 4 per doubling: 32 KiB is index 7, 64 KiB 11, ... 1 MiB 27, 2 MiB 31
        assertThat(sc.pszIndex(2L << 20)).as("exp_grow starts at the huge page").isEqualTo(31);
        // an extent of 9 pages (36864) is filed as 32768 + pad; asked for, 9 pages look from 40960 + pad's class on
        assertThat(sc.quantizeFloor(36864, 4096)).isEqualTo(36864);
        assertThat(sc.quantizeFloor(40960, 4096)).isEqualTo(36864);
        assertThat(sc.quantizeCeil(40960, 4096)).isEqualTo(45056);
    }

    @Test
    void theThreadCacheHoldsTwiceASlabBetween20And200Slots() {
        int[][] classSlots = {{8, 200}, {64, 128}, {128, 64}, {256, 32}, {512, 20}, {14336, 20}, {16384, 20},
                {32768, 20}};
        for (int[] c : classSlots) {
            assertThat(Tcache.ncachedMax(sc, sc.index(c[0]))).as("slots of %d", c[0]).isEqualTo(c[1]);
        }
        // 36 small classes and the large ones up to 32 KiB: 16, 20, 24, 28, 32 KiB
        assertThat(Tcache.nhbins(sc)).isEqualTo(41);
        assertThat(Tcache.ncachedMax(sc, 41)).isZero();
    }
}
