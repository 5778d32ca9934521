package io.heaplab.cli;

import io.heaplab.core.HeaplabVersion;
import picocli.CommandLine.IVersionProvider;

/** {@code heaplab --version}: the version the build stamped into core, as result files name it. */
final class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {"heaplab " + HeaplabVersion.current()};
    }
}
