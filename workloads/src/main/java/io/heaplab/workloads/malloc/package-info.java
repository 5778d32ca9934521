/** Real programs' malloc traces replayed through any strategy in heaplab's heap. */
package io.heaplab.workloads.malloc;
