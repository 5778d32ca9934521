package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicNode;

/**
 * Every figure and ordering the docs state about a result, rendered here from the JSON of the docs command that
 * gives it, and required to appear in the doc word for word (blanks collapsed). When a result changes, the check
 * fails and prints the sentence as the new run would have it; when a sentence is edited, its rendering here must
 * be edited with it. A claim that no longer holds renders as its denial, so the doc cannot contain it.
 */
final class DocsFindings {

    /** The run whose figures docs/reproduce-brent.md quotes. */
    static final String BRENT = "./heaplab reproduce brent --pqsim-seconds 200 --json brent.json --no-report";
    /** TRIDIAG's earlier model, for the comparison docs/reproduce-brent.md makes. */
    static final String BRENT_SWEEP = "./heaplab reproduce brent --tridiag-model sweep --strategies"
            + " stack,random,nofree,mru --pqsim-seconds 20 --json brent-sweep.json --no-report";
    /** The run whose figures docs/reproduce-fits.md quotes: the report's medium and low loads, untimed. */
    static final String FITS = "./heaplab reproduce fits --loads 20000,7000 --repeats 0 --json fits.json --no-report";
    /** The run whose figures docs/reproduce-purdom.md and the README quote. */
    static final String PURDOM = "./heaplab reproduce purdom --json purdom.json --no-report";
    /** The balanced regime's scales as the full study's search finds them, which the docs' runs take. */
    static final String CARR_SCALES = "2.11,0.751,10700";
    /** The run whose figures docs/reproduce-carr.md and the README quote: the whole study on three thetas. */
    static final String CARR = "./heaplab reproduce carr --calibration " + CARR_SCALES + " --thetas 100,400,2000"
            + " --irim 5000 --json carr.json --no-report";
    /** The policies beyond the paper, in the balanced regime on configuration B. */
    static final String CARR_BEYOND = "./heaplab reproduce carr --regime balanced --calibration " + CARR_SCALES
            + " --configurations B --thetas 400 --policies all --json carr-beyond.json --no-report";
    /** The Table 1 regime with a paging device twice as fast. */
    static final String CARR_DEVICE = "./heaplab reproduce carr --regime table1 --tasks 10 --thetas 100,1000"
            + " --device-scale 0.5 --json carr-device.json --no-report";
    /** The Table 1 regime's configuration B with three times Carr's frames. */
    static final String CARR_FRAMES = "./heaplab reproduce carr --regime table1 --configurations B --tasks 10"
            + " --thetas 100,1000 --frames-scale 3 --json carr-frames.json --no-report";
    /** The sweep docs/sweeps.md shows, its file and the first rows of its table. */
    static final String SWEEP = "./heaplab sweep examples/sweeps/mru.yaml --out mru";
    /** The sweep file docs/sweeps.md shows. */
    static final String SWEEP_FILE = "examples/sweeps/mru.yaml";

    /**
     * The replay of the large trace docs/benchmarks.md compares with libCacheSim on (made before it, as the peer
     * script makes it) under LRU at the comparison's four sizes: its pages and misses.
     */
    static final String ZIPF_REPLAY = "./heaplab trace replay zipf.hlt -p lru:frames=1000,10000,100000,500000"
            + " --json zipf.json";

    /** TRIDIAG's allocations in Brent's paper (section 3.1; brent-mru.json, workloadFacts). */
    static final long PAPER_TRIDIAG_ALLOCATIONS = 1_803_213;
    /** The most blocks Brent's TRIDIAG held at once (section 3.1). */
    static final long PAPER_TRIDIAG_PEAK = 545_777;
    /** RANDOM's faults per allocation in Brent's Table 3.1, at 2000 and 4000 frames. */
    static final String PAPER_RANDOM_PER_ALLOCATION = "3.9 and 0.83";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> CURRENT_PAGE = Set.of("mru", "least-free", "most-free");

    /** One sentence (or part of one) of {@code doc}, rendered from the JSON {@code file} that {@code command} wrote. */
    private record Finding(String doc, String command, String file, Function<JsonNode, String> render) {
    }

    private DocsFindings() {
    }

    static List<DynamicNode> checks(Path root) {
        List<Finding> findings = new ArrayList<>();
        brent(findings);
        purdom(findings);
        carr(findings);
        fits(findings);
        sweep(findings, root);
        largeTrace(findings);
        mallocValidation(findings);
        List<DynamicNode> tests = new ArrayList<>();
        for (int i = 0; i < findings.size(); i++) {
            Finding finding = findings.get(i);
            tests.add(dynamicTest(finding.doc() + ", finding " + (i + 1), () -> {
                DocsCommandsTest.Ran ran = DocsCommandsTest.RAN.get(finding.command());
                assertThat(ran).as("%s is not run by the docs check: does %s still show it?", finding.command(),
                        finding.doc()).isNotNull();
                Path file = ran.dir().resolve(finding.file());
                // a table of text (a sweep's CSV) is handed to its rendering as one string
                JsonNode json = finding.file().endsWith(".json") ? JSON.readTree(file.toFile())
                        : TextNode.valueOf(Files.readString(file));
                String sentence = finding.render().apply(json);
                assertThat(normalized(root.resolve(finding.doc())).contains(sentence))
                        .as("%s states, word for word, what `%s` gives:%n  %s%n(if the run changed, update the"
                                + " sentence; if the sentence was edited, update its rendering in DocsFindings)",
                                finding.doc(), finding.command(), sentence).isTrue();
            }));
        }
        return tests;
    }

    private static String normalized(Path doc) {
        try {
            return Files.readString(doc).replaceAll("\\s+", " ");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---------------------------------------------------------------- the sweep of docs/sweeps.md

    private static void sweep(List<Finding> findings, Path root) {
        // the sweep file as docs/sweeps.md shows it, and the first rows of the table its run wrote
        findings.add(new Finding("docs/sweeps.md", SWEEP, "mru/table.csv", csv -> {
            try {
                return Files.readString(root.resolve(SWEEP_FILE)).replaceAll("\\s+", " ").strip();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }));
        findings.add(new Finding("docs/sweeps.md", SWEEP, "mru/table.csv", csv -> String.join(" ",
                csv.asText().lines().limit(5).toList()).replaceAll("\\s+", " ")));
    }

    // ---------------------------------------------------------------- the models beside the real allocators

    /**
     * The validation table of docs/malloc-traces.md, the models' half on the shipped traces: each trace's calls and
     * live bytes, and each model's heap and pages touched, as the docs' replays give them.
     */
    private static void mallocValidation(List<Finding> findings) {
        String doc = "docs/malloc-traces.md";
        String[][] traces = {{"tcc-compile", "v-tcc"}, {"python-json", "v-python"}, {"sort-lines", "v-sort"}};
        for (String[] trace : traces) {
            String command = "./heaplab malloc replay examples/malloc-traces/" + trace[0] + ".hmt -a"
                    + " slab,dlmalloc,jemalloc,mimalloc -p lru:frames=16 --repeat 0 --json " + trace[1] + ".json";
            String name = trace[0] + ".hmt";
            findings.add(new Finding(doc, command, trace[1] + ".json", json -> {
                JsonNode run = json.get("runs").get(0);
                return String.format(Locale.ROOT, "| %s | %,d | %,.0f |", name,
                        run.get("allocations").asLong() + run.get("frees").asLong(),
                        run.get("peakLiveBytes").asDouble() / 1024);
            }));
            for (String model : new String[] {"dlmalloc", "jemalloc", "mimalloc", "slab"}) {
                findings.add(new Finding(doc, command, trace[1] + ".json", json -> {
                    for (JsonNode run : json.get("runs")) {
                        if (run.get("allocator").asText().equals(model)) {
                            return String.format(Locale.ROOT, "| %s | %s | %,.0f | %,.0f |", name, model,
                                    run.get("fragmentation").get("peakHeapBytes").asDouble() / 1024,
                                    run.get("pagesTouched").asDouble() * run.get("pageSize").asInt() / 1024);
                        }
                    }
                    return "no run of " + model;
                }));
            }
        }
    }

    // ---------------------------------------------------------------- the large trace of docs/benchmarks.md

    private static void largeTrace(List<Finding> findings) {
        String doc = "docs/benchmarks.md";
        findings.add(new Finding(doc, ZIPF_REPLAY, "zipf.json", json ->
                f("| | 10 M references, %,d objects |", json.get("distinctPages").asLong())));
        findings.add(new Finding(doc, ZIPF_REPLAY, "zipf.json", json -> {
            List<String> misses = new ArrayList<>();
            json.get("faults").forEach(faults -> misses.add(f("%,d", faults.asLong())));
            assertThat(misses).as("LRU at the four sizes").hasSize(4);
            return "are the same at every one (" + String.join(" · ", misses) + " on the small trace;";
        }));
    }

    // ---------------------------------------------------------------- Brent

    private static void brent(List<Finding> findings) {
        String doc = "docs/reproduce-brent.md";
        String file = "brent.json";
        findings.add(new Finding(doc, BRENT, file, json -> {
            JsonNode p = json.get("parameters");
            int seconds = p.get("pqsimSeconds").asInt();
            return f("seed %s with TRIDIAG %s and PQSIM %s (%d simulated seconds, faults counted over the last %d)",
                    p.get("seeds").size() == 1 ? p.get("seeds").get(0).asText() : p.get("seeds").toString(),
                    p.get("tridiagN").asInt() == 128 ? "at the paper's size" : "of order " + p.get("tridiagN"),
                    seconds * 10 == 2000 ? "a tenth of the paper's length" : seconds + " seconds long",
                    seconds, seconds / 2);
        }));
        findings.add(new Finding(doc, BRENT, file, json -> {
            JsonNode run = row(json, "3.1", "stack").get("runs").get(0);
            long allocations = run.get("allocations").asLong();
            long change = Math.round(100.0 * allocations / PAPER_TRIDIAG_ALLOCATIONS - 100);
            return f("TRIDIAG makes %d allocations, %d%% %s than the paper's %d, and holds at most %d cells at once"
                            + " against the paper's %d.", allocations, Math.abs(change), change < 0 ? "fewer" : "more",
                    PAPER_TRIDIAG_ALLOCATIONS, run.get("peakLiveBlocks").asLong(), PAPER_TRIDIAG_PEAK);
        }));
        findings.add(new Finding(doc, BRENT, file, json -> {
            JsonNode table = table(json, "3.1");
            if (table.get("frames").equals(table.get("paperFrames"))) {
                return "TRIDIAG runs at the paper's memory sizes";
            }
            return f("The paper's %s frames would hold all of it, so the study keeps the paper's ratio of memory to"
                    + " virtual size: %s frames stand for the paper's %s.", and(table.get("paperFrames")),
                    and(table.get("frames")), and(table.get("paperFrames")));
        }));
        findings.add(new Finding(doc, BRENT, file, json -> {
            JsonNode random = row(json, "3.1", "random");
            double allocations = random.get("runs").get(0).get("allocations").asDouble();
            List<String> parts = new ArrayList<>();
            for (JsonNode frames : table(json, "3.1").get("frames")) {
                parts.add(f("%.2f", random.get("measured").get("faults").get(frames.asText()).get("mean").asDouble()
                        / allocations));
            }
            JsonNode frames = table(json, "3.1").get("frames");
            return f("RANDOM faults %s times per allocation at %s frames and %s at %s (the paper: %s).", parts.get(0),
                    frames.get(0).asText(), parts.get(1), frames.get(1).asText(), PAPER_RANDOM_PER_ALLOCATION);
        }));
        findings.add(new Finding(doc, BRENT, file, json -> {
            long others = 0;
            long smallest = Long.MAX_VALUE;
            for (JsonNode row : table(json, "3.1").get("rows")) {
                if (!name(row).equals("nofree")) {
                    others = Math.max(others, virtualPages(row));
                    smallest = Math.min(smallest, virtualPages(row));
                }
            }
            JsonNode nofree = row(json, "3.1", "nofree");
            if (others != smallest) {
                return "the strategies other than NOFREE differ in virtual size";
            }
            return f("Its virtual size is %d pages against the paper's %d, and NOFREE's %d against %d, %.1f times"
                            + " the others', as the paper says.", others,
                    row(json, "3.1", "stack").get("published").get("virtualPages").asLong(), virtualPages(nofree),
                    nofree.get("published").get("virtualPages").asLong(), (double) virtualPages(nofree) / others)
                    + (claim(json, "On TRIDIAG, NOFREE needs several times").get("holds").asBoolean() ? ""
                    : " (the claim is marked DISAGREES)");
        }));
        findings.add(new Finding(doc, BRENT, file, json -> {
            JsonNode table = table(json, "3.1");
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < table.get("frames").size(); i++) {
                String f = table.get("frames").get(i).asText();
                String paperFrames = table.get("paperFrames").get(i).asText();
                List<String> measured = new ArrayList<>();
                List<String> published = new ArrayList<>();
                for (JsonNode row : table.get("rows")) {
                    if (name(row).equals("random")) {
                        continue;
                    }
                    measured.add(f("%s %.3f", upper(row), normalized(row, f)));
                    if (row.get("published").isObject()) {
                        published.add(f("%s %.3f", upper(row),
                                row.get("published").get("normalized").get(paperFrames).asDouble()));
                    }
                }
                parts.add(f("%s frames: %s (the paper: %s)", f, String.join(", ", measured),
                        String.join(", ", published)));
            }
            return String.join("; at ", parts);
        }));
        findings.add(new Finding(doc, BRENT, file, json -> {
            for (JsonNode frames : table(json, "3.1").get("frames")) {
                for (JsonNode row : table(json, "3.1").get("rows")) {
                    if (!name(row).equals("random") && normalized(row, frames.asText()) >= 0.5) {
                        return upper(row) + " faults at least half as much as RANDOM";
                    }
                }
            }
            return headlineGap(json) ? "The headline gap appears: MRU's and NOFREE's faults are the small fractions of"
                    + " STACK's the paper found, and the report marks both claims `agrees`."
                    : "a TRIDIAG claim about small fractions DISAGREES";
        }));
        findings.add(new Finding("README.md", BRENT, file, json -> {
            long peak = row(json, "3.1", "stack").get("runs").get(0).get("peakLiveBlocks").asLong();
            return headlineGap(json) && peak < PAPER_TRIDIAG_PEAK / 10 ? "the paper's headline result holds: MRU's and"
                    + " NOFREE's faults are small fractions of STACK's, at the paper's ratio of memory to virtual size;"
                    + " but the program holds n^2 cells at its peak where Brent's held n^3"
                    : "a TRIDIAG claim about small fractions DISAGREES, or the peak is near Brent's";
        }));
        findings.add(new Finding(doc, BRENT_SWEEP, "brent-sweep.json", json -> {
            JsonNode table = table(json, "3.1");
            List<String> parts = new ArrayList<>();
            for (JsonNode frames : table.get("frames")) {
                List<String> measured = new ArrayList<>();
                for (String strategy : List.of("stack", "nofree", "mru")) {
                    measured.add(f("%s %.3f", strategy.toUpperCase(Locale.ROOT),
                            normalized(row(json, "3.1", strategy), frames.asText())));
                }
                parts.add(f("%s frames %s", frames.asText(), String.join(", ", measured)));
            }
            boolean gap = claim(json, "On TRIDIAG, MRU's").get("holds").asBoolean()
                    || claim(json, "On TRIDIAG, NOFREE's").get("holds").asBoolean();
            return f("Normalized to RANDOM's, the sweep model gives at %s: %s.", String.join(" and at ", parts),
                    gap ? "a claim about small fractions agrees" : "there the gap does not appear, and the report"
                            + " marks both claims `DISAGREES`");
        }));
        findings.add(new Finding(doc, BRENT, file, json -> {
            JsonNode table = table(json, "3.1");
            List<String> parts = new ArrayList<>();
            for (JsonNode frames : table.get("frames")) {
                String f = frames.asText();
                List<String> measured = new ArrayList<>();
                for (String strategy : List.of("stack", "nofree", "mru")) {
                    JsonNode row = row(json, "3.1", strategy);
                    measured.add(f("%s %.0f (%.3f)", strategy.toUpperCase(Locale.ROOT), row.get("measured")
                            .get("faultsBeyondFirstTouch").get(f).get("mean").asDouble(), row.get("measured")
                            .get("normalizedBeyondFirstTouch").get(f).get("mean").asDouble()));
                }
                parts.add(f("at %s frames %s", f, String.join(", ", measured)));
            }
            return "Without first-touch faults, normalized in brackets: " + String.join("; ", parts);
        }));
        findings.add(new Finding(doc, BRENT, file, json -> {
            JsonNode table = table(json, "3.1");
            List<String> parts = new ArrayList<>();
            for (JsonNode frames : table.get("frames")) {
                String f = frames.asText();
                List<String> measured = new ArrayList<>();
                for (String strategy : List.of("stack", "nofree", "mru")) {
                    JsonNode m = row(json, "3.1", strategy).get("measured");
                    measured.add(f("%s %.0f (%.3f)", strategy.toUpperCase(Locale.ROOT),
                            m.get("faultsDisposePaged").get(f).get("mean").asDouble(),
                            m.get("normalizedDisposePaged").get(f).get("mean").asDouble()));
                }
                parts.add(f("at %s frames %s", f, String.join(", ", measured)));
            }
            JsonNode stack = row(json, "3.1", "stack").get("measured");
            boolean same = true;
            for (JsonNode frames : table.get("frames")) {
                same &= stack.get("faultsDisposePaged").get(frames.asText()).get("mean").asDouble()
                        == stack.get("faults").get(frames.asText()).get("mean").asDouble();
            }
            return "With the disposal references paged, normalized in brackets: " + String.join("; ", parts)
                    + (same ? ". STACK's faults are exactly those of the runs that do not page them:"
                    : ". STACK's faults change when they are paged");
        }));
        findings.add(new Finding(doc, BRENT, file, json -> {
            Set<Long> paper = new TreeSet<>();
            long pages = -1;
            for (JsonNode row : table(json, "3.2").get("rows")) {
                if (row.get("published").isObject() && !name(row).equals("nofree")) {
                    paper.add(row.get("published").get("virtualPages").asLong());
                }
                if (!name(row).equals("nofree")) {
                    if (pages >= 0 && pages != virtualPages(row)) {
                        return "PQSIM's virtual size differs between strategies";
                    }
                    pages = virtualPages(row);
                }
            }
            return f("The virtual size is %d pages for every strategy but NOFREE (the paper: %s).", pages,
                    String.join(" and ", paper.stream().map(String::valueOf).toList()));
        }));
        findings.add(new Finding(doc, BRENT, file, json -> {
            JsonNode table = table(json, "3.2");
            String f = table.get("frames").get(0).asText();
            List<JsonNode> rows = new ArrayList<>();
            table.get("rows").forEach(row -> {
                if (!name(row).equals("random")) {
                    rows.add(row);
                }
            });
            rows.sort(Comparator.comparingDouble(row -> normalized(row, f)));
            boolean currentPageLeast = true;
            for (int i = 0; i < 3; i++) {
                currentPageLeast &= CURRENT_PAGE.contains(name(rows.get(i)));
            }
            return f("At %s frames the %s: %s %.3f of RANDOM's, %s %.3f, %s %.3f, then %s %.3f; %s faults most, %.3f",
                    f, currentPageLeast ? "current-page strategies fault least" : "order is",
                    upper(rows.get(0)), normalized(rows.get(0), f), upper(rows.get(1)), normalized(rows.get(1), f),
                    upper(rows.get(2)), normalized(rows.get(2), f), upper(rows.get(3)), normalized(rows.get(3), f),
                    upper(rows.get(4)), normalized(rows.get(4), f));
        }));
        findings.add(new Finding(doc, BRENT, file, json -> {
            int measuredSeconds = json.get("parameters").get("pqsimSeconds").asInt() / 2;
            boolean holds = claim(json, "After the doubled initial load, MRU's").get("holds").asBoolean();
            return f("the ratio to the normal load is STACK %.2f, RANDOM %.2f, MRU %.2f: over %d measured seconds"
                            + " MRU %s (the paper: %.2f), so that claim is marked `%s` in this run",
                    ratio(json, "stack"), ratio(json, "random"), ratio(json, "mru"), measuredSeconds,
                    holds ? "has adapted" : "has not yet adapted",
                    row(json, "3.3", "mru").get("published").get("ratioToNormalLoad").asDouble(),
                    holds ? "agrees" : "DISAGREES");
        }));
        findings.add(new Finding(doc, BRENT, file, json -> {
            JsonNode d = row(json, "3.1", "random").get("runs").get(0).get("diagnostics");
            JsonNode ages = d.get("visits").get("ages");
            long young = 0;
            long old = 0;
            for (JsonNode bucket : ages.get("buckets")) {
                young += bucket.get("to").asLong() < 256 ? bucket.get("count").asLong() : 0;
                old += bucket.get("from").asLong() >= 4096 ? bucket.get("count").asLong() : 0;
            }
            double all = ages.get("count").asDouble();
            return f("Of the %d blocks TRIDIAG reads, %.1f%% are younger than 256 allocations (three pages of cells)"
                    + " and %.1f%% older than 4096", ages.get("count").asLong(), 100 * young / all, 100 * old / all);
        }));
        findings.add(new Finding(doc, BRENT, file, json -> {
            String frames = table(json, "3.2").get("frames").get(0).asText();
            String policy = "lru:frames=" + frames;
            List<String> parts = new ArrayList<>();
            for (String strategy : List.of("stack", "random", "mru")) {
                JsonNode d = row(json, "3.2", strategy).get("runs").get(0).get("diagnostics");
                long all = 0;
                long distance = 0;
                double insert = 0;
                double delete = 0;
                for (JsonNode phase : d.get("phases")) {
                    long faults = phase.get("faults").get(policy).asLong();
                    all += faults;
                    String name = phase.get("name").asText();
                    distance += name.equals("distance reads") ? faults : 0;
                    insert = name.equals("insert") ? (double) faults / phase.get("entries").asLong() : insert;
                    delete = name.equals("delete-min") ? (double) faults / phase.get("entries").asLong() : delete;
                }
                parts.add(f("%s %.2f, %.2f and %.0f%%", strategy.toUpperCase(Locale.ROOT), insert, delete,
                        100.0 * distance / all));
            }
            return f("At %s frames an insert faults, a delete-min faults, and the reads of the children's dist fields"
                    + " cause: %s", frames, String.join("; ", parts));
        }));
        findings.add(new Finding(doc, BRENT, file, json -> {
            List<String> parts = new ArrayList<>();
            for (String strategy : List.of("stack", "random", "mru")) {
                parts.add(f("%s's at %d", strategy.toUpperCase(Locale.ROOT),
                        row(json, "3.2", strategy).get("paperFaultsReachedAtFrames").asInt()));
            }
            return "On our LRU curves the paper's counts, scaled to the run's length, are reached only at more frames"
                    + " than the paper's 50: " + String.join(", ", parts);
        }));
    }

    /** Whether both of Brent's TRIDIAG claims about small fractions of STACK's faults hold. */
    private static boolean headlineGap(JsonNode json) {
        return claim(json, "On TRIDIAG, MRU's").get("holds").asBoolean()
                && claim(json, "On TRIDIAG, NOFREE's").get("holds").asBoolean();
    }

    /** "a and b" from a JSON array of two or more. */
    private static String and(JsonNode values) {
        List<String> texts = new ArrayList<>();
        values.forEach(v -> texts.add(v.asText()));
        return String.join(", ", texts.subList(0, texts.size() - 1)) + " and " + texts.getLast();
    }

    private static JsonNode table(JsonNode json, String id) {
        for (JsonNode table : json.get("tables")) {
            if (table.get("table").asText().equals(id)) {
                return table;
            }
        }
        throw new AssertionError("no table " + id);
    }

    private static JsonNode row(JsonNode json, String table, String strategy) {
        for (JsonNode row : table(json, table).get("rows")) {
            if (name(row).equals(strategy)) {
                return row;
            }
        }
        throw new AssertionError("no row " + strategy + " in table " + table);
    }

    private static String name(JsonNode row) {
        return row.get("strategy").asText();
    }

    private static String upper(JsonNode row) {
        return name(row).toUpperCase(Locale.ROOT);
    }

    private static long virtualPages(JsonNode row) {
        return Math.round(row.get("measured").get("virtualPages").get("mean").asDouble());
    }

    private static double normalized(JsonNode row, String frames) {
        return row.get("measured").get("normalized").get(frames).get("mean").asDouble();
    }

    private static double ratio(JsonNode json, String strategy) {
        return row(json, "3.3", strategy).get("measured").get("ratioToNormalLoad").get("mean").asDouble();
    }

    private static JsonNode claim(JsonNode json, String prefix) {
        for (JsonNode claim : json.get("claims")) {
            if (claim.get("claim").asText().startsWith(prefix)) {
                return claim;
            }
        }
        throw new AssertionError("no claim starting " + prefix);
    }

    // ---------------------------------------------------------------- Carr & Hennessy

    private static void carr(List<Finding> findings) {
        String doc = "docs/reproduce-carr.md";
        for (String d : List.of(doc, "README.md")) {
            findings.add(new Finding(d, CARR, "carr.json", json -> "In the balanced regime, " + peaks(regime(json,
                    "balanced")) + "; in the Table 1 regime, " + peaks(regime(json, "table1"))));
            findings.add(new Finding(d, CARR, "carr.json", json -> f("%s of the paper's claims about its figures agree"
                    + " in the balanced regime and %s in the Table 1 regime", agreeing(json, "balanced"),
                    agreeing(json, "table1"))));
        }
        findings.add(new Finding(doc, CARR, "carr.json", json -> {
            JsonNode calibration = regime(json, "balanced").get("calibration");
            List<String> u = new ArrayList<>();
            List<String> mpl = new ArrayList<>();
            List<String> deactivations = new ArrayList<>();
            for (JsonNode o : calibration.get("observed")) {
                u.add(f("%s %.3f", o.get("configuration").asText(), o.get("utilization").asDouble()));
                mpl.add(f("%s %.2f", o.get("configuration").asText(), o.get("meanMpl").asDouble()));
                deactivations.add(f("%s %d", o.get("configuration").asText(), o.get("deactivations").asLong()));
            }
            return f("With a frames scale of %s, a device scale of %s and an I/O request every %s references, WS with"
                            + " LT/RT at Table 2's thetas gives utilization %s (the paper: 0.572, 0.621, 0.613), mean"
                            + " MPL %s (the paper: 4.86, 5.25, 5.53) and %s deactivations (the paper: 137, 77, 11).",
                    scale(calibration.get("framesScale")), scale(calibration.get("deviceScale")),
                    scale(calibration.get("ioInterval")), String.join(", ", u), String.join(", ", mpl),
                    String.join(", ", deactivations));
        }));
        findings.add(new Finding(doc, CARR, "carr.json", json -> {
            int tasks = json.get("parameters").get("tasks").asInt();
            JsonNode balanced = regime(json, "balanced");
            double[] faults = faultsAtPeaks(balanced, tasks);
            double scale = balanced.get("framesScale").asDouble();
            double[] table1 = faultsAtPeaks(regime(json, "table1"), tasks);
            return f("At WS with LT/RT's peaks a task of the balanced regime faults %.0f to %.0f times, %.0f to %.0f"
                    + " in Carr's pages (ours over the frames scale; the paper's tasks: 79 to 157), where a task of the"
                    + " Table 1 regime faults %.0f to %.0f times", faults[0], faults[1], faults[0] / scale,
                    faults[1] / scale, table1[0], table1[1]);
        }));
        findings.add(new Finding(doc, CARR, "carr.json", json -> {
            List<String> parts = new ArrayList<>();
            for (String key : List.of("balanced", "table1")) {
                JsonNode regime = regime(json, key);
                List<String> each = new ArrayList<>();
                for (String c : List.of("A", "B", "C")) {
                    JsonNode ablation = ablation(regime, c);
                    each.add(f("%s: pure WS %.3f, WS with LT/RT %.3f, pure WS told each new task's working set"
                            + " %.3f%s", c, peak(curve(regime, c, "WS"), "utilization"),
                            peak(curve(regime, c, "WS_LTRT"), "utilization"), ablation.get("knownLocality").asDouble(),
                            ablation.has("undeferred") ? f(", WS with LT/RT ending slices when they end %.3f",
                                    ablation.get("undeferred").asDouble()) : ""));
                }
                parts.add("in the " + (key.equals("table1") ? "Table 1" : key) + " regime, " + String.join("; ",
                        each));
            }
            return "At the peaks, " + String.join("; and ", parts) + ".";
        }));
        findings.add(new Finding(doc, CARR, "carr.json", json -> {
            JsonNode table1 = regime(json, "table1");
            double[] busy = {Double.MAX_VALUE, 0};
            double[] mpl = {Double.MAX_VALUE, 0};
            for (JsonNode curve : table1.get("curves")) {
                if (!curve.path("published").isObject()) {
                    continue;
                }
                JsonNode peak = peakPoint(curve);
                range(mpl, peak.get("meanMpl").get("mean").asDouble());
                for (JsonNode run : peak.get("runs")) {
                    range(busy, run.get("pagingBusy").asDouble());
                }
            }
            return f("In the Table 1 regime the paging device is busy %.2f to %.2f of the time at the peaks, and the"
                    + " mean multiprogramming level is %.2f to %.2f (the paper's: 4.39 to 5.53).", busy[0], busy[1],
                    mpl[0], mpl[1]);
        }));
        findings.add(new Finding(doc, CARR, "carr.json", json -> {
            List<String> parts = new ArrayList<>();
            for (String key : List.of("balanced", "table1")) {
                JsonNode regime = regime(json, key);
                List<String> each = new ArrayList<>();
                for (String c : List.of("A", "B", "C")) {
                    JsonNode clock = curve(regime, c, "WSCLOCK");
                    long free = 0;
                    long reads = 0;
                    for (JsonNode run : peakPoint(clock).get("runs")) {
                        free += run.get("freeFrames").asLong();
                        reads += run.get("replacements").asLong();
                    }
                    each.add(f("%s %.1f (%.0f%% of its reads found a free frame)", c, peak(clock, "pointerTravel"),
                            100.0 * free / reads));
                }
                parts.add((key.equals("table1") ? "Table 1" : key) + ": " + String.join(", ", each));
            }
            return "WSCLOCK's pointer travel at its peaks (the paper: A 12.6, B 13.2, C 12.4) is, "
                    + String.join("; ", parts);
        }));
        findings.add(new Finding(doc, CARR_FRAMES, "carr-frames.json", json -> {
            int tasks = json.get("parameters").get("tasks").asInt();
            double[] faults = faultsAtPeaks(regime(json, "table1"), tasks);
            return f("with three times Carr's frames (`--frames-scale 3`, configuration B) the tasks still fault %s"
                    + " times each at the peaks", Math.round(faults[0]) == Math.round(faults[1])
                    ? f("%.0f", faults[0]) : f("%.0f to %.0f", faults[0], faults[1]));
        }));
        findings.add(new Finding(doc, CARR_DEVICE, "carr-device.json", json -> {
            JsonNode table1 = regime(json, "table1");
            List<String> parts = new ArrayList<>();
            double[] mpl = {Double.MAX_VALUE, 0};
            for (String c : List.of("A", "B", "C")) {
                JsonNode ws = curve(table1, c, "WS_LTRT");
                JsonNode clock = curve(table1, c, "WSCLOCK");
                parts.add(f("%s %.3f and %.3f", c, peak(ws, "utilization"), peak(clock, "utilization")));
                range(mpl, peak(ws, "meanMpl"));
                range(mpl, peak(clock, "meanMpl"));
            }
            int agree = 0;
            for (JsonNode claim : json.get("claims")) {
                agree += claim.get("holds").asBoolean() ? 1 : 0;
            }
            return f("With the device twice as fast (`--device-scale 0.5`) WS with LT/RT and WSCLOCK peak at %s, the"
                    + " mean multiprogramming level at %.2f to %.2f, and %d of the %d claims agree.",
                    String.join("; ", parts), mpl[0], mpl[1], agree, json.get("claims").size());
        }));
        findings.add(new Finding(doc, CARR_BEYOND, "carr-beyond.json", json -> {
            JsonNode balanced = regime(json, "balanced");
            return f("On configuration B in the balanced regime at theta 400,000, PFF gives %.3f, global CLOCK %.3f, WS"
                    + " with LT/RT %.3f and WSCLOCK %.3f", peak(curve(balanced, "B", "PFF"), "utilization"),
                    peak(curve(balanced, "B", "CLOCK"), "utilization"),
                    peak(curve(balanced, "B", "WS_LTRT"), "utilization"),
                    peak(curve(balanced, "B", "WSCLOCK"), "utilization"));
        }));
        findings.add(new Finding(doc, CARR, "carr.json", json -> {
            List<String> parts = new ArrayList<>();
            for (String key : List.of("balanced", "table1")) {
                JsonNode irim = regime(json, key).get("irim");
                double paperPolicies = 0;
                for (JsonNode e : irim.get("errors")) {
                    if (Set.of("WS", "WS_LTRT", "WSCLOCK").contains(e.get("policy").asText())) {
                        paperPolicies = Math.max(paperPolicies, e.get("meanUtilizationError").asDouble());
                    }
                }
                parts.add(f("%s, %.0f times shorter (%.2f periods and %.2f writes per 1,000 references), off by up to"
                        + " %.1f%%", key.equals("table1") ? "in the Table 1 regime" : "in the balanced regime",
                        irim.get("compaction").asDouble(), irim.get("periodsPerThousand").asDouble(),
                        irim.get("writesPerThousand").asDouble(), 100 * paperPolicies));
            }
            return "the IRIM strings are, " + String.join("; ", parts);
        }));
    }

    private static JsonNode regime(JsonNode json, String key) {
        for (JsonNode regime : json.get("regimes")) {
            if (regime.get("regime").asText().equals(key)) {
                return regime;
            }
        }
        throw new AssertionError("no regime " + key);
    }

    private static JsonNode ablation(JsonNode regime, String configuration) {
        for (JsonNode a : regime.get("ablations")) {
            if (a.get("configuration").asText().equals(configuration)) {
                return a;
            }
        }
        throw new AssertionError("no ablation " + configuration);
    }

    /** Peak utilization of WS with LT/RT and WSCLOCK per configuration, beside Table 2's. */
    private static String peaks(JsonNode regime) {
        List<String> parts = new ArrayList<>();
        for (String c : List.of("A", "B", "C")) {
            JsonNode ws = curve(regime, c, "WS_LTRT");
            JsonNode clock = curve(regime, c, "WSCLOCK");
            parts.add(f("%s %.3f and %.3f (the paper: %.3f and %.3f)", c, peak(ws, "utilization"),
                    peak(clock, "utilization"), ws.get("published").get("utilization").asDouble(),
                    clock.get("published").get("utilization").asDouble()));
        }
        return "peak processor utilization of WS with LT/RT and WSCLOCK is " + String.join("; ", parts);
    }

    /** "N of 5" claims about the paper's figures (the IRIM's left out) that agree in {@code key}. */
    private static String agreeing(JsonNode json, String key) {
        int agree = 0;
        int all = 0;
        for (JsonNode claim : json.get("claims")) {
            String text = claim.get("claim").asText();
            if (!text.startsWith("[" + key + "] ") || text.contains("IRIM")) {
                continue;
            }
            all++;
            agree += claim.get("holds").asBoolean() ? 1 : 0;
        }
        return f("%d of %d", agree, all);
    }

    /** The least and most faults a task at the peaks of WS with LT/RT and WSCLOCK, over the configurations. */
    private static double[] faultsAtPeaks(JsonNode regime, int tasks) {
        double[] faults = {Double.MAX_VALUE, 0};
        for (JsonNode curve : regime.get("curves")) {
            if (curve.path("published").isObject()) {
                range(faults, peak(curve, "pageFaults") / tasks);
            }
        }
        return faults;
    }

    /** A scale as the docs write it: a whole number with thousands separators, else as the calibration prints it. */
    private static String scale(JsonNode value) {
        double v = value.asDouble();
        return v == Math.rint(v) ? f("%,d", (long) v) : new java.math.BigDecimal(v)
                .round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }

    private static JsonNode curve(JsonNode regime, String configuration, String policy) {
        for (JsonNode curve : regime.get("curves")) {
            if (curve.get("configuration").asText().equals(configuration)
                    && curve.get("policy").asText().equals(policy)) {
                return curve;
            }
        }
        throw new AssertionError("no curve " + configuration + " " + policy);
    }

    private static JsonNode peakPoint(JsonNode curve) {
        for (JsonNode point : curve.get("points")) {
            if (point.get("theta").asLong() == curve.get("peakTheta").asLong()) {
                return point;
            }
        }
        throw new AssertionError("no peak point");
    }

    private static double peak(JsonNode curve, String measure) {
        return peakPoint(curve).get(measure).get("mean").asDouble();
    }

    private static void range(double[] range, double value) {
        range[0] = Math.min(range[0], value);
        range[1] = Math.max(range[1], value);
    }

    // ---------------------------------------------------------------- Purdom

    private static final String[] METHODS = {"segregated", "firstFit", "buddy"};
    private static final String[] METHOD_NAMES = {"segregated storage", "first fit", "the buddy system"};

    private static void purdom(List<Finding> findings) {
        String doc = "docs/reproduce-purdom.md";
        String file = "purdom.json";
        findings.add(new Finding("README.md", PURDOM, file, json ->
                f("Purdom, Stigler & Cheam's Tables 1-3, %d runs", cells(json).size() * METHODS.length
                        * json.get("parameters").get("seeds").size())));
        findings.add(new Finding(doc, PURDOM, file, json -> {
            JsonNode seeds = json.get("parameters").get("seeds");
            return f("those of the full reproduction, seeds %s-%s;", seeds.get(0).asText(),
                    seeds.get(seeds.size() - 1).asText());
        }));
        findings.add(new Finding(doc, PURDOM, file, json ->
                f("It runs %d cells, %d runs; %d cells of Table 1 are unreadable.", cells(json).size(),
                        cells(json).size() * METHODS.length * json.get("parameters").get("seeds").size(),
                        json.get("tables").get(0).get("unreadable").size())));
        findings.add(new Finding(doc, PURDOM, file, json ->
                f("the mean distance from the paper's is %.3f for segregated storage, %.3f for first fit and %.3f"
                                + " for the buddy system.", distance(json, "segregated", "ratio"),
                        distance(json, "firstFit", "ratio"), distance(json, "buddy", "ratio"))));
        findings.add(new Finding(doc, PURDOM, file, json -> {
            int agree = 0;
            for (JsonNode claim : json.get("claims")) {
                agree += claim.get("holds").asBoolean() ? 1 : 0;
            }
            return f("%d of the paper's %d conclusions agree:", agree, json.get("claims").size());
        }));
        findings.add(new Finding(doc, PURDOM, file, json -> {
            JsonNode claim = purdomClaim(json, "segregated storage and first fit use space almost identically");
            return f("segregated storage and first fit use space %s (mean difference %s; paper: %s)",
                    claim.get("holds").asBoolean() ? "almost identically" : "differently",
                    group(claim.get("evidence"), "mean \\|difference\\| ([0-9.]+)"),
                    group(claim.get("published"), "mean \\|difference\\| ([0-9.]+)"));
        }));
        findings.add(new Finding(doc, PURDOM, file, json -> {
            JsonNode claim = purdomClaim(json, "the buddy system rejects more requests");
            String pattern = "buddy above first fit in (\\d+ of \\d+) heavy cells; largest excess (-?\\d+)%";
            return f("the buddy system rejects more than first fit in %s heavily loaded cells, at most %s%% more"
                            + " (paper: %s%%)%s", group(claim.get("evidence"), pattern),
                    group(claim.get("evidence"), pattern, 2), group(claim.get("published"), pattern, 2),
                    claim.get("holds").asBoolean() ? "" : ", which DISAGREES");
        }));
        findings.add(new Finding(doc, PURDOM, file, json -> {
            JsonNode claim = purdomClaim(json, "first fit searches far more");
            String pattern = "searches ([0-9.]+) on average";
            return f("first fit searches %s times as much as the buddy system under heavy load of small blocks"
                            + " (paper: %s)%s", group(claim.get("evidence"), pattern),
                    group(claim.get("published"), pattern), claim.get("holds").asBoolean() ? "" : ", which DISAGREES");
        }));
        findings.add(new Finding(doc, PURDOM, file, json -> {
            JsonNode claim = purdomClaim(json, "the buddy system searches less");
            String pattern = "buddy below segregated in (\\d+) of (\\d+) cells";
            return f("the buddy system searches less than segregated storage in %s of %s cells (paper: %s)%s",
                    group(claim.get("evidence"), pattern), group(claim.get("evidence"), pattern, 2),
                    group(claim.get("published"), pattern), claim.get("holds").asBoolean() ? "" : ", which DISAGREES");
        }));
        findings.add(new Finding(doc, PURDOM, file, json ->
                f("The buddy system's match the paper's to %.2f on average and segregated storage's to %.2f; first"
                                + " fit's do not (%.2f on average)", distance(json, "buddy", "searches"),
                        distance(json, "segregated", "searches"), distance(json, "firstFit", "searches"))));
        findings.add(new Finding(doc, PURDOM, file, json -> {
            double paperLow = Double.MAX_VALUE;
            double paperHigh = 0;
            double low = Double.MAX_VALUE;
            double high = 0;
            for (JsonNode cell : cells(json)) {
                double paper = cell.get("firstFit").get("published").get("searches").asDouble();
                double measured = cell.get("firstFit").get("measured").get("searches").get("mean").asDouble();
                paperLow = Math.min(paperLow, paper);
                paperHigh = Math.max(paperHigh, paper);
                low = Math.min(low, measured);
                high = Math.max(high, measured);
            }
            String played = json.get("parameters").get("methods").get("firstFit").asText();
            return f("the paper's first fit ranges from %.2f to %.2f searches per request, %s from %.2f to %.2f",
                    paperLow, paperHigh, played.equals("first-fit") ? "an address-ordered list's" : played + "'s",
                    low, high);
        }));
        findings.add(new Finding(doc, PURDOM, file, json -> {
            JsonNode claim = purdomClaim(json, "all ratios are 1.00 under light load");
            List<JsonNode> off = new ArrayList<>();
            List<Integer> memories = new ArrayList<>();
            for (JsonNode table : json.get("tables")) {
                for (JsonNode cell : table.get("cells")) {
                    boolean light = true;
                    boolean above = false;
                    for (String method : METHODS) {
                        light &= cell.get(method).get("published").get("ratio").asDouble() < 1.005;
                        above |= cell.get(method).get("measured").get("ratio").get("mean").asDouble() >= 1.005;
                    }
                    if (light && above) {
                        off.add(cell);
                        memories.add(table.get("memoryCells").asInt());
                    }
                }
            }
            if (claim.get("holds").asBoolean() || off.size() != 1) {
                return f("the fifth conclusion %s in %d cells", claim.get("holds").asBoolean() ? "agrees" : "disagrees",
                        off.size());
            }
            JsonNode cell = off.getFirst();
            List<String> rejects = new ArrayList<>();
            for (int m = 0; m < METHODS.length; m++) {
                double share = 100 * (1 - 1 / cell.get(METHODS[m]).get("measured").get("ratio").get("mean").asDouble());
                if (Math.round(share) >= 1) {
                    rejects.add(f(rejects.isEmpty() ? "%s rejects %d%% of requests" : "%s %d%%", METHOD_NAMES[m],
                            Math.round(share)));
                }
            }
            return f("disagrees in 1 cell: at lambda %s, c %s, memory %d, %s where the paper printed 1.00.",
                    number(cell.get("lambda")), number(cell.get("c")), memories.getFirst(),
                    String.join(" and ", rejects));
        }));
        findings.add(new Finding(doc, PURDOM, file, json -> {
            JsonNode claim = purdomClaim(json, "all ratios are 1.00 under light load");
            if (!claim.has("cause")) {
                return "the light-load claim has no cause";
            }
            JsonNode cause = claim.get("cause");
            return f("%s rejected requests in %s seeds there: the cell's mean demand, lambda x c = %s cells, takes %s"
                    + " of its memory (the light cells': %s)", group(cause, "M=\\d+ (.+?) rejected"),
                    group(cause, "in (\\d+ of \\d+) seeds"), group(cause, "lambda x c = (\\S+) cells"),
                    group(cause, "takes (\\d+%) of its memory"), group(cause, "the light cells': ([^)]*)\\)"));
        }));
    }

    private static List<JsonNode> cells(JsonNode json) {
        List<JsonNode> cells = new ArrayList<>();
        json.get("tables").forEach(table -> table.get("cells").forEach(cells::add));
        return cells;
    }

    /** Mean |measured mean - published| of one method's measure over every cell run. */
    private static double distance(JsonNode json, String method, String measure) {
        double sum = 0;
        List<JsonNode> cells = cells(json);
        for (JsonNode cell : cells) {
            sum += Math.abs(cell.get(method).get("measured").get(measure).get("mean").asDouble()
                    - cell.get(method).get("published").get(measure).asDouble());
        }
        return sum / cells.size();
    }

    private static JsonNode purdomClaim(JsonNode json, String prefix) {
        return claim(json, prefix);
    }

    private static JsonNode fitsMeasured(JsonNode json, int load, String type, String strategy) {
        for (JsonNode cell : json.get("cells")) {
            if (cell.get("load").asInt() == load && cell.get("type").asText().equals(type)) {
                return cell.get("strategies").get(strategy).get("measured");
            }
        }
        throw new AssertionError("no cell " + load + " " + type + " in fits.json");
    }

    private static JsonNode fitsClaim(JsonNode json, String start) {
        for (JsonNode claim : json.get("claims")) {
            if (claim.get("claim").asText().startsWith(start)) {
                return claim;
            }
        }
        throw new AssertionError("no claim '" + start + "' in fits.json");
    }

    private static void fits(List<Finding> findings) {
        String doc = "docs/reproduce-fits.md";
        String file = "fits.json";
        findings.add(new Finding(doc, FITS, file, json -> {
            int agree = 0;
            for (JsonNode claim : json.get("claims")) {
                agree += claim.get("holds").asBoolean() ? 1 : 0;
            }
            return f("%d of the report's %d claims agree", agree, json.get("claims").size());
        }));
        findings.add(new Finding(doc, FITS, file, json -> f("first fit examines %.1f records per call on ints at"
                        + " both loads, best fit %.1f and worst fit %.1f at the medium load",
                fitsMeasured(json, 7000, "int", "first").get("searchesPerCall").asDouble(),
                fitsMeasured(json, 20000, "int", "best").get("searchesPerCall").asDouble(),
                fitsMeasured(json, 20000, "int", "worst").get("searchesPerCall").asDouble())));
        findings.add(new Finding(doc, FITS, file, json -> f("on doubles first fit examines %.1f records per call",
                fitsMeasured(json, 20000, "double", "first").get("searchesPerCall").asDouble())));
        findings.add(new Finding(doc, FITS, file, json -> {
            JsonNode claim = fitsClaim(json, "Best fit generally");
            return f("best fit's RSS is the least in %s cells (the report's: %s cells, %s)",
                    group(claim.get("evidence"), "in (\\d+ of \\d+) cells"),
                    group(claim.get("published"), "in (\\d+ of \\d+) cells"),
                    group(claim.get("published"), "\\(not: ([^)]*)\\)"));
        }));
        findings.add(new Finding(doc, FITS, file, json -> f("heaplab's RSS at the medium load: first fit %.0f KB,"
                        + " best fit %.0f KB, worst fit %.0f KB on ints; %.0f, %.0f and %.0f KB on strings",
                fitsMeasured(json, 20000, "int", "first").get("residentKB").asDouble(),
                fitsMeasured(json, 20000, "int", "best").get("residentKB").asDouble(),
                fitsMeasured(json, 20000, "int", "worst").get("residentKB").asDouble(),
                fitsMeasured(json, 20000, "string", "first").get("residentKB").asDouble(),
                fitsMeasured(json, 20000, "string", "best").get("residentKB").asDouble(),
                fitsMeasured(json, 20000, "string", "worst").get("residentKB").asDouble())));
        findings.add(new Finding(doc, FITS, file, json -> {
            JsonNode claim = fitsClaim(json, "Time grows");
            return f("the whole cost grows faster than the load in %s of the fits and data types (%s), the"
                            + " report's times in %s",
                    group(claim.get("evidence"), "in (\\d+ of \\d+):"),
                    group(claim.get("evidence"), ": (int first x[0-9.]+)") + ", "
                            + group(claim.get("evidence"), "(string first x[0-9.]+)"),
                    group(claim.get("published"), "in (\\d+ of \\d+):") + " (ints under first fit "
                            + group(claim.get("published"), "int first (x[0-9.]+)") + ")");
        }));
        findings.add(new Finding(doc, FITS, file, json -> f("fragmentation at the medium load on ints: first fit"
                        + " %.1f%%, first fit with coalescing %.1f%%, address-ordered first fit %.1f%%, brent-ff %.1f%%",
                100 * fitsMeasured(json, 20000, "int", "first").get("fragmentation").get("peakOverPeak").asDouble(),
                100 * fitsMeasured(json, 20000, "int", "first+coalescing").get("fragmentation").get("peakOverPeak")
                        .asDouble(),
                100 * fitsMeasured(json, 20000, "int", "address-ordered").get("fragmentation").get("peakOverPeak")
                        .asDouble(),
                100 * fitsMeasured(json, 20000, "int", "brent-ff").get("fragmentation").get("peakOverPeak")
                        .asDouble())));
        findings.add(new Finding(doc, FITS, file, json -> f("brent-ff examines %.1f nodes per call at the low load"
                        + " and %.1f at the medium one; address-ordered first fit %.1f and %.1f",
                fitsMeasured(json, 7000, "int", "brent-ff").get("searchesPerCall").asDouble(),
                fitsMeasured(json, 20000, "int", "brent-ff").get("searchesPerCall").asDouble(),
                fitsMeasured(json, 7000, "int", "address-ordered").get("searchesPerCall").asDouble(),
                fitsMeasured(json, 20000, "int", "address-ordered").get("searchesPerCall").asDouble())));
    }

    private static String group(JsonNode text, String pattern) {
        return group(text, pattern, 1);
    }

    private static String group(JsonNode text, String pattern, int group) {
        Matcher matcher = Pattern.compile(pattern).matcher(text.asText());
        assertThat(matcher.find()).as("'%s' in '%s'", pattern, text.asText()).isTrue();
        return matcher.group(group);
    }

    private static String number(JsonNode value) {
        double v = value.asDouble();
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
