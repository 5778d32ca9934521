/** The UCSD memory-address traces (Caffeine's {@code address} format), whose addresses the page size cuts. */
package io.heaplab.traces.address;
