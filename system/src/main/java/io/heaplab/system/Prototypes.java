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
 * awk; see docs/prototypes.md), read from the traces and provenance in {@code prototypes/} (their first 5,000,000
 * references from the entry point) or {@code prototypes/steady/} (the next 5,000,000: their steady state), and Carr
 * &amp; Hennessy's workload: a sequence of tasks drawn from them at random, the same for every run of a study.
 *
 * @param prototypes  the programs
 * @param framesScale how many of today's 4 KiB frames stand for one of Carr's, so that a task's working set takes
 *                    the share of memory it took in 1981 (the provenance's {@code framesScale})
 */
public record Prototypes(List<Prototype> prototypes, double framesScale) {

    private static final String DIR = "prototypes/";
    private static final String STEADY = DIR + "steady/";

    /**
     * The shipped prototypes, read once per process and shared (they are not changed); they ship with heaplab, so
     * failing to read them is a broken build.
     */
    public static Prototypes shipped() {
        return Shipped.PROTOTYPES;
    }

    /**
     * The same programs in their steady state: the 5,000,000 references that follow the shipped ones, past the
     * start-up in which a program of today loads most of its pages (docs/prototypes.md); read once, shared.
     */
    public static Prototypes steady() {
        return Steady.PROTOTYPES;
    }

    /** The shipped programs' frames scale, from their provenance alone, without reading the traces. */
    public static double shippedFramesScale() {
        return manifest(DIR).path("framesScale").asDouble(1);
    }

    /** The shipped programs' names, in order, from their provenance alone. */
    public static List<String> shippedNames() {
        List<String> names = new ArrayList<>();
        manifest(DIR).get("prototypes").forEach(entry -> names.add(entry.get("name").asText()));
        return List.copyOf(names);
    }

    /** Read on first use: a command that never simulates never reads the traces. */
    private static final class Shipped {
        static final Prototypes PROTOTYPES = load(DIR);
    }

    private static final class Steady {
        static final Prototypes PROTOTYPES = load(STEADY);
    }

    private static JsonNode manifest(String dir) {
        try (InputStream in = Prototypes.class.getResourceAsStream(dir + "prototypes.json")) {
            if (in == null) {
                throw new IllegalStateException("resource " + dir + "prototypes.json is missing beside "
                        + Prototypes.class.getName() + " (expected: the shipped task prototypes)");
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the shipped task prototypes", e);
        }
    }

    private static Prototypes load(String dir) {
        JsonNode root = manifest(dir);
        try {
            List<Prototype> prototypes = new ArrayList<>();
            for (JsonNode entry : root.get("prototypes")) {
                String name = entry.get("name").asText();
                JsonNode interval = entry.path("meanReferencesBetweenIo");
                double mean = interval.isNumber() ? interval.asDouble() : Double.POSITIVE_INFINITY;
                prototypes.add(new Prototype(name, read(dir, entry.get("trace").asText()), mean));
            }
            return new Prototypes(List.copyOf(prototypes), root.path("framesScale").asDouble(1));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the shipped task prototypes", e);
        }
    }

    private static TaskString read(String dir, String trace) throws IOException {
        InputStream in = Prototypes.class.getResourceAsStream(dir + trace);
        if (in == null) {
            throw new IllegalStateException("resource " + dir + trace + " is missing (expected: a prototype trace)");
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

    /** These programs with {@code framesScale} instead. */
    public Prototypes withFramesScale(double framesScale) {
        return new Prototypes(prototypes, framesScale);
    }

    /**
     * These programs, each making I/O requests every {@code meanInterval} references on average instead of its
     * own rate: a 1981 program's rate, which the paper does not give and today's buffered programs do not have.
     */
    public Prototypes withIoInterval(double meanInterval) {
        return new Prototypes(prototypes.stream().map(p -> new Prototype(p.name(), p.string(), meanInterval))
                .toList(), framesScale);
    }

    /** Carr's {@code frames} in today's 4 KiB frames: scaled by {@link #framesScale()}, rounded. */
    public int frames(int carrFrames) {
        return (int) Math.round(carrFrames * framesScale);
    }
}
