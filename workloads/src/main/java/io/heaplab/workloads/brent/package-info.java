/**
 * The programs Brent measured his allocation strategies with (MRU strategy paper, section 3), re-created so that
 * their data lives in the simulated heap and every load and store is a recorded page reference.
 */
package io.heaplab.workloads.brent;
