package io.heaplab.paging;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.trace.PageRun;
import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A simulator's memory grows with the pages it has seen, never with the length of the trace: once every page has
 * been referenced, a million more references allocate nothing. OPT is the exception the issue allows: it must
 * see the whole future, so it buffers the trace.
 */
class BoundedMemoryTest {

    private static final int PAGES = 3000;
    private static final int BATCH = 4096;
    /** Allowance for anything the JVM itself charges to the thread, far below one word per reference. */
    private static final long SLACK_BYTES = 64 * 1024;

    @ParameterizedTest
    @ValueSource(strings = {"lru:frames=100", "lru:frames=all", "fifo:frames=100", "clock:frames=100",
        "random:frames=100", "arc:frames=100", "twolist:frames=100", "sieve:frames=100",
        "s3fifo:frames=100", "s3fifo:frames=100,variant=libcachesim", "wsclock:frames=100,theta=500",
        "ws:theta=500", "ws:theta=all", "vmin:theta=500", "vmin:theta=all", "pff:threshold=50"})
    void aMillionMoreReferencesToPagesAlreadySeenAllocateNothing(String spec) {
        PagingSimulator simulator = Plugins.load().simulator(Spec.parse(spec));
        long[][] batches = new long[256][BATCH];
        SplittableRandom random = new SplittableRandom(7);
        for (long[] batch : batches) {
            for (int i = 0; i < BATCH; i++) {
                // every page at least once in the first batch, then a hot set with far excursions
                int page = batch == batches[0] && i < PAGES ? i
                        : random.nextInt(8) == 0 ? random.nextInt(PAGES) : random.nextInt(64);
                batch[i] = PageRun.pack(page, 1 + random.nextInt(3), random.nextInt(3) == 0);
            }
        }
        // warm up: every page seen, tables grown, and the code compiled, through the same batches
        for (int round = 0; round < 4; round++) {
            for (long[] batch : batches) {
                simulator.accept(batch, BATCH);
            }
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().threadId();
        long before = threads.getThreadAllocatedBytes(thread);
        for (long[] batch : batches) {
            simulator.accept(batch, BATCH);
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        assertThat(allocated).as("bytes allocated by %s over %d references", spec, 256L * BATCH)
                .isLessThan(SLACK_BYTES);
    }
}
