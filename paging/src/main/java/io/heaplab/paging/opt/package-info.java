/**
 * Belady's optimal replacement MIN (Belady 1966) at one memory size, and at every memory size in one pass by the
 * OPT stack of Mattson, Gecsei, Slutz &amp; Traiger (1970). Both look ahead: they buffer the runs and simulate
 * when the trace is finished.
 */
package io.heaplab.paging.opt;
