package io.heaplab.benchmarks;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The C library's {@code malloc}, {@code realloc} and {@code free} (glibc's ptmalloc on Linux), called through the FFM linker: the
 * baseline every strategy is read against.
 *
 * <p>Pointers cross as {@code long}s, not {@code MemorySegment}s: on the 64-bit ABIs the JDK supports a pointer is
 * passed and returned like a 64-bit integer, and a {@code long} spares the segment a call would otherwise allocate.
 * The calls are {@linkplain Linker.Option#critical critical}: no thread-state transition, so the time is the
 * allocator's and not the JVM's way into C (malloc neither calls back into Java nor blocks for long).
 */
final class NativeMalloc {

    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle MALLOC = LINKER.downcallHandle(
            LINKER.defaultLookup().findOrThrow("malloc"),
            FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG), Linker.Option.critical(false));
    private static final MethodHandle REALLOC = LINKER.downcallHandle(
            LINKER.defaultLookup().findOrThrow("realloc"),
            FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG),
            Linker.Option.critical(false));
    private static final MethodHandle FREE = LINKER.downcallHandle(
            LINKER.defaultLookup().findOrThrow("free"),
            FunctionDescriptor.ofVoid(ValueLayout.JAVA_LONG), Linker.Option.critical(false));

    private NativeMalloc() {
    }

    /** {@code malloc(size)}: the address of a new block, 0 when the C library has no memory. */
    static long malloc(long size) {
        try {
            return (long) MALLOC.invokeExact(size);
        } catch (Throwable e) {
            throw new IllegalStateException("calling malloc(" + size + ") through the linker failed", e);
        }
    }

    /** {@code realloc(address, size)}: the block's new address, 0 when the C library has no memory. */
    static long realloc(long address, long size) {
        try {
            return (long) REALLOC.invokeExact(address, size);
        } catch (Throwable e) {
            throw new IllegalStateException("calling realloc(" + size + ") through the linker failed", e);
        }
    }

    /** {@code free(address)}. */
    static void free(long address) {
        try {
            FREE.invokeExact(address);
        } catch (Throwable e) {
            throw new IllegalStateException("calling free through the linker failed", e);
        }
    }
}
