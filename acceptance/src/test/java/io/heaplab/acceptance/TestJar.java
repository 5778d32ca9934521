package io.heaplab.acceptance;

import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Packs classes of the test plugins ({@code acceptance/plugins}, kept off the test class path) into a jar whose
 * services file registers allocator providers: each wrong plugin gets a jar of its own, wrong in one way.
 */
final class TestJar {

    private static final String PACKAGE = "io.heaplab.testplugins";
    private static final Path CLASSES = Path.of(System.getProperty("heaplab.testPlugins",
            "plugins/target/classes"));
    /** What every test plugin is built on. */
    private static final List<String> BASE = List.of("Bump", "TestAllocatorProvider");

    private TestJar() {
    }

    /** A jar holding the providers {@code packed} (and their base classes) that registers each one. */
    static Path of(Path file, String... packed) throws IOException {
        return write(file, List.of(packed), List.of(packed));
    }

    /** A jar holding the replacement-policy providers {@code packed} that registers each one. */
    static Path ofPolicies(Path file, String... packed) throws IOException {
        return write(file, List.of(packed), List.of(packed), ReplacementPolicyProvider.class);
    }

    /**
     * A jar holding the classes {@code packed} (simple names, with their nested classes, and the base classes)
     * whose services file lists {@code registered}, present or not, as allocator providers.
     */
    static Path write(Path file, List<String> packed, List<String> registered) throws IOException {
        return write(file, packed, registered, AllocatorProvider.class);
    }

    private static Path write(Path file, List<String> packed, List<String> registered, Class<?> service)
            throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(file))) {
            jar.putNextEntry(new JarEntry("META-INF/services/" + service.getName()));
            for (String name : registered) {
                jar.write((PACKAGE + "." + name + "\n").getBytes(StandardCharsets.UTF_8));
            }
            jar.closeEntry();
            Path dir = CLASSES.resolve(PACKAGE.replace('.', '/'));
            for (String name : Stream.concat(BASE.stream(), packed.stream()).toList()) {
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path c : files.filter(f -> isClassOf(f, name)).sorted().toList()) {
                        jar.putNextEntry(new JarEntry(PACKAGE.replace('.', '/') + "/" + c.getFileName()));
                        Files.copy(c, jar);
                        jar.closeEntry();
                    }
                }
            }
        }
        return file;
    }

    private static boolean isClassOf(Path file, String name) {
        String f = file.getFileName().toString();
        return f.equals(name + ".class") || f.startsWith(name + "$");
    }
}
