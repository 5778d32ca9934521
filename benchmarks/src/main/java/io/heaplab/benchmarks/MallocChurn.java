package io.heaplab.benchmarks;

/** The steady state under the C library's malloc and free, on the same table as every strategy. */
final class MallocChurn implements Churn {

    private final int[] victims;
    private final long[] replacements;
    private final long[] addresses;
    private int next;

    MallocChurn(OperationTable table) {
        this.victims = table.victims;
        this.replacements = table.replacements;
        this.addresses = new long[table.live()];
        for (int i = 0; i < addresses.length; i++) {
            addresses[i] = allocate(table.initialSizes[i]);
        }
    }

    @Override
    public long step() {
        int k = next++ & OperationTable.MASK;
        int victim = victims[k];
        NativeMalloc.free(addresses[victim]);
        return addresses[victim] = allocate(replacements[k]);
    }

    @Override
    public long resize() {
        int k = next++ & OperationTable.MASK;
        int victim = victims[k];
        long address = NativeMalloc.realloc(addresses[victim], replacements[k]);
        if (address == 0) {
            throw new OutOfMemoryError("realloc(" + replacements[k] + ") returned NULL");
        }
        return addresses[victim] = address;
    }

    @Override
    public void close() {
        for (int i = 0; i < addresses.length; i++) {
            NativeMalloc.free(addresses[i]);
            addresses[i] = 0;
        }
    }

    private static long allocate(long size) {
        long address = NativeMalloc.malloc(size);
        if (address == 0) {
            throw new OutOfMemoryError("malloc(" + size + ") returned NULL");
        }
        return address;
    }
}
