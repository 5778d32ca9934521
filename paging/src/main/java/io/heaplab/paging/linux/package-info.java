/** Replacement as the Linux kernel does it: the active/inactive two-list scheme (mm/vmscan.c; Gorman 2004). */
package io.heaplab.paging.linux;
