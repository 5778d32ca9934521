/** First-in, first-out replacement (Belady 1966), the policy of Belady's anomaly. */
package io.heaplab.paging.fifo;
