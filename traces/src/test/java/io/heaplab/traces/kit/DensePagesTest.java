package io.heaplab.traces.kit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** Dense renumbering: each distinct id gets the next page in order of first appearance, singly or in blocks. */
class DensePagesTest {

    /** Ids from a few values (many repeats) or anywhere in the longs (the table grows a few times). */
    @Property(tries = 200)
    void blocksAndSingleIdsNumberEveryIdByItsFirstAppearance(@ForAll @Size(max = 20_000) long[] ids,
                                                             @ForAll @LongRange(min = 1, max = 5000) long spread) {
        Map<Long, Integer> expected = new HashMap<>();
        DensePages pages = new DensePages();
        int[] block = new int[ids.length];
        long[] narrowed = new long[ids.length];
        for (int i = 0; i < ids.length; i++) {
            narrowed[i] = spread < 100 ? Math.floorMod(ids[i], spread) : ids[i];
        }
        int half = ids.length / 2;
        assertThat(pages.pages(narrowed, half, block)).isEqualTo(-1);
        for (int i = 0; i < ids.length; i++) {
            int page = i < half ? block[i] : pages.page(narrowed[i]);
            expected.putIfAbsent(narrowed[i], expected.size());
            assertThat(page).as("id %d at %d", narrowed[i], i).isEqualTo(expected.get(narrowed[i]));
        }
        assertThat(pages.size()).isEqualTo(expected.size());
    }

    @Test
    void idsThatCollideInTheTableKeepTheirOwnPages() {
        DensePages pages = new DensePages();
        long[] ids = new long[100_000];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = (long) (i % 50_000) << 32; // low bits equal: only the mixing hash tells them apart
        }
        int[] block = new int[ids.length];
        assertThat(pages.pages(ids, ids.length, block)).isEqualTo(-1);
        for (int i = 0; i < ids.length; i++) {
            assertThat(block[i]).isEqualTo(i % 50_000);
        }
        assertThat(pages.page(Long.MIN_VALUE)).isEqualTo(50_000);
        assertThat(pages.page(0L)).isEqualTo(0);
    }

    @Test
    void theFirstIdPastTheLimitIsNamedAndTheIdsBeforeItKeepTheirPages() {
        DensePages pages = new DensePages(3);
        int[] block = new int[6];
        assertThat(pages.pages(new long[] {9, 8, 9, 7, 6, 8}, 6, block)).isEqualTo(4);
        assertThat(block).startsWith(0, 1, 0, 2);
        assertThat(pages.page(8)).isEqualTo(1);
        assertThat(pages.page(5)).isEqualTo(-1);
        assertThat(pages.page("a name")).isEqualTo(-1);
        assertThat(pages.size()).isEqualTo(3);
    }
}
