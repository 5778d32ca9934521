package io.heaplab.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.Plugin;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.spi.SpiVersion;
import io.heaplab.core.spi.WorkloadProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The contract every provider of a module keeps, checked for all of them at once: a module's test extends this
 * class and names one of its classes in {@link #module}.
 *
 * <p>The module's compiled classes (a directory or a jar) are scanned for concrete implementations of
 * {@link AllocatorProvider}, {@link ReplacementPolicyProvider} and {@link WorkloadProvider}, and compared with its
 * {@code META-INF/services} files, so a provider nobody registered fails. Each registered provider must then
 * have a name that is a valid spec name, its own among the providers of its kind on the class path; a
 * description of one line that cites its source (see {@link #citesASource}); options with names, one-line
 * descriptions and defaults that bind; and {@code @SpiVersion(SpiVersion.CURRENT)} on its class.
 *
 * <p>Each test lists every culprit in its message, not just the first.
 */
public abstract class ProviderContract {

    /** The provider interfaces a module can implement. */
    static final List<Class<? extends Plugin>> KINDS =
            List.of(AllocatorProvider.class, ReplacementPolicyProvider.class, WorkloadProvider.class);

    /** More entries than any class path registers; a bound on the walk past broken ones. */
    private static final int MAX_SERVICE_ENTRIES = 10_000;

    /** What an option's key may be: it is written between a spec's ':' or ',' and its '='. */
    private static final Pattern OPTION_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9._-]*");
    /** Text that stands for a description still to be written. */
    private static final Pattern PLACEHOLDER =
            Pattern.compile("(?i)\\b(todo|tbd|fixme|xxx|lorem ipsum)\\b|^\\W*description\\W*$");
    /** A year of publication, 1900 to 2099. */
    private static final Pattern YEAR = Pattern.compile("\\b(19|20)\\d\\d\\b");
    /** An author's name or a named work: a capital followed by lower-case letters, like Knuth or Corbató. */
    private static final Pattern PROPER_NAME = Pattern.compile("\\b\\p{Lu}\\p{Ll}{2,}");
    /** Words that name a source without an author or year: "the course report", "after ...". */
    private static final Pattern REFERENCE_WORD =
            Pattern.compile("(?i)\\b(after|paper|report|book|thesis|manual|article|standard|rfc)\\b");

    /** A class of the module under test; the class-path root it was loaded from is what the contract scans. */
    protected abstract Class<?> module();

    /**
     * The start of the binary names of the classes the scan covers, like {@code com.example.quickfit.}; the whole
     * module by default. A root that holds more than one plugin (a test's fakes) narrows it.
     */
    protected String classPrefix() {
        return "";
    }

    @Test
    void everyProviderClassIsRegistered() {
        Scan scan = scan();
        List<String> problems = new ArrayList<>(scan.problems());
        scan.found().forEach((kind, classes) -> {
            for (String name : classes) {
                if (!scan.registered().getOrDefault(kind, Set.of()).contains(name)) {
                    problems.add(name + " implements " + kind.getSimpleName() + " but is not registered (expected:"
                            + " a line in META-INF/services/" + kind.getName() + ")");
                }
            }
        });
        scan.registered().forEach((kind, classes) -> {
            for (String name : classes) {
                if (!scan.found().getOrDefault(kind, Set.of()).contains(name)) {
                    problems.add("META-INF/services/" + kind.getName() + " names " + name
                            + " (expected: a public concrete " + kind.getSimpleName() + " of this module)");
                }
            }
        });
        if (scan.registered().values().stream().allMatch(Set::isEmpty) && scan.problems().isEmpty()) {
            problems.add(where() + " registers no provider (expected: at least one)");
        }
        assertThat(problems).as("registration").isEmpty();
    }

    @Test
    void namesAreSpecNamesOfTheirOwn() {
        List<String> problems = new ArrayList<>();
        for (Plugin provider : providers()) {
            String name = provider.name();
            String who = provider.getClass().getName();
            try {
                Spec spec = Spec.parse(name);
                if (!spec.name().equals(name) || !spec.options().isEmpty()) {
                    problems.add(who + ": name '" + name + "' (expected: a bare spec name)");
                }
            } catch (SpecException e) {
                problems.add(who + ": " + e.getMessage());
            }
        }
        Map<String, List<String>> byKindAndName = new HashMap<>();
        for (Class<? extends Plugin> kind : KINDS) {
            for (Plugin p : visible(kind)) {
                byKindAndName.computeIfAbsent(kind.getSimpleName() + " '" + p.name() + "'", k -> new ArrayList<>())
                        .add(p.getClass().getName());
            }
        }
        for (Plugin provider : providers()) {
            for (Class<? extends Plugin> kind : KINDS) {
                if (kind.isInstance(provider)) {
                    List<String> holders = byKindAndName.get(kind.getSimpleName() + " '" + provider.name() + "'");
                    if (holders != null && holders.size() > 1) {
                        problems.add(kind.getSimpleName() + " name '" + provider.name() + "' is taken by " + holders
                                + " (expected: a name of its own)");
                    }
                }
            }
        }
        assertThat(new TreeSet<>(problems)).as("names").isEmpty();
    }

    @Test
    void descriptionsAreOneLineCitingASource() {
        List<String> problems = new ArrayList<>();
        for (Plugin provider : providers()) {
            String problem = descriptionProblem(provider.description());
            if (problem != null) {
                problems.add(provider.name() + ": description '" + provider.description() + "' " + problem);
            }
        }
        assertThat(problems).as("descriptions").isEmpty();
    }

    @Test
    void optionsHaveNamesDescriptionsAndDefaultsThatBind() {
        List<String> problems = new ArrayList<>();
        for (Plugin provider : providers()) {
            Set<String> seen = new TreeSet<>();
            boolean allDefaulted = true;
            for (Option option : provider.options()) {
                String who = provider.name() + ": option '" + option.name() + "'";
                if (!OPTION_NAME.matcher(option.name()).matches()) {
                    problems.add(who + " (expected: a name of letters, digits, '.', '_' or '-', from a letter)");
                }
                if (!seen.add(option.name())) {
                    problems.add(who + " is declared twice (expected: each once)");
                }
                if (option.description().isBlank() || option.description().lines().count() > 1) {
                    problems.add(who + ": description '" + option.description() + "' (expected: one line)");
                }
                allDefaulted &= !option.isRequired();
                if (!option.isRequired()) {
                    // through the public binding, as a user's spec would give it
                    try {
                        // written as a spec would hold it, under a stand-in name: a bad name is another test's
                        Spec written = Spec.parse("p:" + option.name() + "=" + option.defaultValue());
                        Options.bind(only(provider.name(), option), new Spec(provider.name(), written.options()));
                    } catch (RuntimeException e) {
                        problems.add(who + ": default does not bind: " + e.getMessage());
                    }
                }
            }
            if (allDefaulted && seen.size() == provider.options().size()) {
                try {
                    Options.bind(provider, new Spec(provider.name(), new LinkedHashMap<>()));
                } catch (RuntimeException e) {
                    problems.add(provider.name() + ": the bare name does not bind: " + e.getMessage());
                }
            }
        }
        assertThat(problems).as("options").isEmpty();
    }

    @Test
    void providersDeclareTheCurrentSpiVersion() {
        List<String> problems = new ArrayList<>();
        for (Plugin provider : providers()) {
            SpiVersion version = provider.getClass().getAnnotation(SpiVersion.class);
            if (version == null || version.value() != SpiVersion.CURRENT) {
                problems.add(provider.getClass().getName() + " declares "
                        + (version == null ? "no SPI version" : "SPI version " + version.value())
                        + " (expected: @SpiVersion(SpiVersion.CURRENT), " + SpiVersion.CURRENT + ")");
            }
        }
        assertThat(problems).as("SPI versions").isEmpty();
    }

    /**
     * Why {@code description} is not a one-line description that cites a source, or null when it is. It cites one
     * when a part in parentheses holds a year (Belady 1966), a name with a capital (Knuth, TAOCP 1) or a word
     * that names a work (the course report; after ...); a placeholder like TODO fails whatever its form.
     */
    static String descriptionProblem(String description) {
        if (description == null || description.isBlank()) {
            return "is empty (expected: one line saying what it is and citing its source)";
        }
        if (description.lines().count() > 1 || description.indexOf('\n') >= 0 || description.indexOf('\r') >= 0) {
            return "has more than one line (expected: one line)";
        }
        if (!description.equals(description.strip())) {
            return "has spaces at an end (expected: none)";
        }
        if (PLACEHOLDER.matcher(description).find()) {
            return "is a placeholder (expected: what it is and its source)";
        }
        for (String part : parenthesised(description)) {
            if (YEAR.matcher(part).find() || PROPER_NAME.matcher(part).find() || REFERENCE_WORD.matcher(part).find()) {
                return null;
            }
        }
        return "cites no source (expected: one in parentheses with an author, a year or a named work, like"
                + " '(Belady 1966)')";
    }

    /** The top-level parts of {@code text} in parentheses, each with what it nests: "(ACM TOPLAS 11(3), 1989)". */
    private static List<String> parenthesised(String text) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = -1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(' && depth++ == 0) {
                start = i + 1;
            } else if (c == ')' && depth > 0 && --depth == 0) {
                parts.add(text.substring(start, i));
            }
        }
        return parts;
    }

    /** A plugin named {@code name} that declares {@code option} alone, to bind its default by itself. */
    private static Plugin only(String name, Option option) {
        return new Plugin() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return "one option of " + name;
            }

            @Override
            public List<Option> options() {
                return List.of(option);
            }
        };
    }

    /** The providers the module registers that load and construct, in the order of its service files. */
    private List<Plugin> providers() {
        Scan scan = scan();
        List<Plugin> providers = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        scan.registered().forEach((kind, names) -> {
            for (String name : names) {
                try {
                    Class<?> type = Class.forName(name, false, loader());
                    if (kind.isAssignableFrom(type)) {
                        providers.add((Plugin) type.getConstructor().newInstance());
                    }
                } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                    broken.add(name + ": " + e);
                }
            }
        });
        assertThat(broken).as("providers that cannot be made (expected: a public no-argument constructor)")
                .isEmpty();
        assertThat(providers).as(where() + " registers no provider").isNotEmpty();
        return providers;
    }

    /** Every provider of {@code kind} the class path offers, this module's and the others'. */
    private List<Plugin> visible(Class<? extends Plugin> kind) {
        List<Plugin> all = new ArrayList<>();
        Iterator<? extends Plugin> providers = ServiceLoader.load(kind, loader()).iterator();
        // a bad entry fails one step of the iteration and the next step goes on past it
        for (int step = 0; step < MAX_SERVICE_ENTRIES; step++) {
            try {
                if (!providers.hasNext()) {
                    break;
                }
                all.add(providers.next());
            } catch (ServiceConfigurationError e) {
                // another module's broken entry is that module's contract to fail; this one's fails in registration
            }
        }
        return all;
    }

    private ClassLoader loader() {
        return module().getClassLoader();
    }

    private String where() {
        return root() + (classPrefix().isEmpty() ? "" : " (classes " + classPrefix() + ")");
    }

    /** Where {@link #module} was loaded from: a directory of classes or a jar. */
    private Path root() {
        CodeSource source = module().getProtectionDomain().getCodeSource();
        if (source == null) {
            throw new IllegalStateException(module().getName() + " has no code source (expected: a class of a"
                    + " module loaded from a directory or a jar)");
        }
        try {
            return Path.of(source.getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * What the root holds: per kind, the concrete provider classes found and the classes registered, both within
     * {@link #classPrefix}, and the classes that would not load.
     */
    private record Scan(Map<Class<? extends Plugin>, Set<String>> found,
                        Map<Class<? extends Plugin>, Set<String>> registered, List<String> problems) {
    }

    private Scan scan() {
        Path root = root();
        if (Files.isDirectory(root)) {
            return scan(root);
        }
        try (FileSystem jar = FileSystems.newFileSystem(root)) {
            return scan(jar.getPath("/"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + root, e);
        }
    }

    private Scan scan(Path root) {
        String prefix = classPrefix();
        Map<Class<? extends Plugin>, Set<String>> found = new LinkedHashMap<>();
        Map<Class<? extends Plugin>, Set<String>> registered = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        List<String> classNames;
        try (Stream<Path> files = Files.walk(root)) {
            classNames = files.map(f -> root.relativize(f).toString().replace('\\', '/'))
                    .filter(f -> f.endsWith(".class") && !f.endsWith("module-info.class")
                            && !f.endsWith("package-info.class"))
                    .map(f -> f.substring(0, f.length() - ".class".length()).replace('/', '.'))
                    .filter(n -> n.startsWith(prefix))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root, e);
        }
        for (String name : classNames) {
            Class<?> type;
            try {
                type = Class.forName(name, false, loader());
            } catch (ClassNotFoundException | LinkageError e) {
                problems.add(name + " does not load: " + e);
                continue;
            }
            if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
                continue;
            }
            for (Class<? extends Plugin> kind : KINDS) {
                if (kind.isAssignableFrom(type)) {
                    found.computeIfAbsent(kind, k -> new TreeSet<>()).add(name);
                }
            }
        }
        for (Class<? extends Plugin> kind : KINDS) {
            Path file = root.resolve("META-INF/services/" + kind.getName());
            if (Files.isRegularFile(file)) {
                try {
                    for (String line : Files.readAllLines(file)) {
                        String entry = stripComment(line);
                        if (!entry.isEmpty() && entry.startsWith(prefix)) {
                            registered.computeIfAbsent(kind, k -> new LinkedHashSet<>()).add(entry);
                        }
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + file, e);
                }
            }
        }
        return new Scan(found, registered, problems);
    }

    /** A service file's line without its {@code #} comment and blanks, as ServiceLoader reads it. */
    private static String stripComment(String line) {
        int hash = line.indexOf('#');
        return (hash < 0 ? line : line.substring(0, hash)).strip();
    }
}
