/**
 * Window policies: the working set (Denning 1968) and VMIN (Prieve &amp; Fabry 1976), each at one window and at
 * every window of a {@link io.heaplab.core.spi.CurveGrid} in one pass (Denning &amp; Schwartz 1972).
 */
package io.heaplab.paging.ws;
