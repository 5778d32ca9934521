package io.heaplab.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class PageListsTest {

    @Test
    void pagesPushedAtTheHeadLeaveFromTheTail() {
        PageLists lists = new PageLists("a", "b");
        lists.pushHead(0, 4);
        lists.pushHead(0, 9);
        lists.pushHead(1, 7);
        assertThat(lists.head(0)).isEqualTo(9);
        assertThat(lists.tail(0)).isEqualTo(4);
        assertThat(lists.size(0)).isEqualTo(2);
        assertThat(lists.head(1)).isEqualTo(7).isEqualTo(lists.tail(1));
        assertThat(lists.listOf(9)).isEqualTo((byte) 0);
        assertThat(lists.listOf(7)).isEqualTo((byte) 1);
        assertThat(lists.listOf(5)).isEqualTo(PageLists.NONE);
        lists.check();
    }

    @Test
    void movingAndRemovingRelinkTheNeighbours() {
        PageLists lists = new PageLists("a", "b");
        for (int page = 1; page <= 3; page++) {
            lists.pushHead(0, page); // a: 3 2 1
        }
        lists.moveToHead(0, 1); // a: 1 3 2
        assertThat(lists.head(0)).isEqualTo(1);
        assertThat(lists.next(1)).isEqualTo(3);
        assertThat(lists.next(3)).isEqualTo(2);
        assertThat(lists.next(2)).isEqualTo(PageLists.NIL);
        assertThat(lists.tail(0)).isEqualTo(2);
        assertThat(lists.prev(2)).isEqualTo(3); // the walk back from the tail
        assertThat(lists.prev(3)).isEqualTo(1);
        assertThat(lists.prev(1)).isEqualTo(PageLists.NIL);
        lists.moveToHead(0, 1); // already there
        lists.moveToHead(1, 3); // a: 1 2, b: 3
        assertThat(lists.size(0)).isEqualTo(2);
        assertThat(lists.size(1)).isEqualTo(1);
        lists.remove(1); // a: 2
        assertThat(lists.listOf(1)).isEqualTo(PageLists.NONE);
        assertThat(lists.head(0)).isEqualTo(2).isEqualTo(lists.tail(0));
        lists.remove(2);
        assertThat(lists.head(0)).isEqualTo(PageLists.NIL);
        assertThat(lists.tail(0)).isEqualTo(PageLists.NIL);
        assertThat(lists.size(0)).isZero();
        lists.check();
    }

    @Test
    void pagesPushedOrMovedToTheTailAreMetFirstFromTheTail() {
        PageLists lists = new PageLists("a", "b");
        lists.pushTail(0, 4); // a: 4
        lists.pushTail(0, 9); // a: 4 9
        lists.pushHead(0, 2); // a: 2 4 9
        assertThat(lists.head(0)).isEqualTo(2);
        assertThat(lists.tail(0)).isEqualTo(9);
        assertThat(lists.prev(9)).isEqualTo(4);
        lists.moveToTail(0, 2); // a: 4 9 2
        assertThat(lists.tail(0)).isEqualTo(2);
        assertThat(lists.head(0)).isEqualTo(4);
        lists.moveToTail(0, 2); // already there
        lists.moveToTail(1, 4); // a: 9 2, b: 4
        assertThat(lists.head(0)).isEqualTo(9);
        assertThat(lists.size(0)).isEqualTo(2);
        assertThat(lists.head(1)).isEqualTo(4).isEqualTo(lists.tail(1));
        assertThat(lists.listOf(4)).isEqualTo((byte) 1);
        lists.check();
    }

    @Test
    void growingKeepsTheListsAndLeavesNewPagesOnNone() {
        PageLists lists = new PageLists("only");
        lists.pushHead(0, 3);
        int before = lists.capacity();
        lists.grow(5_000_000);
        assertThat(lists.capacity()).isGreaterThan(5_000_000).isGreaterThanOrEqualTo(2 * before);
        assertThat(lists.listOf(3)).isZero();
        assertThat(lists.listOf(5_000_000)).isEqualTo(PageLists.NONE);
        lists.pushHead(0, 5_000_000);
        assertThat(lists.tail(0)).isEqualTo(3);
        lists.check();
        assertThatThrownBy(() -> lists.grow(-1)).hasMessage("page: -1 (expected: >= 0)");
    }

    @Test
    void rejectsNoLists() {
        assertThatThrownBy(PageLists::new).hasMessage("lists: 0 (expected: 1 to 127)");
    }

    @Test
    void checkFindsAPagePushedWhileOnAnotherList() {
        PageLists lists = new PageLists("active", "inactive");
        lists.pushHead(0, 1);
        lists.pushHead(0, 2);
        lists.pushHead(1, 1); // a caller's bug: 1 is still linked into the active list
        assertThatThrownBy(lists::check).isInstanceOf(IllegalStateException.class)
                .hasMessage("list active broken at page 1");
    }

    @Provide
    Arbitrary<int[]> operations() {
        // pairs: (what, page); what picks push/move to the head or the tail of one of 3 lists, or remove
        return Arbitraries.integers().between(0, 127).array(int[].class).ofMinSize(0).ofMaxSize(400);
    }

    /** Any sequence of valid operations, at either end, agrees with three plain lists and leaves the links sound. */
    @Property(tries = 300)
    void agreesWithPlainLists(@ForAll("operations") int[] ops) {
        PageLists lists = new PageLists("x", "y", "z");
        List<LinkedList<Integer>> model = List.of(new LinkedList<>(), new LinkedList<>(), new LinkedList<>());
        for (int op : ops) {
            int page = op % 16;
            int what = op / 16; // 0..2: to the head of that list, 3..5: to the tail of list what - 3, 6..7: remove
            int on = lists.listOf(page);
            if (what < 3) {
                if (on == PageLists.NONE) {
                    lists.pushHead(what, page);
                } else {
                    lists.moveToHead(what, page);
                    model.get(on).remove((Integer) page);
                }
                model.get(what).addFirst(page);
            } else if (what < 6) {
                if (on == PageLists.NONE) {
                    lists.pushTail(what - 3, page);
                } else {
                    lists.moveToTail(what - 3, page);
                    model.get(on).remove((Integer) page);
                }
                model.get(what - 3).addLast(page);
            } else if (on != PageLists.NONE) {
                lists.remove(page);
                model.get(on).remove((Integer) page);
            }
        }
        lists.check();
        for (int list = 0; list < 3; list++) {
            List<Integer> drained = new ArrayList<>();
            while (lists.size(list) > 0) {
                int head = lists.head(list);
                assertThat(lists.listOf(head)).isEqualTo((byte) list);
                drained.add(head);
                lists.remove(head);
            }
            assertThat(drained).as("list %d", list).isEqualTo(model.get(list));
        }
        lists.check();
    }
}
