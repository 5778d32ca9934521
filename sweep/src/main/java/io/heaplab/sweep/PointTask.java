package io.heaplab.sweep;

import java.io.Serializable;

/** What an engine does with each point, wherever it runs it; sent to other machines as it is. */
@FunctionalInterface
public interface PointTask extends Serializable {

    /** The row of {@code point}: what its run measured, or why it failed. */
    Row run(Point point);
}
