package io.heaplab.traces.libcachesim;

import com.github.luben.zstd.ZstdOutputStream;
import io.heaplab.core.trace.PageRun;
import io.heaplab.traces.kit.BufferedTraceWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Writes libCacheSim's {@code oracleGeneral} records, zstd-compressed unless asked not to, so a stream heaplab
 * made or read can be replayed by libCacheSim's {@code cachesim} on the same references: one record per
 * reference, its time the reference's index (mod 2^32), its object id the page, its size the page size (1 when
 * unknown). The next-access time, which only Belady-style policies read, is written as -1 (unknown): filling it
 * needs the future, which a writer that streams does not have.
 */
final class OracleGeneralTraceWriter extends BufferedTraceWriter {

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int RECORD = OracleGeneralTraceReader.RECORD_BYTES;

    private final OutputStream out;
    private final int size;

    OracleGeneralTraceWriter(Path file, int pageSize, boolean compress) throws IOException {
        super(file, RECORD * 8192);
        this.size = pageSize == 0 ? 1 : pageSize;
        try {
            // the zstd frame is ended by closing its stream, which must not close the pending file under it
            OutputStream body = new FilterOutputStream(pending.stream()) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                }

                @Override
                public void close() throws IOException {
                    flush();
                }
            };
            this.out = compress ? new ZstdOutputStream(body) : body;
        } catch (IOException | RuntimeException e) {
            pending.close();
            throw e;
        }
    }

    @Override
    public void accept(long[] batch, int length) {
        checkOpen();
        for (int i = 0; i < length; i++) {
            long page = PageRun.page(batch[i]);
            int count = PageRun.count(batch[i]);
            for (int k = 0; k < count; k++) {
                if (filled == buffer.length) {
                    drain();
                }
                INT.set(buffer, filled, (int) references++);
                LONG.set(buffer, filled + 4, page);
                INT.set(buffer, filled + 12, size);
                LONG.set(buffer, filled + 16, -1L);
                filled += RECORD;
            }
        }
    }

    @Override
    protected OutputStream sink() {
        return out;
    }

    /** Closing the zstd stream ends its frame (the pending file under it stays open). */
    @Override
    protected void endSink() throws IOException {
        out.close();
    }
}
