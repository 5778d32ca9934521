package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.heaplab.acceptance.DocsBlocks.Block;
import io.heaplab.acceptance.DocsBlocks.Command;
import io.heaplab.cli.Main;
import io.heaplab.core.plugins.Plugins;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The docs check: every heaplab command shown in a {@code sh} block of README.md and docs/*.md runs, in order
 * within its block, in a directory of its own, and exits as the docs say (0 unless the block is marked
 * {@code <!-- docs-check: exit N -->}), with nothing on standard error and no stack trace. Then every figure the
 * docs state about a result is rendered from the run that gives it and must appear in the docs word for word
 * ({@link DocsFindings}).
 *
 * <p>The commands run in-process, so paths are mapped onto the block's directory: an output path ({@link
 * #OUTPUT_OPTIONS}) goes there; an input path is the block's file if an earlier command made it, else the
 * repository's (the example plugin's jar, a lackey trace). A reproduction given no report directory gets the
 * block's {@code heaplab-results/PAPER}, as it would in that directory.
 *
 * <p>Long commands run scaled down, by options appended here, per command, in {@link #SCALED}: every
 * {@code reproduce} command in the docs must be listed there (with nothing appended when it runs as shown), so a
 * new long command fails this check until someone decides how it runs. Files a block needs that no heaplab
 * command makes (a JMH result) are given in {@link #GIVEN}.
 */
class DocsCommandsTest {

    static final Path ROOT = Path.of(System.getProperty("user.dir")).resolve("..").normalize();

    /**
     * Options appended to a command the docs show, keyed by the command as shown (continuations joined, comment
     * cut, blanks collapsed). An option appended replaces the same option in the command.
     */
    static final Map<String, List<String>> SCALED = Map.ofEntries(
            // the full reproductions, as the README and their pages show them: scaled down to a check
            Map.entry("./heaplab reproduce brent", List.of("--tridiag-n", "12", "--pqsim-seconds", "10")),
            Map.entry("./heaplab reproduce purdom", List.of("--seeds", "1", "--tables", "2", "--requests", "400")),
            Map.entry("./heaplab reproduce brent --tridiag-n 32 --pqsim-seconds 200 --seeds 2 --no-report",
                    List.of("--tridiag-n", "12", "--pqsim-seconds", "10")),
            // the runs whose figures the reproduction pages quote: as shown, their figures are checked
            Map.entry("./heaplab reproduce brent --pqsim-seconds 200 --json brent.json --no-report", List.of()),
            Map.entry(DocsFindings.BRENT_SWEEP, List.of()),
            Map.entry("./heaplab reproduce purdom --json purdom.json --no-report", List.of()),
            // small enough as shown
            Map.entry("./heaplab reproduce purdom --tables 2 --seeds 2 --no-report", List.of()),
            Map.entry("./heaplab reproduce purdom --tables 2 --first-fit next-fit --no-report",
                    List.of("--seeds", "2")),
            Map.entry("./heaplab reproduce purdom --tables 2 --first-fit first-fit:order=lifo --json purdom-lifo.json"
                    + " --no-report", List.of("--seeds", "2")),
            Map.entry("./heaplab reproduce carr",
                    List.of("--configurations", "A", "--thetas", "200", "--tasks", "2")),
            Map.entry(DocsFindings.CARR, List.of()),
            Map.entry(DocsFindings.FITS, List.of()),
            Map.entry("./heaplab reproduce fits", List.of("--loads", "2000,700", "--repeats", "1")),
            Map.entry(DocsFindings.CARR_DEVICE, List.of()),
            Map.entry(DocsFindings.CARR_FRAMES, List.of()),
            Map.entry(DocsFindings.CARR_BEYOND, List.of()),
            // the sweep of the README and docs/sweeps.md: as shown, its table's first rows are checked
            Map.entry(DocsFindings.SWEEP, List.of()),
            Map.entry("./heaplab reproduce carr --prototypes stack.hlt@50000 --regime table1 --configurations A"
                    + " --thetas 100 --tasks 4 --no-report", List.of()),
            Map.entry("./heaplab reproduce carr --regime table1 --configurations A --thetas 200,1000 --tasks 3"
                    + " --no-report", List.of("--thetas", "200", "--tasks", "2")));

    /** Files a command reads that no heaplab command in its block makes: file name to a test resource. */
    static final Map<String, Map<String, String>> GIVEN = Map.of(
            // made by a JMH run in the docs; a small JMH result of the same benchmark stands in
            "./heaplab report fixed.json --out fixed-report", Map.of("fixed.json", "jmh-result.json"));

    /** Path options that name something a command writes; every other path is read. */
    static final Set<String> OUTPUT_OPTIONS = Set.of("--json", "--out", "--report", "--csv", "--output");
    /** Options whose value lists files to read, {@code FILE[@IO][,...]} ({@code reproduce carr --prototypes}). */
    static final Set<String> FILE_LIST_OPTIONS = Set.of("--prototypes");
    /** Path options that name something a command reads. */
    static final Set<String> INPUT_OPTIONS = Set.of("--plugins");

    private static final Pattern STACK_TRACE = Pattern.compile("(?m)^\\s+at [\\w$.]+\\(|Exception in thread");

    /** What each command printed and where it ran, by its text as shown, for {@link DocsFindings}. */
    static final Map<String, Ran> RAN = new HashMap<>();

    record Ran(Command command, Path dir, Cli cli) {
    }

    @TempDir
    static Path work;

    @TestFactory
    Stream<DynamicNode> everyCommandInTheDocsRunsAsShown() throws IOException {
        List<Block> blocks = new ArrayList<>();
        for (Path doc : DocsBlocks.docs(ROOT)) {
            blocks.addAll(DocsBlocks.blocks(doc));
        }
        assertThat(blocks).as("sh blocks with heaplab commands").hasSizeGreaterThan(10);
        Set<String> shown = new HashSet<>();
        blocks.forEach(b -> b.commands().forEach(c -> shown.add(c.text())));
        Set<String> stale = new TreeSet<>(SCALED.keySet());
        stale.addAll(GIVEN.keySet());
        stale.removeAll(shown);
        assertThat(stale).as("commands this check adjusts that the docs no longer show").isEmpty();

        Set<String> before = listing(Path.of(System.getProperty("user.dir")));
        Map<Path, List<DynamicNode>> byDoc = new LinkedHashMap<>();
        int[] number = {0};
        for (Block block : blocks) {
            Path dir = work.resolve("block-" + ++number[0]);
            byDoc.computeIfAbsent(block.doc(), d -> new ArrayList<>())
                    .add(dynamicTest(block.name(), () -> run(block, dir)));
        }
        List<DynamicNode> nodes = new ArrayList<>();
        byDoc.forEach((doc, tests) -> nodes.add(dynamicContainer(ROOT.relativize(doc).toString(), tests)));
        nodes.add(dynamicTest("nothing written outside the blocks' directories", () ->
                assertThat(listing(Path.of(System.getProperty("user.dir")))).isEqualTo(before)));
        nodes.add(dynamicContainer("figures the docs state", DocsFindings.checks(ROOT)));
        return nodes.stream();
    }

    private static void run(Block block, Path dir) throws Exception {
        Files.createDirectories(dir);
        for (Command command : block.commands()) {
            for (Map.Entry<String, String> given : GIVEN.getOrDefault(command.text(), Map.of()).entrySet()) {
                try (InputStream in = DocsCommandsTest.class.getClassLoader().getResourceAsStream(given.getValue())) {
                    assertThat(in).as("test resource " + given.getValue()).isNotNull();
                    Files.copy(in, dir.resolve(given.getKey()));
                }
            }
            List<String> args = arguments(command, dir);
            long start = System.nanoTime();
            Cli cli = Cli.run(args.toArray(String[]::new));
            System.out.printf(Locale.ROOT, "docs check: %s:%d %.1f s: heaplab %s%n",
                    ROOT.relativize(block.doc()), command.line(), (System.nanoTime() - start) / 1e9,
                    String.join(" ", args));
            String what = ROOT.relativize(block.doc()) + ":" + command.line() + ": `" + command.text() + "`"
                    + " ran as `heaplab " + String.join(" ", args) + "`";
            assertThat(STACK_TRACE.matcher(cli.err()).find()).as(what + " printed a stack trace:%n%s", cli.err())
                    .isFalse();
            assertThat(cli.exitCode()).as(what + " exit code; standard error:%n%s", cli.err())
                    .isEqualTo(block.expectedExit());
            if (block.expectedExit() == 0) {
                assertThat(cli.err()).as(what + " standard error").isEmpty();
            } else {
                assertThat(cli.err().strip()).as(what + " standard error").startsWith("heaplab: ").doesNotContain("\n");
                if (command.comment().startsWith("heaplab: ")) {
                    String shown = command.comment();
                    assertThat(cli.err().strip()).as(what + ": the message the docs show")
                            .startsWith(shown.contains("...") ? shown.substring(0, shown.indexOf("...")) : shown);
                }
            }
            RAN.put(command.text(), new Ran(command, dir, cli));
        }
    }

    /** The command's arguments as run: scaled down if listed, its paths mapped onto {@code dir}. */
    static List<String> arguments(Command command, Path dir) {
        List<String> args = new ArrayList<>(command.args());
        if (args.contains("reproduce")) {
            assertThat(SCALED).as("%s is a reproduction: list it in DocsCommandsTest.SCALED, with what to append"
                    + " to it so that the docs check stays short (or nothing, to run it as shown)", command.text())
                    .containsKey(command.text());
        }
        List<String> extra = SCALED.getOrDefault(command.text(), List.of());
        for (int i = 0; i < extra.size(); i++) {
            String option = extra.get(i);
            if (option.startsWith("--") && i + 1 < extra.size() && !extra.get(i + 1).startsWith("--")) {
                int at = args.indexOf(option);
                if (at >= 0) {
                    args.remove(at + 1);
                    args.remove(at);
                }
            }
        }
        args.addAll(extra);
        return mapPaths(args, dir);
    }

    private static List<String> mapPaths(List<String> args, Path dir) {
        ParseResult parsed;
        try {
            parsed = Main.commandLine(Plugins.load(), List.of()).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            return args; // a usage error on purpose: it stops before reading or writing anything
        }
        // path values by the option that takes them, and positional path values
        Map<String, Map<String, Path>> byOption = new HashMap<>();
        Map<String, Path> positional = new HashMap<>();
        Set<String> commandNames = new HashSet<>();
        Set<String> takingValues = new HashSet<>();
        ParseResult leaf = parsed;
        for (ParseResult r = parsed; r != null; r = r.subcommand()) {
            leaf = r;
            commandNames.add(r.commandSpec().name());
            List<ArgSpec> matched = new ArrayList<>(r.matchedOptions());
            matched.addAll(r.matchedPositionals());
            for (OptionSpec option : r.matchedOptions()) {
                if (option.arity().max() > 0) {
                    takingValues.addAll(List.of(option.names()));
                }
            }
            for (ArgSpec arg : matched) {
                if (!isPath(arg)) {
                    continue;
                }
                boolean output = false; // positional paths are traces and result files to read
                if (arg instanceof OptionSpec option) {
                    output = OUTPUT_OPTIONS.contains(option.longestName());
                    assertThat(output || INPUT_OPTIONS.contains(option.longestName()))
                            .as("path option %s: add it to DocsCommandsTest.OUTPUT_OPTIONS or INPUT_OPTIONS",
                                    option.longestName()).isTrue();
                }
                for (String value : arg.originalStringValues()) {
                    Path path = Path.of(value);
                    if (path.isAbsolute()) {
                        continue;
                    }
                    Path here = dir.resolve(path);
                    Path mapped = output || Files.exists(here) || !Files.exists(ROOT.resolve(path))
                            ? here : ROOT.resolve(path);
                    if (arg instanceof OptionSpec option) {
                        for (String name : option.names()) {
                            byOption.computeIfAbsent(name, n -> new HashMap<>()).put(value, mapped);
                        }
                    } else {
                        positional.put(value, mapped);
                    }
                }
            }
        }
        List<String> result = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String previous = i == 0 ? "" : args.get(i - 1);
            int equals = arg.indexOf('=');
            if (FILE_LIST_OPTIONS.contains(previous) && !arg.equals("shipped")) {
                List<String> items = new ArrayList<>();
                for (String item : arg.split(",", -1)) {
                    int at = item.lastIndexOf('@');
                    String file = at < 0 ? item : item.substring(0, at);
                    items.add(dir.resolve(file) + (at < 0 ? "" : item.substring(at)));
                }
                result.add(String.join(",", items));
            } else if (byOption.containsKey(previous) && byOption.get(previous).containsKey(arg)) {
                result.add(byOption.get(previous).get(arg).toString());
            } else if (arg.startsWith("-") && equals > 0 && byOption.containsKey(arg.substring(0, equals))
                    && byOption.get(arg.substring(0, equals)).containsKey(arg.substring(equals + 1))) {
                result.add(arg.substring(0, equals + 1)
                        + byOption.get(arg.substring(0, equals)).get(arg.substring(equals + 1)));
            } else if (positional.containsKey(arg) && !commandNames.contains(arg) && !takingValues.contains(previous)) {
                result.add(positional.get(arg).toString());
            } else {
                result.add(arg);
            }
        }
        if (args.contains("reproduce") && !leaf.hasMatchedOption("--report") && !leaf.hasMatchedOption("--no-report")) {
            result.add("--report");
            result.add(dir.resolve("heaplab-results").resolve(leaf.commandSpec().name()).toString());
        }
        return result;
    }

    private static boolean isPath(ArgSpec arg) {
        if (arg.type() == Path.class) {
            return true;
        }
        Class<?>[] aux = arg.auxiliaryTypes();
        return aux != null && aux.length == 1 && aux[0] == Path.class;
    }

    private static Set<String> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).collect(java.util.stream.Collectors.toCollection(TreeSet::new));
        }
    }

    @Test
    void theReadmeLinksEveryDocsPageAndEveryLinkResolves() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        for (Path doc : DocsBlocks.docs(ROOT)) {
            if (!doc.getFileName().toString().equals("README.md")) {
                assertThat(readme).as("README.md links %s", ROOT.relativize(doc))
                        .contains("](" + ROOT.relativize(doc) + ")");
            }
            Matcher link = Pattern.compile("\\]\\(([^)#\\s]*)(?:#([^)\\s]*))?\\)").matcher(Files.readString(doc));
            while (link.find()) {
                String target = link.group(1);
                if (target.contains("://")) {
                    continue;
                }
                Path file = target.isEmpty() ? doc : doc.getParent().resolve(target).normalize();
                assertThat(file).as("%s links %s", ROOT.relativize(doc), target).exists();
                if (link.group(2) != null) {
                    assertThat(anchors(file)).as("%s links %s#%s", ROOT.relativize(doc), target, link.group(2))
                            .contains(link.group(2));
                }
            }
        }
    }

    /** The anchors GitHub gives a page's headings: lower case, punctuation dropped, blanks made hyphens. */
    private static Set<String> anchors(Path doc) throws IOException {
        Set<String> anchors = new HashSet<>();
        for (String line : Files.readAllLines(doc)) {
            if (line.startsWith("#")) {
                String title = line.replaceFirst("^#+\\s*", "").strip().toLowerCase(Locale.ROOT);
                anchors.add(title.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
            }
        }
        return anchors;
    }
}
