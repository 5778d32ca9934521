package io.heaplab.allocators.segregated;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.allocators.variable.CellAllocator;
import io.heaplab.core.spi.Allocator;
import java.util.Arrays;

/**
 * Hand-built states of a fresh bounded heap of 16-byte cells: cell {@code c} starts at byte {@code 16c}, the data
 * of a block there at {@code 16c + 8}.
 */
final class HandBuilt {

    static final int CELL = 16;

    private HandBuilt() {
    }

    /** The data address of a block at cell {@code cell}. */
    static long at(int cell) {
        return (long) cell * CELL + CellAllocator.HEADER;
    }

    /** The bytes of a request that takes {@code cells} cells. */
    static long bytes(int cells) {
        return (long) cells * CELL - CellAllocator.HEADER;
    }

    /** Fills a fresh bounded heap of {@code arena} cells with blocks of {@code cells}, one after the other. */
    static long[] fill(Allocator allocator, int arena, int... cells) {
        assertThat(Arrays.stream(cells).sum()).as("cells to fill").isEqualTo(arena);
        long[] blocks = new long[cells.length];
        int cell = 0;
        for (int j = 0; j < cells.length; j++) {
            blocks[j] = allocator.allocate(bytes(cells[j]));
            assertThat(blocks[j]).as("block %d, %d cells", j, cells[j]).isEqualTo(at(cell));
            cell += cells[j];
        }
        return blocks;
    }

    /** Asks for {@code cells} cells: the address and the searches the request added. */
    static long[] request(Allocator allocator, int cells) {
        long before = allocator.searches();
        long address = allocator.allocate(bytes(cells));
        return new long[] {address, allocator.searches() - before};
    }
}
