/**
 * valgrind lackey's memory traces, whose byte addresses the page size cuts into pages, numbered densely in order of
 * first appearance; {@link io.heaplab.traces.lackey.LackeySpec} describes the format.
 */
package io.heaplab.traces.lackey;
