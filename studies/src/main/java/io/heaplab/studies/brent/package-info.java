/**
 * Brent, "The Most-Recently-Used Strategy for Dynamic Storage Allocation on a Computer with Virtual Memory",
 * Tables 3.1-3.3: the published figures ({@code brent-mru.json}), TRIDIAG and PQSIM under every fixed-size strategy
 * with whole LRU curves, the claims of section 3.4, the text tables and the result file with its reader.
 */
package io.heaplab.studies.brent;
