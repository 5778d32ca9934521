/**
 * Linux's multi-generational LRU (Zhao 2022; mm/vmscan.c, merged in 6.1): generations aged by accessed bits, tiers of
 * file-descriptor accesses, and refault feedback.
 */
package io.heaplab.paging.mglru;
