/**
 * Page-reference streams: packed runs of references to one page, the recorder that collapses and batches them
 * without an object per reference, and the sinks that consume the batches.
 */
package io.heaplab.core.trace;
