/**
 * What a run tells about its program beyond the faults: the allocation-order gap of each link followed, the age of
 * each block read, and the faults of each phase of the program ({@link io.heaplab.core.diagnostics.Diagnostics}).
 */
package io.heaplab.core.diagnostics;
