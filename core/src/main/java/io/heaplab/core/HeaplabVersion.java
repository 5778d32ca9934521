package io.heaplab.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * heaplab's version, read once from the {@code heaplab.properties} the build filters into core's jar: the one
 * place the command's {@code --version}, result files and reports take it from.
 */
public final class HeaplabVersion {

    /** What {@link #current()} says when the resource is missing or was not filtered (classes run from an IDE). */
    public static final String UNKNOWN = "unknown";

    static final String RESOURCE = "heaplab.properties";

    private static final String VERSION = read(HeaplabVersion.class.getResourceAsStream(RESOURCE));

    private HeaplabVersion() {
    }

    /** The project version the build stamped, such as {@code 0.1.0-SNAPSHOT}; {@value #UNKNOWN} when not stamped. */
    public static String current() {
        return VERSION;
    }

    /** The version in {@code properties}, or {@value #UNKNOWN} when there is none or it is an unfiltered placeholder. */
    static String read(InputStream properties) {
        if (properties == null) {
            return UNKNOWN;
        }
        Properties loaded = new Properties();
        try (InputStream in = properties) {
            loaded.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE + " from heaplab core's jar", e);
        }
        String version = loaded.getProperty("version", "").strip();
        return version.isEmpty() || version.contains("${") ? UNKNOWN : version;
    }
}
