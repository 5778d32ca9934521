package io.heaplab.allocators.fit;

import static io.heaplab.allocators.fit.Row.at;
import static io.heaplab.allocators.fit.Row.bytesFor;
import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.heap.Heap;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.trace.ReferenceRecorder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;

/**
 * Every fit in every order against a model that keeps the free list as a plain list of first cells in list
 * order, with the rules of {@link ListFitAllocator}'s javadoc: the same block for every request, the same
 * searches, the same free blocks.
 */
class ListFitModelTest {

    /** The free list as {@link ListFitAllocator} documents it, kept in an {@link ArrayList}. */
    private static final class Model {
        final Fit fit;
        final Order order;
        final TreeMap<Integer, Integer> cells = new TreeMap<>(); // first cell -> cells, of every free block
        final List<Integer> list = new ArrayList<>(); // first cells in list order
        int rover = -1; // a first cell, or -1 for the head
        long searches;

        Model(Fit fit, Order order, int arena) {
            this.fit = fit;
            this.order = order;
            cells.put(0, arena);
            list.add(0);
        }

        /** The first cell of the block taken, or -1. */
        int allocate(int wanted) {
            int n = list.size();
            if (n == 0) {
                searches++;
                return -1;
            }
            int chosen = -1;
            switch (fit) {
                case FIRST -> {
                    for (int i = 0; i < n && chosen < 0; i++) {
                        searches++;
                        chosen = size(i) >= wanted ? i : -1;
                    }
                }
                case NEXT -> {
                    int start = rover < 0 ? 0 : list.indexOf(rover);
                    for (int k = 0; k < n && chosen < 0; k++) {
                        searches++;
                        int i = (start + k) % n;
                        chosen = size(i) >= wanted ? i : -1;
                    }
                    rover = chosen < 0 ? rover : list.get(chosen);
                }
                case BEST -> {
                    for (int i = 0; i < n; i++) {
                        searches++;
                        if (size(i) >= wanted && (chosen < 0 || size(i) < size(chosen))) {
                            chosen = i;
                        }
                        if (size(i) == wanted) {
                            break;
                        }
                    }
                }
                case WORST -> {
                    for (int i = 0; i < n; i++) {
                        searches++;
                        chosen = chosen < 0 || size(i) > size(chosen) ? i : chosen;
                    }
                    chosen = size(chosen) >= wanted ? chosen : -1;
                }
            }
            if (chosen < 0) {
                return -1;
            }
            int block = list.get(chosen);
            int have = cells.get(block);
            if (have > wanted) {
                replace(chosen, block + wanted, have - wanted);
            } else {
                remove(chosen);
            }
            return block;
        }

        void free(int block, int size) {
            Map.Entry<Integer, Integer> below = cells.lowerEntry(block);
            boolean left = below != null && below.getKey() + below.getValue() == block;
            boolean right = cells.containsKey(block + size);
            int total = size + (left ? below.getValue() : 0) + (right ? cells.get(block + size) : 0);
            if (right) {
                int index = list.indexOf(block + size);
                if (left || order == Order.LIFO) {
                    remove(index);
                } else {
                    replace(index, block, total);
                    return;
                }
            }
            if (left) {
                block = below.getKey();
                cells.put(block, total);
                if (order == Order.LIFO) {
                    remove(list.indexOf(block));
                    insert(block, total);
                }
            } else {
                insert(block, total);
            }
        }

        private int size(int index) {
            return cells.get(list.get(index));
        }

        private void insert(int block, int size) {
            cells.put(block, size);
            list.add(order == Order.LIFO ? 0 : cells.headMap(block).size(), block);
        }

        private void remove(int index) {
            int block = list.remove(index);
            cells.remove(block);
            if (rover == block) {
                rover = index < list.size() ? list.get(index) : -1;
            }
        }

        private void replace(int index, int block, int size) {
            int old = list.set(index, block);
            cells.remove(old);
            cells.put(block, size);
            rover = rover == old ? block : rover;
        }
    }

    /** Up to 400 operations: a free (40%) or a request of 1 to 40 cells. */
    @Provide
    Arbitrary<List<Integer>> steps() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).withDistribution(RandomDistribution.uniform())
                .list().ofMaxSize(400).withSizeDistribution(RandomDistribution.uniform());
    }

    @Property(tries = 400)
    void everyFitInEveryOrderDoesWhatItsModelDoes(@ForAll Fit fit, @ForAll Order order,
            @ForAll("steps") List<Integer> steps) {
        try (Heap heap = new Heap(4096, Row.CELLS * Row.CELL, new ReferenceRecorder(List.of()), true)) {
            ListFitAllocator allocator = new ListFitAllocator(new AllocatorSetup(heap, AllocatorSetup.VARIED), fit,
                    order);
            Model model = new Model(fit, order, Row.CELLS);
            List<int[]> live = new ArrayList<>(); // {first cell, cells}
            for (int step : steps) {
                if (!live.isEmpty() && step % 10 < 4) {
                    int[] block = live.remove((step >>> 4) % live.size());
                    allocator.free(at(block[0]), bytesFor(block[1]));
                    model.free(block[0], block[1]);
                } else {
                    int cells = 1 + (step >>> 4) % 40;
                    int expected = model.allocate(cells);
                    long address = allocator.allocate(bytesFor(cells) - (step >>> 12) % 8);
                    assertThat(address).as("%d cells from %s", cells, model.list)
                            .isEqualTo(expected < 0 ? Allocator.NO_FIT : at(expected));
                    if (expected >= 0) {
                        live.add(new int[] {expected, cells});
                    }
                }
                assertThat(allocator.searches()).isEqualTo(model.searches);
                assertThat(allocator.freeBlocks()).isEqualTo(model.list.size());
                allocator.verify();
            }
        }
    }
}
