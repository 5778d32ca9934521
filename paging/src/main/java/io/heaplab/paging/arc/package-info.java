/** ARC, the adaptive replacement cache (Megiddo &amp; Modha, FAST 2003): recency and frequency balanced by ghosts. */
package io.heaplab.paging.arc;
