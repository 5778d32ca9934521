/**
 * CLOCK-Pro (Jiang, Chen &amp; Zhang, USENIX ATC 2005): LIRS's hot and cold pages kept by reference bits and three
 * clock hands, with non-resident test pages and an adaptive cold-page target.
 */
package io.heaplab.paging.clockpro;
