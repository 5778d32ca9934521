package io.heaplab.core.heap;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Locale;

/**
 * Address space reserved from the operating system in one piece, whose pages it backs with zeroed memory only when
 * they are first touched ({@code mmap} with {@code MAP_NORESERVE}, on Linux): a heap that may grow large is one
 * contiguous range, so an access is its base plus the address, and costs the machine only the pages its run uses.
 * Where {@code mmap} cannot be had (another system, or a reservation the kernel refuses), {@link #reserve} answers
 * 0 and the heap takes memory in chunks instead.
 */
final class ReservedMemory {

    private static final int PROT_READ_WRITE = 0x1 | 0x2;
    // Linux's generic values, those of x86-64 and AArch64 alike
    private static final int MAP_PRIVATE_ANONYMOUS_NORESERVE = 0x02 | 0x20 | 0x4000;
    private static final long MAP_FAILED = -1;

    private static final MethodHandle MMAP;
    private static final MethodHandle MUNMAP;
    /**
     * Whether a range can be reserved: on Linux, when this code has native access. Without it ({@code
     * --enable-native-access} not given, as for a program that uses heaplab as a library and did not ask), the
     * heap calls no restricted method, so the JDK prints no warning about them.
     */
    static final boolean AVAILABLE;

    static {
        MethodHandle mmap = null;
        MethodHandle munmap = null;
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        if (ReservedMemory.class.getModule().isNativeAccessEnabled() && os.equals("linux")
                && (arch.equals("amd64") || arch.equals("aarch64"))) {
            Linker linker = Linker.nativeLinker();
            mmap = linker.defaultLookup().find("mmap").map(f -> linker.downcallHandle(f, FunctionDescriptor.of(
                    ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG))).orElse(null);
            munmap = linker.defaultLookup().find("munmap").map(f -> linker.downcallHandle(f, FunctionDescriptor.of(
                    JAVA_INT, ADDRESS, JAVA_LONG))).orElse(null);
        }
        AVAILABLE = mmap != null && munmap != null;
        MMAP = AVAILABLE ? mmap : null;
        MUNMAP = AVAILABLE ? munmap : null;
    }

    private ReservedMemory() {
    }

    /** The native address of {@code bytes} of fresh, zeroed address space, or 0 when none can be reserved. */
    static long reserve(long bytes) {
        if (!AVAILABLE || bytes <= 0) {
            return 0;
        }
        try {
            long address = ((MemorySegment) MMAP.invokeExact(MemorySegment.NULL, bytes, PROT_READ_WRITE,
                    MAP_PRIVATE_ANONYMOUS_NORESERVE, -1, 0L)).address();
            return address == MAP_FAILED ? 0 : address;
        } catch (Throwable e) {
            return 0;
        }
    }

    /** Gives back a range {@link #reserve} returned, and the pages touched in it. */
    static void release(long address, long bytes) {
        try {
            int unused = (int) MUNMAP.invokeExact(MemorySegment.ofAddress(address), bytes);
        } catch (Throwable e) {
            throw new IllegalStateException("munmap failed", e);
        }
    }
}
