package io.heaplab.allocators.records;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.allocators.fit.Fit;
import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The allocator against a model of the report's two lists written as plainly as possible (Java lists of
 * {address, size}): the same block for every request, the same free list in the same order, the same searches.
 */
class RecordListModelTest {

    /** The report's lists, with searches counted as the allocator counts them. */
    private static final class Model {
        final Fit fit;
        final RecordOrder order;
        final boolean coalesce;
        final List<long[]> used = new ArrayList<>();
        final List<long[]> free = new ArrayList<>();
        long searches;

        Model(Fit fit, RecordOrder order, boolean coalesce) {
            this.fit = fit;
            this.order = order;
            this.coalesce = coalesce;
        }

        /** The index in the free list of the block the fit takes, or -1. */
        int find(long size) {
            if (free.isEmpty()) {
                searches++;
                return -1;
            }
            int chosen = -1;
            for (int i = 0; i < free.size(); i++) {
                searches++;
                long have = free.get(i)[1];
                if (have < size) {
                    continue;
                }
                if (fit == Fit.FIRST) {
                    return i;
                }
                if (chosen < 0 || (fit == Fit.BEST ? have < free.get(chosen)[1] : have > free.get(chosen)[1])) {
                    chosen = i;
                    if (fit == Fit.BEST && have == size) {
                        return i;
                    }
                }
            }
            return chosen;
        }

        void take(int index, long size) {
            long[] block = free.remove(index);
            if (block[1] > size) {
                long[] remainder = {block[0] + size, block[1] - size};
                free.add(order == RecordOrder.ADDRESS ? index : free.size(), remainder);
            }
            used.add(new long[] {block[0], size});
        }

        void release(long address) {
            int index = 0;
            while (used.get(index)[0] != address) {
                index++;
            }
            searches += index + 1;
            long[] block = used.remove(index);
            if (order == RecordOrder.INSERTION) {
                if (coalesce) {
                    searches += free.size();
                    for (int i = free.size() - 1; i >= 0; i--) {
                        long[] f = free.get(i);
                        if (f[0] + f[1] == block[0] || f[0] == block[0] + block[1]) {
                            free.remove(i);
                            block = new long[] {Math.min(f[0], block[0]), f[1] + block[1]};
                        }
                    }
                }
                free.add(block);
                return;
            }
            int place = 0;
            while (place < free.size() && free.get(place)[0] <= block[0]) {
                place++;
            }
            searches += Math.max(1, Math.min(place + 1, free.size()));
            if (coalesce && place < free.size() && block[0] + block[1] == free.get(place)[0]) {
                block = new long[] {block[0], block[1] + free.remove(place)[1]};
            }
            if (coalesce && place > 0 && free.get(place - 1)[0] + free.get(place - 1)[1] == block[0]) {
                free.get(place - 1)[1] += block[1];
                return;
            }
            free.add(place, block);
        }
    }

    @Property(tries = 60)
    void theAllocatorDoesWhatTheListsSay(@ForAll @IntRange(min = 0, max = 2) int fitIndex,
                                         @ForAll boolean addressOrder, @ForAll boolean coalesce,
                                         @ForAll @IntRange(min = 0, max = 1_000_000) int seed) {
        Fit fit = new Fit[] {Fit.FIRST, Fit.BEST, Fit.WORST}[fitIndex];
        RecordOrder order = addressOrder ? RecordOrder.ADDRESS : RecordOrder.INSERTION;
        Model model = new Model(fit, order, coalesce);
        SplittableRandom random = new SplittableRandom(seed);
        try (Heap heap = new Heap(4096, Heap.GROWABLE, new ReferenceRecorder(List.of()), true)) {
            RecordListAllocator allocator = new RecordListAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED),
                    fit, order, coalesce, 1);
            List<long[]> live = new ArrayList<>();
            for (int step = 0; step < 400; step++) {
                if (!live.isEmpty() && random.nextInt(100) < 45) {
                    long[] block = live.remove(random.nextInt(live.size()));
                    allocator.free(block[0], block[1]);
                    model.release(block[0]);
                } else {
                    long size = 1 + random.nextInt(random.nextBoolean() ? 40 : 300);
                    int index = model.find(size);
                    long breakBefore = heap.size();
                    long address = allocator.allocate(size);
                    if (index >= 0) {
                        assertThat(address).as("step %d: the block the model's %s fit takes", step, fit)
                                .isEqualTo(model.free.get(index)[0]);
                        model.take(index, size);
                    } else {
                        assertThat(address).as("step %d: new memory at the break", step)
                                .isGreaterThanOrEqualTo(breakBefore);
                        model.used.add(new long[] {address, size});
                    }
                    live.add(new long[] {address, size});
                }
                assertThat(allocator.freeBlockBytes()).as("step %d: the free list", step)
                        .containsExactly(model.free.stream().mapToLong(b -> b[1]).toArray());
                assertThat(allocator.searches()).as("step %d: searches", step).isEqualTo(model.searches);
            }
            allocator.verify();
        }
    }
}
