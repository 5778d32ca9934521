/** CLOCK-family policies: CLOCK, or second chance (Corbató 1968), and WSCLOCK (Carr &amp; Hennessy 1981). */
package io.heaplab.paging.clock;
