/**
 * libCacheSim's traces: its {@code oracleGeneral} binary records, plain or zstd-compressed, read and written
 * ({@link io.heaplab.traces.libcachesim.OracleGeneralSpec}), and its txt and csv traces of object ids, read ({@link
 * io.heaplab.traces.libcachesim.IdsSpec}). Objects become pages in order of first appearance.
 */
package io.heaplab.traces.libcachesim;
