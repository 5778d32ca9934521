package io.heaplab.testplugins;

import io.heaplab.core.spi.SpiVersion;

/** Needs {@link Helper}, which its jar leaves out: the class cannot load. */
@SpiVersion(SpiVersion.CURRENT)
public final class MissingHelperProvider extends Helper {
}
