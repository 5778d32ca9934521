package io.heaplab.allocators.fixed;

/**
 * Brent's four sets of pages (section 2.4), by {@code phi(P)}, the free blocks of page {@code P} out of {@code c}.
 */
public enum PageClass {
    /** No block in the page has ever been allocated. */
    S1,
    /** Used once, entirely free again: {@code phi = c}. */
    S2,
    /** Some blocks free, some allocated: {@code 0 < phi < c}. */
    S3,
    /** No block free: {@code phi = 0}. */
    S4
}
