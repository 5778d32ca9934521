package io.heaplab.core.plugins;

import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.Plugin;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.SpiVersion;
import io.heaplab.core.spi.WorkloadProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Loads third-party providers from plugin jars, each jar through a class loader of its own, and checks them
 * before heaplab runs any: the file must be a jar that registers providers in {@code META-INF/services}, every
 * provider class must load, declare a supported {@link SpiVersion} and construct, and its name must be its own.
 * Whatever is wrong fails with one line naming the jar and the provider.
 */
public final class PluginJars {

    /** The environment variable that names plugins too: paths separated like a class path. */
    public static final String ENVIRONMENT_VARIABLE = "HEAPLAB_PLUGINS";

    private static final Kind<AllocatorProvider> ALLOCATORS = new Kind<>(AllocatorProvider.class, "allocator");
    private static final Kind<ReplacementPolicyProvider> POLICIES =
            new Kind<>(ReplacementPolicyProvider.class, "policy");
    private static final Kind<WorkloadProvider> WORKLOADS = new Kind<>(WorkloadProvider.class, "workload");
    private static final List<Kind<?>> KINDS = List.of(ALLOCATORS, POLICIES, WORKLOADS);

    private record Kind<P extends Plugin>(Class<P> type, String name) {
        String servicesEntry() {
            return "META-INF/services/" + type.getName();
        }
    }

    private PluginJars() {
    }

    /** The paths an environment variable value names, split like a class path; none for null or blank. */
    public static List<Path> fromEnvironment(String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        return Stream.of(value.split(java.io.File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of).toList();
    }

    /**
     * The jars {@code paths} name, each once: a file is a jar, a directory holds every {@code *.jar} directly in
     * it, in name order so the same directory loads the same way everywhere.
     */
    public static List<Path> jars(List<Path> paths) {
        Set<Path> jars = new LinkedHashSet<>();
        for (Path path : paths) {
            if (Files.isDirectory(path)) {
                try (Stream<Path> files = Files.list(path)) {
                    files.filter(f -> f.getFileName().toString().endsWith(".jar") && Files.isRegularFile(f))
                            .sorted().forEach(f -> jars.add(f.normalize()));
                } catch (IOException e) {
                    throw new SpecException("plugin path " + path + ": cannot list the directory (" + e.getMessage() + ")");
                }
            } else if (Files.isRegularFile(path)) {
                jars.add(path.normalize());
            } else {
                throw new SpecException("plugin path " + path + ": " + (Files.exists(path) ? "not a regular file (a"
                        + " device or a pipe)" : "no such file or directory") + " (expected: a plugin jar or a"
                        + " directory of them)");
            }
        }
        return List.copyOf(jars);
    }

    /** {@code builtIns} with the providers of every jar {@code paths} name, loaded and checked in order. */
    public static Plugins load(Plugins builtIns, List<Path> paths) {
        Plugins plugins = builtIns;
        for (Path jar : jars(paths)) {
            plugins = loadJar(plugins, jar);
        }
        return plugins;
    }

    private static Plugins loadJar(Plugins plugins, Path jar) {
        Map<Kind<?>, List<String>> declared = declaredProviders(jar);
        if (declared.values().stream().allMatch(List::isEmpty)) {
            throw new SpecException("plugin " + jar + ": registers no provider (expected: "
                    + ALLOCATORS.servicesEntry() + ", or the same for ReplacementPolicyProvider or "
                    + "WorkloadProvider, listing its classes)");
        }
        Origin origin = new Origin(jar);
        URLClassLoader loader = new PluginClassLoader(origin.loaderName(), url(jar), PluginJars.class.getClassLoader());
        // the loader stays open: a provider's classes load lazily, for as long as heaplab runs
        AtomicReference<String> loading = new AtomicReference<>("its providers");
        try {
            // a static initializer or a constructor may never return: loading has the plugins' time limit
            return Watchdog.call("heaplab loading " + jar.getFileName(), () -> new Plugins(
                    loadKind(plugins.allocators(), ALLOCATORS, origin, loader, declared, loading),
                    loadKind(plugins.policies(), POLICIES, origin, loader, declared, loading),
                    loadKind(plugins.workloads(), WORKLOADS, origin, loader, declared, loading)));
        } catch (Watchdog.Expired e) {
            throw new SpecException("plugin " + jar + ": loading " + loading.get() + " " + e.explained());
        }
    }

    private static <P extends Plugin> Registry<P> loadKind(Registry<P> registry, Kind<P> kind, Origin origin,
                                                           ClassLoader loader, Map<Kind<?>, List<String>> declared,
                                                           AtomicReference<String> loading) {
        String where = "plugin " + origin.jar() + ": ";
        var providers = ServiceLoader.load(kind.type(), loader).stream().iterator();
        while (true) {
            ServiceLoader.Provider<P> provider;
            loading.set(kind.name() + " providers (" + String.join(", ", declared.get(kind)) + ")");
            try {
                if (!providers.hasNext()) {
                    return registry;
                }
                provider = providers.next();
            } catch (ServiceConfigurationError | LinkageError e) {
                throw new SpecException(where + kind.name() + " provider failed to load: " + reason(e)
                        + " (" + kind.servicesEntry() + " lists " + String.join(", ", declared.get(kind)) + ")");
            }
            Class<? extends P> type = provider.type();
            if (type.getClassLoader() != loader) {
                continue; // heaplab's own providers, seen through the parent loader
            }
            String which = where + kind.name() + " provider " + type.getName();
            loading.set(kind.name() + " provider " + type.getName());
            checkVersion(type, which);
            P plugin;
            try {
                plugin = provider.get();
                // what `heaplab list` and every spec ask of a provider, asked once here where a throw has a jar
                plugin.name();
                plugin.description();
                plugin.options();
            } catch (ServiceConfigurationError | RuntimeException | LinkageError | PluginExit.PluginExitError e) {
                throw new SpecException(which + " could not be constructed: " + reason(e));
            }
            try {
                registry = registry.plus(plugin, origin);
            } catch (SpecException e) {
                throw new SpecException(where + e.getMessage());
            }
        }
    }

    private static void checkVersion(Class<?> type, String which) {
        SpiVersion version = type.getAnnotation(SpiVersion.class);
        String expected = SpiVersion.OLDEST_SUPPORTED == SpiVersion.CURRENT ? "" + SpiVersion.CURRENT
                : SpiVersion.OLDEST_SUPPORTED + " to " + SpiVersion.CURRENT;
        if (version == null) {
            throw new SpecException(which + " declares no SPI version (expected: @SpiVersion(SpiVersion.CURRENT) "
                    + "on the class, built against SPI version " + expected + ")");
        }
        if (version.value() < SpiVersion.OLDEST_SUPPORTED || version.value() > SpiVersion.CURRENT) {
            throw new SpecException(which + " was built against SPI version " + version.value()
                    + ", which this heaplab does not run (expected: " + expected + ")");
        }
    }

    /** The provider classes the jar's services files list, read straight from the jar, by kind. */
    private static Map<Kind<?>, List<String>> declaredProviders(Path jar) {
        Map<Kind<?>, List<String>> declared = new LinkedHashMap<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (Kind<?> kind : KINDS) {
                JarEntry entry = file.getJarEntry(kind.servicesEntry());
                declared.put(kind, entry == null ? List.of() : classNames(file, entry));
            }
        } catch (IOException | UncheckedIOException | SecurityException e) {
            throw new SpecException("plugin " + jar + ": not a jar (" + e.getMessage() + ")");
        }
        return declared;
    }

    /** The class names of a services file: one per line, {@code #} starts a comment. */
    private static List<String> classNames(JarFile file, JarEntry entry) throws IOException {
        List<String> names = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(file.getInputStream(entry), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                int comment = line.indexOf('#');
                String name = (comment < 0 ? line : line.substring(0, comment)).strip();
                if (!name.isEmpty()) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    /** A loading error in one line: ServiceLoader's message without the service's name, and the root cause. */
    private static String reason(Throwable e) {
        String message;
        if (e instanceof ServiceConfigurationError) {
            message = e.getMessage().lines().findFirst().orElse("");
            int colon = message.indexOf(": ");
            message = colon < 0 ? message : message.substring(colon + 2);
        } else {
            message = Failures.summary(e);
        }
        Throwable cause = e.getCause();
        while (cause != null && cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause == null ? message : message + ": " + Failures.summary(cause);
    }

    private static URL url(Path jar) {
        try {
            return jar.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new SpecException("plugin " + jar + ": not a jar (" + e.getMessage() + ")");
        }
    }
}
