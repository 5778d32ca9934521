/** CLOCK-family policies: WSCLOCK (Carr &amp; Hennessy 1981). */
package io.heaplab.paging.clock;
