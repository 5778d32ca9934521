package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Keeps what the command writes out of the source tree: a result committed by mistake (a sweep's table, a report)
 * fails the build. Reads the files git tracks, so it needs a checkout; outside one it is skipped.
 */
class TreeHygieneTest {

    /** What the root holds: the modules, the docs, the examples and the project's own files. */
    private static final Set<String> ROOT_ENTRIES = Set.of(".ci", ".gitignore", ".mvn", "LICENSE", "README.md",
            "acceptance", "allocators", "benchmarks", "cli", "core", "docs", "examples", "heaplab", "paging",
            "pom.xml", "reports", "scripts", "spark", "studies", "sweep", "system", "testkit", "traces", "workloads");

    /** The names heaplab gives its result files, and JMH's; they belong in test resources only, as golden files. */
    private static final Pattern RESULT_FILE = Pattern.compile(
            "(table\\.(csv|jsonl)|sweep\\.json|report\\.csv|index\\.html|jmh-result\\.json|[^/]*\\.partial)");

    private static List<String> tracked;

    @BeforeAll
    static void trackedFiles() throws IOException, InterruptedException {
        Process git;
        try {
            git = new ProcessBuilder("git", "ls-files", "-z").directory(Launch.ROOT.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException noGit) {
            tracked = List.of();
            return;
        }
        git.getOutputStream().close();
        String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        boolean ended = git.waitFor(60, TimeUnit.SECONDS);
        tracked = ended && git.exitValue() == 0 ? Arrays.stream(out.split("\0")).filter(s -> !s.isEmpty()).toList()
                : List.of();
    }

    @Test
    void theRootHoldsOnlyTheProjectsOwnEntries() {
        assumeTrue(!tracked.isEmpty(), "not a git checkout");
        Set<String> entries = new TreeSet<>();
        tracked.forEach(path -> entries.add(path.split("/", 2)[0]));
        assertThat(entries).as("top-level entries git tracks (a new module or file belongs in ROOT_ENTRIES;"
                + " a command's output belongs nowhere)").isSubsetOf(ROOT_ENTRIES);
    }

    @Test
    void resultFilesAreTrackedOnlyAsTestResources() {
        assumeTrue(!tracked.isEmpty(), "not a git checkout");
        List<String> stray = tracked.stream()
                .filter(path -> RESULT_FILE.matcher(path.substring(path.lastIndexOf('/') + 1)).matches())
                .filter(path -> !path.contains("/src/test/resources/"))
                .toList();
        assertThat(stray).as("result files committed outside test resources").isEmpty();
    }
}
