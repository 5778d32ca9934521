/**
 * S3-FIFO (Yang et al., "FIFO queues are all you need for cache eviction", SOSP 2023): a small FIFO, a main FIFO
 * and a ghost FIFO.
 */
package io.heaplab.paging.s3fifo;
