package io.heaplab.benchmarks;

import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.Options;
import io.heaplab.core.trace.PageRun;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Reference strings the paging benchmarks replay, each a page per reference. */
final class ReferenceStrings {

    private ReferenceStrings() {
    }

    /**
     * {@code length} references over {@code pages} pages with locality (nine in ten fall in a drifting hot set of
     * 64 pages), never the same page twice in a row: the recorder can merge nothing, so this measures the policy.
     */
    static int[] scattered(int length, int pages, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] string = new int[length];
        int hotBase = 0;
        int previous = -1;
        for (int i = 0; i < length; i++) {
            if ((i & 1023) == 0) {
                hotBase = random.nextInt(pages);
            }
            int page;
            do {
                page = random.nextInt(10) < 9 ? (hotBase + random.nextInt(64)) % pages : random.nextInt(pages);
            } while (page == previous);
            string[i] = page;
            previous = page;
        }
        return string;
    }

    /**
     * The first {@code length} references of the {@code random-blocks} workload (100,000 live 16-byte blocks, 3,125
     * pages of 512 bytes) under STACK,
     * repeats included: what the recorder sees in a real run.
     */
    static int[] workload(int length) {
        IntArrayList string = new IntArrayList(length);
        ReplacementPolicyProvider capture = new ReplacementPolicyProvider() {
            @Override
            public String name() {
                return "capture";
            }

            @Override
            public String description() {
                return "keeps the reference string";
            }

            @Override
            public PagingSimulator create(Options options) {
                return new PagingSimulator() {
                    @Override
                    public void accept(long[] runs, int n) {
                        for (int i = 0; i < n && string.size() < length; i++) {
                            for (int k = 0; k < PageRun.count(runs[i]) && string.size() < length; k++) {
                                string.add(PageRun.page(runs[i]));
                            }
                        }
                    }

                    @Override
                    public void startMeasuring() {
                    }

                    @Override
                    public PagingOutcome outcome() {
                        return new PagingOutcome.Faults(0);
                    }
                };
            }
        };
        Plugins base = Plugins.load();
        Plugins plugins = new Plugins(base.allocators(),
                io.heaplab.core.plugins.Registry.of("policy", List.of(capture)), base.workloads());
        new Runner(plugins).run(RunSpec.workload("random-blocks:size=16,live=100000,steps=500000").allocator("stack")
                .policy("capture").pageSize(512).build());
        return string.toIntArray();
    }
}
