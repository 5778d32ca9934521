/** CAR, Clock with Adaptive Replacement (Bansal &amp; Modha, FAST 2004): ARC's adaptation over two clocks. */
package io.heaplab.paging.car;
