package io.heaplab.reports.model;

/** A labelled vertical line across a chart at {@code x}, such as a published working-set size. */
public record Marker(String label, double x) {
}
