package io.heaplab.core.spi;

/**
 * A one-pass curve that can tell its faults so far at every {@link CurveGrid} size while the stream goes on, cheaply,
 * so its miss ratio over time is kept at every memory size (or window) at once, as a fixed-memory policy's is from
 * {@link PagingSimulator#faultsSoFar()}.
 */
public interface FaultsOnGrid {

    /**
     * Starts keeping what {@link #faultsOnGrid()} reads, before the first reference; a curve not asked pays
     * nothing for it.
     */
    void keepFaultsOnGrid();

    /**
     * The faults counted so far in the measured phase at each grid size, element {@code i} at {@link
     * CurveGrid#point(int) point(i)}; at every grid size past the last element the faults are the last element's.
     */
    long[] faultsOnGrid();
}
