package io.heaplab.allocators.fit;

import io.heaplab.core.spi.SpecException;

/** How a list-fit strategy orders its free list (Knuth, TAOCP 1, 2.5, Algorithms B and C). */
public enum Order {
    /** Sorted by address: a freed block walks the list to its place (Algorithm B). */
    ADDRESS("address"),
    /** Last freed, first found: a freed block, merged with its free neighbours, goes to the front (Algorithm C). */
    LIFO("lifo");

    private final String word;

    Order(String word) {
        this.word = word;
    }

    /** The word for this order in a spec, like {@code first-fit:order=lifo}. */
    public String word() {
        return word;
    }

    /** The order a spec names; anything else fails with a one-line {@link SpecException}. */
    public static Order parse(String word) {
        for (Order order : values()) {
            if (order.word.equals(word)) {
                return order;
            }
        }
        throw new SpecException("order: " + word + " (expected: address or lifo)");
    }
}
