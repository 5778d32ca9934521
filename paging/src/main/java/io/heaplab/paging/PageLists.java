package io.heaplab.paging;

import java.util.Arrays;

/**
 * A fixed number of doubly-linked lists of pages, head first, each page on at most one of them.
 *
 * <pre>
 *  list 0: head -&gt; 4 &lt;-&gt; 9 &lt;-&gt; 2 &lt;- tail     size 3
 *  list 1: head -&gt; 7 &lt;- tail                 size 1
 *  per page:   prev[9] = 4, next[9] = 2, listOf[9] = 0; listOf[5] = NONE
 * </pre>
 *
 * The lists are intrusive: a page's {@code prev}, {@code next} and {@code listOf} are three ints side by side in
 * one array indexed by page (pages of one heap are dense from 0), so a page moves in O(1) with no hash lookup and no
 * allocation, and touching a page costs one cache line, not three, when the pages are far more than the cache
 * holds; each page id below the capacity costs twelve bytes, listed or not. A list is a number from 0, named only for the messages of {@link #check()}. The operations
 * trust their caller (a page pushed is on no list, a page moved or removed is on one); {@code check()} finds the
 * damage after the fact.
 */
public final class PageLists {

    /** What {@link #listOf} answers for a page on no list. */
    public static final byte NONE = -1;
    /** No page: the neighbour of an end, the head or tail of an empty list. */
    public static final int NIL = -1;
    private static final int INITIAL_PAGES = 1024;

    private final String[] names;
    private final int[] head;
    private final int[] tail;
    private final int[] size;
    /** Per page {@code p}: its prev at {@code 3p}, its next at {@code 3p + 1}, its list at {@code 3p + 2}. */
    private int[] link = noneFrom(new int[3 * INITIAL_PAGES], 0);

    /** Empty lists, numbered from 0 in the order of their {@code names}. */
    public PageLists(String... names) {
        if (names.length < 1 || names.length > Byte.MAX_VALUE) {
            throw new IllegalArgumentException("lists: " + names.length + " (expected: 1 to " + Byte.MAX_VALUE + ")");
        }
        this.names = names.clone();
        this.head = new int[names.length];
        this.tail = new int[names.length];
        this.size = new int[names.length];
        Arrays.fill(head, NIL);
        Arrays.fill(tail, NIL);
    }

    /** Pages {@code 0 .. capacity)} fit; {@link #grow} makes room for more. */
    public int capacity() {
        return link.length / 3;
    }

    /**
     * Makes room for {@code page}, at least doubling the capacity (see {@link PageTables#grownLength}), so a
     * caller that keeps per-page arrays of its own copies them to the new {@link #capacity()}.
     */
    public void grow(int page) {
        int old = capacity();
        int length = Math.min(PageTables.grownLength(old, page), Integer.MAX_VALUE / 3);
        if (page >= length) {
            throw new IllegalArgumentException("page: " + page + " (expected: below " + length + ")");
        }
        link = noneFrom(Arrays.copyOf(link, 3 * length), 3 * old);
    }

    /** The list {@code page} is on, or {@link #NONE}; the page must be below {@link #capacity()}. */
    public byte listOf(int page) {
        return (byte) link[3 * page + 2];
    }

    /** The first page of {@code list}, or {@link #NIL} when it is empty. */
    public int head(int list) {
        return head[list];
    }

    /** The last page of {@code list}, or {@link #NIL} when it is empty. */
    public int tail(int list) {
        return tail[list];
    }

    /**
     * The page after {@code page}, which is on a list, toward that list's tail (the one put at the head before
     * it), or {@link #NIL} at the tail: a walk from the head with it visits a list in order.
     */
    public int next(int page) {
        return link[3 * page + 1];
    }

    /**
     * The page before {@code page}, which is on a list, toward that list's head, or {@link #NIL} at the head: a walk
     * from the tail with it visits a list oldest first.
     */
    public int prev(int page) {
        return link[3 * page];
    }

    public int size(int list) {
        return size[list];
    }

    /** Puts {@code page}, which is on no list, at the head of {@code list}. */
    public void pushHead(int list, int page) {
        int first = head[list];
        link[3 * page] = NIL;
        link[3 * page + 1] = first;
        if (first == NIL) {
            tail[list] = page;
        } else {
            link[3 * first] = page;
        }
        head[list] = page;
        link[3 * page + 2] = list;
        size[list]++;
    }

    /** Puts {@code page}, which is on no list, at the tail of {@code list}: a walk from the tail meets it first. */
    public void pushTail(int list, int page) {
        int last = tail[list];
        link[3 * page + 1] = NIL;
        link[3 * page] = last;
        if (last == NIL) {
            head[list] = page;
        } else {
            link[3 * last + 1] = page;
        }
        tail[list] = page;
        link[3 * page + 2] = list;
        size[list]++;
    }

    /** Moves {@code page}, which is on a list, to the head of {@code list}; a page already there stays put. */
    public void moveToHead(int list, int page) {
        if ((byte) link[3 * page + 2] == list && head[list] == page) {
            return;
        }
        unlink(page);
        pushHead(list, page);
    }

    /** Moves {@code page}, which is on a list, to the tail of {@code list}; a page already there stays put. */
    public void moveToTail(int list, int page) {
        if ((byte) link[3 * page + 2] == list && tail[list] == page) {
            return;
        }
        unlink(page);
        pushTail(list, page);
    }

    /** Takes {@code page}, which is on a list, off it: it is then on none. */
    public void remove(int page) {
        unlink(page);
        link[3 * page + 2] = NONE;
    }

    /** Unlinks {@code page} from its neighbours and its list's ends; its {@code listOf} is left for the caller. */
    private void unlink(int page) {
        byte from = (byte) link[3 * page + 2];
        int before = link[3 * page];
        int after = link[3 * page + 1];
        if (before == NIL) {
            head[from] = after;
        } else {
            link[3 * before + 1] = after;
        }
        if (after == NIL) {
            tail[from] = before;
        } else {
            link[3 * after] = before;
        }
        size[from]--;
    }

    /**
     * Checks every list both ways (from the head each page says it is on this list and links back to the one
     * before it, and the last is the tail, so the walk back from the tail meets the same pages), its length as
     * counted, and that no page outside the lists says it is on one.
     */
    public void check() {
        long listed = 0;
        for (int list = 0; list < names.length; list++) {
            int count = 0;
            int before = NIL;
            for (int page = head[list]; page != NIL; page = link[3 * page + 1]) {
                if (page < 0 || page >= capacity() || (byte) link[3 * page + 2] != list || link[3 * page] != before
                        || ++count > size[list]) {
                    throw new IllegalStateException("list " + names[list] + " broken at page " + page);
                }
                before = page;
            }
            if (count != size[list] || before != tail[list]) {
                throw new IllegalStateException("list " + names[list] + " holds " + count + " pages, expected "
                        + size[list] + " ending at " + tail[list]);
            }
            listed += count;
        }
        long sayListed = 0;
        for (int page = 0; page < capacity(); page++) {
            if ((byte) link[3 * page + 2] != NONE) {
                sayListed++;
            }
        }
        if (sayListed != listed) {
            throw new IllegalStateException(sayListed + " pages say they are listed, the lists hold " + listed);
        }
    }

    /** Sets the list of every page from index {@code from} (a multiple of 3) on to {@link #NONE}. */
    private static int[] noneFrom(int[] table, int from) {
        for (int i = from + 2; i < table.length; i += 3) {
            table[i] = NONE;
        }
        return table;
    }
}
