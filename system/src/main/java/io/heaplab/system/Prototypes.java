package io.heaplab.system;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.traces.TraceFiles;
import io.heaplab.traces.TraceReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The eight real programs shipped with heaplab as task prototypes (compilers, an assembler, a formatter, sort, m4,
 * awk; see docs/prototypes.md), read from the traces and provenance in {@code prototypes/}, and Carr &amp;
 * Hennessy's workload: a sequence of tasks drawn from them at random, the same for every run of a study.
 *
 * @param prototypes  the programs
 * @param framesScale how many of today's 4 KiB frames stand for one of Carr's, so that a task's working set takes
 *                    the share of memory it took in 1981 (the provenance's {@code framesScale})
 */
public record Prototypes(List<Prototype> prototypes, double framesScale) {

    private static final String DIR = "prototypes/";

    /**
     * The shipped prototypes, read once per process and shared (they are not changed); they ship with heaplab, so
     * failing to read them is a broken build.
     */
    public static Prototypes shipped() {
        return Shipped.PROTOTYPES;
    }

    /** The shipped programs' frames scale, from their provenance alone, without reading the traces. */
    public static double shippedFramesScale() {
        return manifest().path("framesScale").asDouble(1);
    }

    /** The shipped programs' names, in order, from their provenance alone. */
    public static List<String> shippedNames() {
        List<String> names = new ArrayList<>();
        manifest().get("prototypes").forEach(entry -> names.add(entry.get("name").asText()));
        return List.copyOf(names);
    }

    /** Read on first use: a command that never simulates never reads the traces. */
    private static final class Shipped {
        static final Prototypes PROTOTYPES = load();
    }

    private static JsonNode manifest() {
        try (InputStream in = Prototypes.class.getResourceAsStream(DIR + "prototypes.json")) {
            if (in == null) {
                throw new IllegalStateException("resource " + DIR + "prototypes.json is missing beside "
                        + Prototypes.class.getName() + " (expected: the shipped task prototypes)");
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the shipped task prototypes", e);
        }
    }

    private static Prototypes load() {
        JsonNode root = manifest();
        try {
            List<Prototype> prototypes = new ArrayList<>();
            for (JsonNode entry : root.get("prototypes")) {
                String name = entry.get("name").asText();
                JsonNode interval = entry.path("meanReferencesBetweenIo");
                double mean = interval.isNumber() ? interval.asDouble() : Double.POSITIVE_INFINITY;
                prototypes.add(new Prototype(name, read(entry.get("trace").asText()), mean));
            }
            return new Prototypes(List.copyOf(prototypes), root.path("framesScale").asDouble(1));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the shipped task prototypes", e);
        }
    }

    private static TaskString read(String trace) throws IOException {
        InputStream in = Prototypes.class.getResourceAsStream(DIR + trace);
        if (in == null) {
            throw new IllegalStateException("resource " + DIR + trace + " is missing (expected: a prototype trace)");
        }
        try (TraceReader reader = TraceFiles.open(in, trace, null, null)) {
            return TaskString.read(reader);
        }
    }

    /** {@code count} tasks drawn at random from the prototypes with {@code seed}: Carr &amp; Hennessy ran 50. */
    public List<Prototype> workload(int count, long seed) {
        if (count < 1) {
            throw new IllegalArgumentException("tasks " + count + " (expected: at least 1)");
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<Prototype> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tasks.add(prototypes.get(random.nextInt(prototypes.size())));
        }
        return tasks;
    }

    /** Carr's {@code frames} in today's 4 KiB frames: scaled by {@link #framesScale()}, rounded. */
    public int frames(int carrFrames) {
        return (int) Math.round(carrFrames * framesScale);
    }
}
