/**
 * Malloc traces: every {@code malloc}, {@code calloc}, {@code realloc}, {@code memalign} and {@code free} of a real
 * program, held in memory as primitive columns, read from heaplab's own format, Android's {@code memory_replay}
 * text, glibc's {@code mtrace} output and CS:APP's {@code .rep} files, and written as the first two.
 */
package io.heaplab.traces.malloc;
