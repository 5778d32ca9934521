/** LIRS (Jiang &amp; Zhang, SIGMETRICS 2002): replacement by inter-reference recency, with a stack and a queue. */
package io.heaplab.paging.lirs;
