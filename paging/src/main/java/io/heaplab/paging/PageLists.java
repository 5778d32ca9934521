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
 * The lists are intrusive: {@code prev}, {@code next} and {@code listOf} are arrays indexed by page (pages of one
 * heap are dense from 0), so a page moves in O(1) with no hash lookup and no allocation, and each page id below
 * the capacity costs nine bytes, listed or not. A list is a number from 0, named only for the messages of {@link #check()}. The operations
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
    private int[] prev = new int[INITIAL_PAGES];
    private int[] next = new int[INITIAL_PAGES];
    private byte[] listOf = noneFrom(new byte[INITIAL_PAGES], 0);

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
        return listOf.length;
    }

    /**
     * Makes room for {@code page}, at least doubling the capacity (see {@link PageTables#grownLength}), so a
     * caller that keeps per-page arrays of its own copies them to the new {@link #capacity()}.
     */
    public void grow(int page) {
        int old = listOf.length;
        int length = PageTables.grownLength(old, page);
        prev = Arrays.copyOf(prev, length);
        next = Arrays.copyOf(next, length);
        listOf = noneFrom(Arrays.copyOf(listOf, length), old);
    }

    /** The list {@code page} is on, or {@link #NONE}; the page must be below {@link #capacity()}. */
    public byte listOf(int page) {
        return listOf[page];
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
        return next[page];
    }

    /**
     * The page before {@code page}, which is on a list, toward that list's head, or {@link #NIL} at the head: a walk
     * from the tail with it visits a list oldest first.
     */
    public int prev(int page) {
        return prev[page];
    }

    public int size(int list) {
        return size[list];
    }

    /** Puts {@code page}, which is on no list, at the head of {@code list}. */
    public void pushHead(int list, int page) {
        int first = head[list];
        prev[page] = NIL;
        next[page] = first;
        if (first == NIL) {
            tail[list] = page;
        } else {
            prev[first] = page;
        }
        head[list] = page;
        listOf[page] = (byte) list;
        size[list]++;
    }

    /** Puts {@code page}, which is on no list, at the tail of {@code list}: a walk from the tail meets it first. */
    public void pushTail(int list, int page) {
        int last = tail[list];
        next[page] = NIL;
        prev[page] = last;
        if (last == NIL) {
            head[list] = page;
        } else {
            next[last] = page;
        }
        tail[list] = page;
        listOf[page] = (byte) list;
        size[list]++;
    }

    /** Moves {@code page}, which is on a list, to the head of {@code list}; a page already there stays put. */
    public void moveToHead(int list, int page) {
        if (listOf[page] == list && head[list] == page) {
            return;
        }
        unlink(page);
        pushHead(list, page);
    }

    /** Moves {@code page}, which is on a list, to the tail of {@code list}; a page already there stays put. */
    public void moveToTail(int list, int page) {
        if (listOf[page] == list && tail[list] == page) {
            return;
        }
        unlink(page);
        pushTail(list, page);
    }

    /** Takes {@code page}, which is on a list, off it: it is then on none. */
    public void remove(int page) {
        unlink(page);
        listOf[page] = NONE;
    }

    /** Unlinks {@code page} from its neighbours and its list's ends; its {@code listOf} is left for the caller. */
    private void unlink(int page) {
        byte from = listOf[page];
        int before = prev[page];
        int after = next[page];
        if (before == NIL) {
            head[from] = after;
        } else {
            next[before] = after;
        }
        if (after == NIL) {
            tail[from] = before;
        } else {
            prev[after] = before;
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
            for (int page = head[list]; page != NIL; page = next[page]) {
                if (page < 0 || page >= listOf.length || listOf[page] != list || prev[page] != before
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
        for (int page = 0; page < listOf.length; page++) {
            if (listOf[page] != NONE) {
                sayListed++;
            }
        }
        if (sayListed != listed) {
            throw new IllegalStateException(sayListed + " pages say they are listed, the lists hold " + listed);
        }
    }

    private static byte[] noneFrom(byte[] table, int from) {
        Arrays.fill(table, from, table.length, NONE);
        return table;
    }
}
