package io.heaplab.sweep;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;

/** The heaplab command's jar this code runs from, which a job script or spark-submit runs again elsewhere. */
public final class HeaplabJar {

    private HeaplabJar() {
    }

    /** The jar, when this code came from one that holds the heaplab command; null from a build's classes. */
    public static Path path() {
        try {
            Path jar = Path.of(HeaplabJar.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(jar)) {
                return null;
            }
            try (JarFile file = new JarFile(jar.toFile())) {
                return file.getEntry("io/heaplab/cli/Main.class") == null ? null : jar.toAbsolutePath();
            }
        } catch (URISyntaxException | IOException | SecurityException | NullPointerException e) {
            return null;
        }
    }
}
