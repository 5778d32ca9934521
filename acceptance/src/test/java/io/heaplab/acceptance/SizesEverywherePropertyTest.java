package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.PolicySizes;
import io.heaplab.core.run.Sizes;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.studies.carr.CarrStudy;
import io.heaplab.sweep.Point;
import io.heaplab.sweep.SweepReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.LongRange;

/**
 * One size syntax: a text of sizes that one place takes, every other place that takes its form takes too, with the
 * same sizes; what one refuses, the others refuse. The places: {@code run} and {@code trace replay} (both expand
 * their {@code -p} by {@link PolicySizes#expand}, then bind each spec before anything runs), a sweep file read as
 * {@code heaplab sweep} reads it (each point's percentage made frames as its run makes it), {@code curve}
 * ({@link PolicySizes#requireCurves}) and {@code reproduce carr --thetas}. The texts come from the grammar of
 * docs/sizes.md, mutated now and then, and from junk of its characters.
 */
class SizesEverywherePropertyTest {

    private static final Plugins PLUGINS = Plugins.load();

    /** What run takes of {@code spec} at a stream of {@code footprint} pages: its sizes, or null when refused. */
    private static List<String> run(String spec, long footprint) {
        try {
            List<Spec> expanded = PolicySizes.expand(List.of(Spec.parse(spec)), footprint);
            expanded.forEach(s -> Options.bind(PLUGINS.policies().find(s.name()), s));
            return expanded.stream().map(Spec::toString).toList();
        } catch (SpecException e) {
            return null;
        }
    }

    /** What a sweep takes of {@code policy: {NAME: {KEY: TEXT}}}: each point's policy at {@code footprint} pages. */
    private static List<String> sweep(String name, String key, String text, long footprint) throws IOException {
        Path dir = Files.createTempDirectory("sizes");
        try {
            Path file = dir.resolve("s.json");
            Files.writeString(file, "{\"workload\": \"random-blocks\", \"allocator\": \"stack\", \"policy\": {\""
                    + name + "\": {\"" + key + "\": \"" + json(text) + "\"}}}");
            List<String> sizes = new ArrayList<>();
            for (Point point : SweepReader.read(file, PLUGINS).points()) {
                // as PointWork makes a point's percentage frames, of its own stream's pages
                sizes.add(PolicySizes.expand(List.of(Spec.parse(point.policy())), footprint).getFirst().toString());
            }
            return List.copyOf(new LinkedHashSet<>(sizes));
        } catch (SpecException e) {
            return null;
        } finally {
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(dir);
        }
    }

    private static String json(String text) {
        StringBuilder b = new StringBuilder();
        for (char c : text.toCharArray()) {
            b.append(c == '"' || c == '\\' ? "\\" + c : c < ' ' ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        return b.toString();
    }

    @Property(tries = 300, seed = "20261128")
    void framesAreTakenAlikeByRunSweepAndCurve(@ForAll("sizes") String text,
                                               @ForAll @LongRange(min = 1, max = 5000) long footprint)
            throws IOException {
        List<String> run = run("lru:frames=" + text, footprint);
        boolean all = run != null && run.equals(List.of("lru:frames=all"));
        List<String> sweep = sweep("lru", "frames", text, footprint);
        // a sweep's row holds one size: every size run takes, but not the whole curve
        assertThat(sweep).as("the sweep's sizes of '%s' at %d pages", text, footprint).isEqualTo(all ? null : run);
        boolean curve;
        try {
            PolicySizes.requireCurves(List.of(Spec.parse("lru:frames=" + text)));
            curve = true;
        } catch (SpecException e) {
            curve = false;
        }
        assertThat(curve).as("curve takes '%s'", text).isEqualTo(all);
    }

    @Property(tries = 300, seed = "20261129")
    void windowsAreTakenAlikeByRunSweepCurveAndCarr(@ForAll("sizes") String text) throws IOException {
        List<String> run = run("ws:theta=" + text, 100);
        boolean all = run != null && run.equals(List.of("ws:theta=all"));
        assertThat(sweep("ws", "theta", text, 100)).as("the sweep's thetas of '%s'", text).isEqualTo(all ? null : run);
        List<Long> carr;
        try {
            carr = CarrStudy.thetas(text);
        } catch (SpecException e) {
            carr = null;
        }
        // carr's thetas are thousands of references: a grid a thousand times run's, each at most Long.MAX_VALUE
        Assume.that(run == null || all || run.stream().allMatch(s -> Long.parseLong(s.substring(9)) <= Long.MAX_VALUE
                / 1000));
        List<Long> expected = run == null || all ? null
                : run.stream().map(s -> Long.parseLong(s.substring(9)) * 1000).toList();
        assertThat(carr).as("carr's thetas of '%s'", text).isEqualTo(expected);
    }

    /** A malformed size is refused with the same forms everywhere, less those a place does not take. */
    @Property(tries = 200, seed = "20261130")
    void aMalformedSizeListsTheFormsEachPlaceTakes(@ForAll("junk") String text) throws IOException {
        String value;
        try {
            // a text the spec parser refuses (a leading comma, an '=') is a spec's mistake, not a size's
            value = Spec.parse("lru:frames=" + text).options().get("frames");
        } catch (SpecException e) {
            return;
        }
        Assume.that(value != null && value.equals(text.strip()));
        Sizes.Malformed malformed;
        try {
            Sizes.parse("frames", text, Sizes.Forms.FRAMES);
            return;
        } catch (Sizes.Malformed e) {
            malformed = e;
        } catch (SpecException e) {
            return;
        }
        Assume.that(malformed.expected().startsWith("a size:") && !text.isBlank() && !text.contains("="));
        String forms = Sizes.Forms.FRAMES.expected();
        assertThat(runMessage("lru:frames=" + text)).isEqualTo("lru: frames=" + malformed.item() + " (expected: "
                + forms + ")");
        Path dir = Files.createTempDirectory("sizes");
        Path file = dir.resolve("s.json");
        Files.writeString(file, "{\"workload\": \"random-blocks\", \"allocator\": \"stack\", \"policy\": {\"lru\":"
                + " {\"frames\": \"" + json(text) + "\"}}}");
        try {
            SweepReader.read(file, PLUGINS);
            throw new AssertionError("the sweep took '" + text + "'");
        } catch (SpecException e) {
            assertThat(e.getMessage()).endsWith("frames=" + malformed.item() + " (expected: "
                    + Sizes.Forms.FRAMES.withoutAll().expected() + ")");
        } finally {
            Files.delete(file);
            Files.delete(dir);
        }
    }

    private static String runMessage(String spec) {
        try {
            PolicySizes.expand(List.of(Spec.parse(spec)), 100);
            return "";
        } catch (SpecException e) {
            return e.getMessage();
        }
    }

    /** Texts of the size grammar, now and then one character changed, and junk of its characters. */
    @Provide
    Arbitrary<String> sizes() {
        Arbitrary<String> whole = Arbitraries.frequencyOf(Tuple.of(8, Arbitraries.integers().between(0, 300)
                .map(String::valueOf)), Tuple.of(1, Arbitraries.of("16.0", "1e2", "-3", "2.5", "+8", "007")));
        Arbitrary<String> percent = Arbitraries.of("1", "10", "12.5", "50", "100", "150", "0", "0.5")
                .map(p -> p + "%");
        Arbitrary<String> step = Arbitraries.of("/1", "/2", "/10", "/0.5", "/0", "*2", "*1.5", "*1", "/10%", "");
        Arbitrary<String> wholeRange = Combinators.combine(Arbitraries.integers().between(0, 100),
                Arbitraries.integers().between(0, 150), step).as((a, span, s) -> a + ".." + (a + span - 10) + s);
        Arbitrary<String> percentRange = Combinators.combine(Arbitraries.of("5%", "10%", "0%"),
                Arbitraries.of("50%", "100%", "3%"), step).as((a, b, s) -> a + ".." + b + s);
        Arbitrary<String> item = Arbitraries.frequencyOf(Tuple.of(4, whole), Tuple.of(2, percent),
                Tuple.of(3, wholeRange), Tuple.of(2, percentRange));
        Arbitrary<String> list = item.list().ofMinSize(1).ofMaxSize(3).map(items -> String.join(",", items));
        Arbitrary<String> grammar = Arbitraries.frequencyOf(Tuple.of(10, list), Tuple.of(1, Arbitraries.just("all")),
                Tuple.of(1, Arbitraries.of("all,8", "10..20%", "4..64x2", "ten", "1...4")));
        Arbitrary<String> mutated = Combinators.combine(grammar, Arbitraries.integers().between(0, 20),
                Arbitraries.of('.', ',', '%', '/', '*', 'x', ' ', '-', 'e', '9')).as((t, at, c) -> t.isEmpty() ? t
                        : t.substring(0, at % t.length()) + c + t.substring(at % t.length() + 1));
        return Arbitraries.frequencyOf(Tuple.of(6, grammar), Tuple.of(2, mutated), Tuple.of(1, junk()));
    }

    /** Strings of the characters sizes are made of, and a few others. */
    @Provide
    Arbitrary<String> junk() {
        return Arbitraries.strings().withChars("0123456789.,%/*xae -+").ofMinLength(1).ofMaxLength(12);
    }
}
