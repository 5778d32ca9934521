package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.plugins.Registry;
import io.heaplab.core.spi.Plugin;
import io.heaplab.traces.TraceFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The catalogue cannot drift from the registry: every strategy, policy and workload that {@code heaplab list}
 * lists (the built-in plugins, {@link Plugins#load()}) has a row in its section of docs/catalogue.md, every name in
 * the first column of those tables is registered, and every trace format ({@link TraceFormat#values()}, by
 * {@link TraceFormat#label()}) is named in docs/traces.md or in the trace formats section of docs/catalogue.md
 * (only there: {@code arc} is a policy too).
 */
class CatalogueDocsTest {

    static final Path ROOT = Path.of(System.getProperty("user.dir")).resolve("..").normalize();
    static final String CATALOGUE = "docs/catalogue.md";
    static final String TRACES = "docs/traces.md";
    /** The section of the catalogue that may name trace formats. */
    static final String FORMATS = "Trace formats";

    /** A name in backquotes: {@code `first-fit`}, or the name of a spec such as {@code `first-fit:order=lifo`}. */
    private static final Pattern CODE = Pattern.compile("`([a-z0-9][a-z0-9-]*)[^`]*`");

    @Test
    void everyRegisteredPluginHasARowInTheCatalogueAndEveryRowIsRegistered() throws IOException {
        Plugins plugins = Plugins.load();
        Map<String, Registry<?>> sections = new LinkedHashMap<>();
        sections.put("Strategies", plugins.allocators());
        sections.put("Replacement policies", plugins.policies());
        sections.put("Workloads", plugins.workloads());
        Map<String, String> text = sections(Files.readString(ROOT.resolve(CATALOGUE)));

        List<String> problems = new ArrayList<>();
        sections.forEach((heading, registry) -> {
            String section = text.get(heading);
            if (section == null) {
                problems.add(CATALOGUE + " has no section '## " + heading + "' (expected: one, with a table of every "
                        + registry.kind() + ")");
                return;
            }
            Set<String> registered = new TreeSet<>();
            for (Plugin plugin : registry.all()) {
                registered.add(plugin.name());
            }
            Set<String> rows = firstColumnNames(section);
            Set<String> missing = new TreeSet<>(registered);
            missing.removeAll(rows);
            if (!missing.isEmpty()) {
                problems.add(CATALOGUE + ", '## " + heading + "': no row for the registered " + registry.kind()
                        + (missing.size() == 1 ? " " : "s ") + missing + " (expected: a table row naming each in"
                        + " backquotes in its first column)");
            }
            Set<String> unknown = new TreeSet<>(rows);
            unknown.removeAll(registered);
            if (!unknown.isEmpty()) {
                problems.add(CATALOGUE + ", '## " + heading + "': rows for " + unknown + ", which no " + registry.kind()
                        + " is registered as (registered: " + registered + ")");
            }
        });
        assertThat(problems).as("the catalogue against the registry that `heaplab list` lists").isEmpty();
    }

    @Test
    void everyTraceFormatIsNamedInTheTracesPageOrTheCatalogue() throws IOException {
        String traces = Files.readString(ROOT.resolve(TRACES));
        String catalogue = sections(Files.readString(ROOT.resolve(CATALOGUE))).getOrDefault(FORMATS, "");
        Set<String> missing = new TreeSet<>();
        for (TraceFormat format : TraceFormat.values()) {
            if (!names(traces, format.label()) && !names(catalogue, format.label())) {
                missing.add(format.label());
            }
        }
        assertThat(missing).as("trace formats (TraceFormat.values(), by label()) that neither %s nor '## %s' in %s"
                + " names as `label` or **label**", TRACES, FORMATS, CATALOGUE).isEmpty();
    }

    @Test
    void theChecksReadWhatTheyShouldRead() {
        String page = """
                # Title

                ## Strategies

                | name | what |
                |---|---|
                | `stack`, `nofree` | a list |
                | `first-fit:order=lifo` | a spec |

                Prose with `lru` is not a row.

                ## Workloads

                | workload | what |
                |---|---|
                | `pqsim` | Brent's |
                """;
        Map<String, String> sections = sections(page);
        assertThat(sections).containsOnlyKeys("Title", "Strategies", "Workloads");
        assertThat(firstColumnNames(sections.get("Strategies"))).containsExactly("first-fit", "nofree", "stack");
        assertThat(firstColumnNames(sections.get("Workloads"))).containsExactly("pqsim");
        assertThat(names("- **oracle-general**: libCacheSim's", "oracle-general")).isTrue();
        assertThat(names("a `text` trace", "text")).isTrue();
        assertThat(names("plain text and an address", "text")).isFalse();
        assertThat(names("`oracle-general-v2`", "oracle-general")).isFalse();
    }

    /** The text under each heading of levels 1 and 2, up to the next such heading, by the heading's title. */
    static Map<String, String> sections(String page) {
        Map<String, String> sections = new LinkedHashMap<>();
        String title = "";
        StringBuilder body = new StringBuilder();
        for (String line : page.lines().toList()) {
            Matcher heading = Pattern.compile("^##?\\s+(.+?)\\s*$").matcher(line);
            if (heading.matches()) {
                if (!title.isEmpty() || !body.isEmpty()) {
                    sections.put(title, body.toString());
                }
                title = heading.group(1);
                body = new StringBuilder();
            } else {
                body.append(line).append('\n');
            }
        }
        sections.put(title, body.toString());
        return sections;
    }

    /** The names in backquotes in the first cell of each table row of {@code section}, header and rule aside. */
    static Set<String> firstColumnNames(String section) {
        Set<String> names = new TreeSet<>();
        List<String> lines = section.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            boolean header = i + 1 < lines.size() && lines.get(i + 1).strip().startsWith("|---");
            if (!line.startsWith("|") || line.startsWith("|---") || header) {
                continue;
            }
            String first = line.substring(1).split("\\|", 2)[0];
            Matcher code = CODE.matcher(first);
            while (code.find()) {
                names.add(code.group(1));
            }
        }
        return names;
    }

    /** Whether {@code page} names {@code label} as a name: in backquotes or in bold, exactly. */
    static boolean names(String page, String label) {
        return page.contains("`" + label + "`") || page.contains("**" + label + "**");
    }
}
