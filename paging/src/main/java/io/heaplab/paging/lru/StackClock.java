package io.heaplab.paging.lru;

import java.util.Arrays;

/**
 * An LRU stack analyzer's logical clock: each reference takes the next position, so the stack distance of a page's
 * re-reference is the positions since its last one less those that died since ({@link DeadPositions}).
 *
 * <p>Time only moves forward, so when the clock reaches its capacity the live positions are renumbered 1..N in order
 * and the deaths forgotten, each page told its new position; the capacity is kept at least 4N, so at least 3N
 * references pass between renumberings of cost O(capacity): amortized O(1).
 */
final class StackClock {

    private final DeadPositions dead;
    private final DeadPositions.Moved moved;
    /** The page (or slot) whose reference took each position; stale once it has moved on. */
    private int[] pageAt;
    private int capacity;
    private int cursor;

    /** A clock of {@code capacity} positions to start with, telling {@code moved} where a renumbering puts a page. */
    StackClock(int capacity, DeadPositions.Moved moved) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity: " + capacity + " (expected: >= 1)");
        }
        this.capacity = capacity;
        this.pageAt = new int[capacity + 1];
        this.dead = new DeadPositions(capacity);
        this.moved = moved;
    }

    /** Whether the next position renumbers first. */
    boolean full() {
        return cursor == capacity;
    }

    /** The next position, taken by a reference to {@code page}; the live positions are renumbered first when full. */
    int take(int page) {
        if (cursor == capacity) {
            renumber();
        }
        int now = ++cursor;
        pageAt[now] = page;
        return now;
    }

    /** The position taken last. */
    int position() {
        return cursor;
    }

    /** The stack distance, from 1, of a reference at {@code now} to a page last referenced at {@code last}. */
    int distance(int last, int now) {
        return now - last - dead.after(last);
    }

    /** The depth, from 1, that a page last referenced at {@code last} has in the stack as it stands. */
    int depth(int last) {
        return cursor + 1 - last - dead.after(last);
    }

    /** Marks {@code position} dead: its page was referenced again, or left. */
    void kill(int position) {
        dead.kill(position);
    }

    /** The dead-bit word of {@code position}, to load it ahead. */
    long wordAt(int position) {
        return dead.wordAt(position);
    }

    /** Positions alive: one per page in the stack. */
    int live() {
        return cursor - dead.dead();
    }

    /** Whether the dead bits, their tree and their count agree. */
    boolean consistent() {
        return dead.consistent();
    }

    /** Moves the live positions to 1..N in order, growing the capacity to at least 4N. */
    private void renumber() {
        int live = dead.renumberLive(cursor, pageAt, moved);
        int room = DeadPositions.capacityFor(live, capacity);
        if (room != capacity) {
            capacity = room;
            pageAt = Arrays.copyOf(pageAt, capacity + 1);
        }
        dead.clear(capacity);
        cursor = live;
    }
}
