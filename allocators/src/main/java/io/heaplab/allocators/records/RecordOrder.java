package io.heaplab.allocators.records;

import io.heaplab.core.spi.SpecException;

/** How the report's allocator orders its free list (C. Zhang's report; address order after Johnstone &amp; Wilson). */
public enum RecordOrder {
    /** A freed block or a remainder goes to the back, as the report's {@code push_back} and {@code splice} put it. */
    INSERTION("insertion"),
    /** Sorted by address: the enhancement the report proposes after Johnstone &amp; Wilson (1998). */
    ADDRESS("address");

    private final String word;

    RecordOrder(String word) {
        this.word = word;
    }

    /** The word for this order in a spec, like {@code record-fit:order=address}. */
    public String word() {
        return word;
    }

    /** The order a spec names; anything else fails with a one-line {@link SpecException}. */
    public static RecordOrder parse(String word) {
        for (RecordOrder order : values()) {
            if (order.word.equals(word)) {
                return order;
            }
        }
        throw new SpecException("order: " + word + " (expected: insertion or address)");
    }
}
